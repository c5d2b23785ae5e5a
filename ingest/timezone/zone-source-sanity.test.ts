// Refresh sanity of the timezone family's inputs: the pinned timezones-1970 product passes; the
// real timezones-now product of the same geo-tz release (65 merged zones) in its place is refused.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { timezoneFamily } from "./family.ts";

const GEO_TZ = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
  "timezones",
  "geo-tz-8.1.9",
);
const product = (name: string) => ({
  "geo-tz-1970-index": path.join(GEO_TZ, `${name}.geojson.index.json`),
  "geo-tz-1970-data": path.join(GEO_TZ, `${name}.geojson.geo.dat`),
});

describe("timezone sanity", () => {
  it("the pinned timezones-1970 product passes (zone and piece counts, inland known answers)", async () => {
    await expect(timezoneFamily.sanity?.(product("timezones-1970"), ["geo-tz-1970-data"])).resolves.toEqual(
      {},
    );
  });

  it("the timezones-now product in its place is refused on its zone count", async () => {
    await expect(timezoneFamily.sanity?.(product("timezones-now"), ["geo-tz-1970-data"])).rejects.toThrow(
      /65 zones, expected 250\.\.400/,
    );
  });
});
