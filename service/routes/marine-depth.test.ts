// GET /v1/marine/depth handler on the built ENC artifact. Expected depths were read off GDAL's
// output of the same cells (ogr2ogr GeoJSON of DEPARE/DRGARE/M_QUAL, point-in-polygon by hand);
// the LNAM of each answering feature is noted beside it.
import { beforeAll, describe, expect, it } from "vitest";
import { gdalFixture } from "../../test/fixtures/enc/gdal-fixture.ts";
import {
  entry,
  openEncRegistry,
  responseValidator,
  routeContext,
} from "../../test/marine/enc-test-context.ts";
import type { DataRegistry } from "../data/registry.ts";
import { ApiError } from "../errors.ts";
import { geodesicMeters } from "../geo/marine/geodesic-distance.ts";
import { toApiError } from "../refusals.ts";
import type { SchemaTypes } from "../types/schema-types.ts";

const depth = entry("/v1/marine/depth");
const valid = responseValidator(depth);
let data: DataRegistry;
beforeAll(async () => {
  data = await openEncRegistry();
});

type DepthBody = SchemaTypes["marine-depth.response"];

async function ask(lat: number, lon: number): Promise<DepthBody> {
  const body = await depth.handler({ body: undefined, query: { lat, lon } }, routeContext(data));
  expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
  return body as DepthBody;
}

async function refusal(lat: number, lon: number): Promise<ApiError> {
  try {
    await depth.handler({ body: undefined, query: { lat, lon } }, routeContext(data));
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("GET /v1/marine/depth", () => {
  it("Homer Harbor, where band 3, 4 and 5 overlap: the band-5 dredged channel wins (US5AK5SI DRGARE 022638D6D7691CE4)", async () => {
    // GDAL at this point: US3AK12M DEPARE 0–5.4, US4AK4PH DEPARE 0–5.4, US5AK5SI DRGARE 3.6 "Homer Harbor Channel, Part 2"
    const a = await ask(59.6033, -151.4192);
    expect([a.depthAreaMinimum, a.depthAreaMaximum, a.depthAreaClass]).toEqual([3.6, null, "DRGARE"]);
    expect(a.chart).toMatchObject({
      cell: "US5AK5SI",
      band: 5,
      scale: 12000,
      edition: 1,
      update: 0,
      issued: "20241003",
      cellsConsulted: [],
    });
    expect(a.surveyQuality).toMatchObject({
      zoneOfConfidence: "B",
      surveyStart: null,
      surveyEnd: null,
      positionAccuracyMetres: null,
    });
    expect(a.disclaimer.notForNavigation).toBe(true);
    expect(a.coverage.cells).toBe(11);
    // The 11 real cells served of the spec's 65; NOAA's catalog was not read, so the other 54 are
    // counted, never named (partial coverage stated, nothing invented).
    expect(a.coverage.specCoverage).toMatchObject({ specified: 65, unnamed: 54, missing: [] });
    expect(a.coverage.specCoverage?.served).toHaveLength(11);
    expect(a.coverage.reason).toContain("the other 54 are not named");
    expect(a.tilesRead).toBeGreaterThanOrEqual(1);
  });

  it("band 5 over band 4 over band 3 in open water off Homer (US5AK5SI DEPARE 022617D76D061CE4, 91.4–109.7)", async () => {
    // GDAL: US3AK12M 91.4–182.8, US4AK4PH 91.4–365.7, US5AK5SI 91.4–109.7; M_QUAL CATZOC 1 (A1), 20080710–20080902
    const a = await ask(59.58, -151.45);
    expect([a.depthAreaMinimum, a.depthAreaMaximum, a.chart.cell]).toEqual([91.4, 109.7, "US5AK5SI"]);
    expect(a.surveyQuality).toMatchObject({
      zoneOfConfidence: "A1",
      surveyStart: "20080710",
      surveyEnd: "20080902",
    });
  });

  it("band 4 wins where no band-5 cell covers (US4AK4PH DEPARE 0226033142E59C11, 18.2–91.4 over US3AK12M 54.8–91.4)", async () => {
    const a = await ask(59.5, -151.6);
    expect([a.depthAreaMinimum, a.depthAreaMaximum, a.chart.cell, a.chart.band, a.chart.scale]).toEqual([
      18.2,
      91.4,
      "US4AK4PH",
      4,
      90000,
    ]);
  });

  it("band 3 alone in lower Cook Inlet (US3AK12M DEPARE 022606EB1AE03039, 54.8–91.4, CATZOC U)", async () => {
    const a = await ask(59.3, -152.9);
    expect([a.depthAreaMinimum, a.depthAreaMaximum, a.chart.cell]).toEqual([54.8, 91.4, "US3AK12M"]);
    expect(a.surveyQuality.zoneOfConfidence).toBe("U");
  });

  it("lists the larger-scale cell consulted first that charts no depth area (Homer Spit shore: US5AK5SI → US4AK4PH drying area)", async () => {
    // GDAL: US5AK5SI has no DEPARE here; US4AK4PH DEPARE 0226A802219A9C11 is −5.3–0 (drying)
    const a = await ask(59.6132, -151.4488);
    expect(a.chart.cell).toBe("US4AK4PH");
    expect(a.chart.cellsConsulted).toEqual(["US5AK5SI"]);
    expect([a.depthAreaMinimum, a.depthAreaMaximum]).toEqual([-5.3, 0]);
  });

  it("nearest sounding is a real charted sounding of its cell, as GDAL reads it, and none of that cell's is nearer", async () => {
    for (const [lat, lon] of [
      [59.6033, -151.4192],
      [59.58, -151.45],
      [59.5, -151.6],
    ] as const) {
      const s = (await ask(lat, lon)).nearestSounding;
      if (!s) throw new Error(`no sounding near ${lat},${lon}`);
      const gdal = gdalFixture(s.cell).soundings;
      expect(gdal).toContainEqual([s.lon, s.lat, s.depth]);
      expect(s.distanceMetres).toBeCloseTo(geodesicMeters(lon, lat, s.lon, s.lat), 6);
      const nearest = Math.min(...gdal.map((p) => geodesicMeters(lon, lat, p[0] as number, p[1] as number)));
      expect(s.distanceMetres).toBeCloseTo(nearest, 6);
    }
  });

  it("refuses land charted without depth by every covering cell with no_depth_area (Homer Spit)", async () => {
    const err = await refusal(59.6104, -151.4427);
    expect(err.code).toBe("no_depth_area");
    expect(err.status).toBe(422);
    expect(err.details.cellsConsulted).toEqual(["US5AK5SI", "US4AK4PH", "US3AK12M"]);
  });

  it("refuses a position off every chart with outside_coverage (Gulf of Alaska)", async () => {
    const err = await refusal(59.0, -150.0);
    expect([err.code, err.status]).toEqual(["outside_coverage", 422]);
  });

  it("refuses coordinates out of range, naming the field", async () => {
    const lat = await refusal(91, -151.4);
    expect([lat.code, lat.details.field]).toEqual(["coordinate_out_of_range", "lat"]);
    const lon = await refusal(59.6, -181);
    expect([lon.code, lon.details.field]).toEqual(["coordinate_out_of_range", "lon"]);
  });
});
