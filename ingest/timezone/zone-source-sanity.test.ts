// Refresh sanity of the timezone family's inputs: the pinned full timezones product passes; the
// real merged products of the same geo-tz release (timezones-1970: 301, timezones-now: 65) are refused.
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
  "geo-tz-index": path.join(GEO_TZ, `${name}.geojson.index.json`),
  "geo-tz-data": path.join(GEO_TZ, `${name}.geojson.geo.dat`),
});

describe("timezone sanity", () => {
  it("the pinned timezones product passes (zone and piece counts, inland known answers)", async () => {
    await expect(timezoneFamily.sanity?.(product("timezones"), ["geo-tz-data"])).resolves.toEqual({});
  });

  it("the merged timezones-1970 product in its place is refused on its zone count", async () => {
    await expect(timezoneFamily.sanity?.(product("timezones-1970"), ["geo-tz-data"])).rejects.toThrow(
      /301 zones, expected 380\.\.500/,
    );
  });

  it("the timezones-now product in its place is refused on its zone count", async () => {
    await expect(timezoneFamily.sanity?.(product("timezones-now"), ["geo-tz-data"])).rejects.toThrow(
      /65 zones, expected 380\.\.500/,
    );
  });
});
