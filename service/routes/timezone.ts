import { AT_YEAR, parseInstant } from "../geo/timezone/instant.ts";
import { formatInstant, formatLocalTime, formatOffset, ZoneClock } from "../geo/timezone/offsets.ts";
import { type CatalogEntry, defineRoute, type RouteHandler } from "../route-types.ts";
import { queryLonLat } from "./query-position.ts";

const PRICE = "0.005";

type TimezoneSchemas = { query: "timezone.query"; response: "timezone.response" };

export function timezoneHandler(clock: ZoneClock = new ZoneClock()): RouteHandler<TimezoneSchemas> {
  return async ({ query }, ctx) => {
    const { lon, lat } = queryLonLat(query);
    const epochMs = query.at !== undefined ? parseInstant(query.at) : Date.now();
    const zones = ctx.data.require("timezone").value;
    const { timeZone, source } = await zones.lookup(lat, lon);
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
      vintage: {
        boundaries: zones.dataVintage ?? "not stated by the artifact",
        rules: `IANA tzdata ${process.versions.tz ?? "of this Node.js (version not stated)"}`,
      },
    };
  };
}

export const timezoneEntries: CatalogEntry[] = [
  defineRoute({
    method: "GET",
    path: "/v1/timezone",
    price: PRICE,
    summary: "IANA time zone, UTC offset and daylight saving at a position",
    description:
      "Looks up the IANA zone at lat/lon (H3 resolution-6 index of timezone-boundary-builder polygons; a coastal band of about 60 km takes the nearest zone; open water the 15-degree nautical rule) and gives the offsets in force at `at` (ISO 8601, 1900–2100, default now) from the IANA rules.",
    tags: ["timezone"],
    schemas: { query: "timezone.query", response: "timezone.response" },
    limits: [AT_YEAR],
    example: { query: { lat: 61.2181, lon: -149.9003, at: "2026-03-08T11:00:00Z" } },
    revisions: ["A", "B"],
    families: ["timezone"],
    handler: timezoneHandler(),
  }),
];
