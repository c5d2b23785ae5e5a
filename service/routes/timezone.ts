import { assertLonLat } from "../geo/coordinates.ts";
import { parseInstant } from "../geo/timezone/instant.ts";
import { formatInstant, formatLocalTime, formatOffset, ZoneClock } from "../geo/timezone/offsets.ts";
import type { CatalogEntry, RouteHandler } from "../route-types.ts";

const PRICE = "0.005";

export function timezoneHandler(clock: ZoneClock = new ZoneClock()): RouteHandler {
  return ({ query }, ctx) => {
    const lat = query.lat as number;
    const lon = query.lon as number;
    assertLonLat(lon, 0, { field: "lon", path: "lon" });
    assertLonLat(0, lat, { field: "lat", path: "lat" });
    const epochMs = typeof query.at === "string" ? parseInstant(query.at) : Date.now();
    const { timeZone, source } = ctx.data.require("timezone").value.lookup(lat, lon);
    const t = clock.zoneTime(timeZone, epochMs);
    return {
      timeZone,
      utcOffsetSeconds: t.utcOffsetSeconds,
      utcOffset: formatOffset(t.utcOffsetSeconds),
      standardOffsetSeconds: t.standardOffsetSeconds,
      dst: t.dst,
      dstOffsetSeconds: t.dstOffsetSeconds,
      localTime: formatLocalTime(epochMs, t.utcOffsetSeconds),
      at: formatInstant(epochMs),
      source,
    };
  };
}

export const timezoneEntries: CatalogEntry[] = [
  {
    method: "GET",
    path: "/v1/timezone",
    price: PRICE,
    summary: "IANA time zone, UTC offset and daylight saving at a position",
    description:
      "Looks up the IANA zone at lat/lon (H3 resolution-6 index of timezone-boundary-builder polygons; a coastal band of about 60 km takes the nearest zone; open water the 15-degree nautical rule) and gives the offsets in force at `at` (ISO 8601, 1900–2100, default now) from the IANA rules.",
    tags: ["timezone"],
    schemas: { query: "timezone.query", response: "timezone.response" },
    limits: [
      {
        name: "atYear",
        max: 2100,
        unit: "year",
        detail: "`at` must lie between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z",
      },
    ],
    example: { query: { lat: 61.2181, lon: -149.9003, at: "2026-03-08T11:00:00Z" } },
    revisions: ["A", "B"],
    families: ["timezone"],
    handler: timezoneHandler(),
  },
];
