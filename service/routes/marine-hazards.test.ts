// GET /v1/marine/hazards handler on the built ENC artifact, against GDAL's reading of the same
// cells: the expected hazards are computed here from the GDAL fixtures with the spec's rule (the
// largest-scale cell covering a position applies there), independently of the ingest code.
import { beforeAll, describe, expect, it } from "vitest";
import { insideRings } from "../../artifacts/format/ring-containment.ts";
import { type GdalFixture, gdalFixture, gdalFixtureCells } from "../../test/fixtures/enc/gdal-fixture.ts";
import {
  encOf,
  entry,
  openEncRegistry,
  responseValidator,
  routeContext,
} from "../../test/marine/enc-test-context.ts";
import type { DataRegistry } from "../data/registry.ts";
import { ApiError } from "../errors.ts";
import { geodesicMeters } from "../geo/marine/geodesic-distance.ts";
import { hazardsNear } from "../geo/marine/hazard-search.ts";
import { waterLevelText } from "../geo/marine/s57-labels.ts";
import { toApiError } from "../refusals.ts";

const hazards = entry("/v1/marine/hazards");
const valid = responseValidator(hazards);
const CLASS: Record<number, string> = { 153: "UWTROC", 86: "OBSTRN", 159: "WRECKS" };

interface Hazard {
  class: string;
  depthMeters: number | null;
  waterLevel: string | null;
  distanceMeters: number;
  longitude: number;
  latitude: number;
  cell: string;
  chartedAsArea: boolean;
  alsoChartedIn: string[];
}
interface Body {
  hazards: Hazard[];
  count: number;
  truncated: boolean;
  radiusMeters: number;
  cellsSearched: string[];
  tilesRead: number;
}

let data: DataRegistry;
let fixtures: GdalFixture[];
beforeAll(async () => {
  data = await openEncRegistry();
  fixtures = gdalFixtureCells().map(gdalFixture);
});

async function ask(query: Record<string, number>): Promise<Body> {
  const body = await hazards.handler({ body: undefined, query }, routeContext(data));
  expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
  return body as Body;
}

async function refusal(query: Record<string, number>): Promise<ApiError> {
  try {
    await hazards.handler({ body: undefined, query }, routeContext(data));
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error("expected a refusal");
}

const covers = (f: GdalFixture, lon: number, lat: number) =>
  f.coverage.some((poly) =>
    insideRings(
      poly.map((r) => r.flat()),
      lon,
      lat,
    ),
  );
const band = (f: GdalFixture) => Number(f.dsid.DSID_INTU);
const scale = (f: GdalFixture) => Number(f.dspm.DSPM_CSCL);
const larger = (a: GdalFixture, b: GdalFixture) =>
  band(a) > band(b) || (band(a) === band(b) && scale(a) < scale(b));

/** Every GDAL hazard within `radius` of (lon, lat), flagged with whether its cell applies at its position. */
function gdalHazardsWithin(lon: number, lat: number, radius: number) {
  return fixtures.flatMap((f) =>
    f.hazards.flatMap((h) => {
      const [x, y] = (h.point ?? h.centroid) as [number, number];
      const d = geodesicMeters(lon, lat, x, y);
      if (d > radius) return [];
      const applies = !fixtures.some((o) => o !== f && larger(o, f) && covers(o, x, y));
      return [{ cell: f.cell, h, x, y, d, applies }];
    }),
  );
}

describe("GET /v1/marine/hazards", () => {
  it("Homer (bands 3, 4, 5 overlap): exactly GDAL's hazards of the cell applying at each position, nearest first, with depths and water levels", async () => {
    const [lat, lon, radius] = [59.6033, -151.4192, 3000];
    const a = await ask({ lat, lon, radius });
    const gdal = gdalHazardsWithin(lon, lat, radius);
    const expected = gdal.filter((g) => g.applies);
    // the rule is doing work here: band 3 and band 4 chart hazards inside the band-5 cell that must not come back
    expect(gdal.filter((g) => !g.applies).map((g) => g.cell)).toEqual(
      expect.arrayContaining(["US3AK12M", "US4AK4PH"]),
    );
    expect(a.count).toBe(expected.length);
    expect(a.count).toBeGreaterThan(5);
    const key = (c: string, cls: string, x: number, y: number) =>
      `${c}|${cls}|${x.toFixed(7)}|${y.toFixed(7)}`;
    const byKey = new Map(expected.map((g) => [key(g.cell, CLASS[g.h.OBJL] as string, g.x, g.y), g]));
    for (const h of a.hazards) {
      const g = byKey.get(key(h.cell, h.class, h.longitude, h.latitude));
      expect(g, `${h.cell} ${h.class} at ${h.longitude},${h.latitude}`).toBeDefined();
      expect(h.depthMeters).toBe(g?.h.VALSOU ?? null);
      expect(h.waterLevel).toBe(waterLevelText(g?.h.WATLEV ?? null));
      expect(h.chartedAsArea).toBe(g?.h.point === undefined);
      expect(h.distanceMeters).toBeCloseTo(g?.d ?? -1, 1);
    }
    const distances = a.hazards.map((h) => h.distanceMeters);
    expect(distances).toEqual([...distances].sort((p, q) => p - q));
    expect(
      a.hazards.some((h) => h.depthMeters !== null) &&
        a.hazards.some((h) => h.waterLevel === "covers and uncovers"),
    ).toBe(true);
  });

  it("returns once the foul area charted by US5AK5PF and US5AK5QF across their seam at 59.4° N", async () => {
    const [lat, lon, radius] = [59.4, -151.9168, 300];
    const gdal = gdalHazardsWithin(lon, lat, radius).filter((g) => g.h.OBJL === 86 && g.h.CATOBS === 6);
    expect(gdal.map((g) => g.cell).sort()).toEqual(["US5AK5PF", "US5AK5QF"]);
    const a = await ask({ lat, lon, radius });
    const foul = a.hazards.filter((h) => h.class === "OBSTRN" && h.chartedAsArea);
    expect(foul).toHaveLength(1);
    expect(foul[0]).toMatchObject({
      cell: "US5AK5PF",
      alsoChartedIn: ["US5AK5QF"],
      waterLevel: "always under water/submerged",
    });
  });

  it("issue 18.4: returns the seam-split foul area when only its US5AK5QF part lies inside the circle", async () => {
    const [lat, lon, radius] = [59.41, -151.917, 1140];
    // GDAL's reading: the QF part's own centroid is 1,107.7 m away (inside); the PF part's is not
    const parts = gdalHazardsWithin(lon, lat, 5000).filter((g) => g.h.OBJL === 86 && g.h.CATOBS === 6);
    const qf = parts.find((g) => g.cell === "US5AK5QF");
    expect(qf?.d).toBeCloseTo(1107.7, 1);
    expect(parts.find((g) => g.cell === "US5AK5PF")?.d).toBeGreaterThan(radius);
    const a = await ask({ lat, lon, radius });
    const foul = a.hazards.filter((h) => h.class === "OBSTRN" && h.chartedAsArea);
    expect(foul).toHaveLength(1);
    expect(foul[0]).toMatchObject({ cell: "US5AK5PF", alsoChartedIn: ["US5AK5QF"] });
    // the distance reported is to the nearest point of the outline: nearer than the part's centroid
    expect(foul[0]?.distanceMeters).toBeGreaterThan(1000);
    expect(foul[0]?.distanceMeters).toBeLessThan(qf?.d ?? 0);
  });

  it("reports distance 0 for an area hazard whose outline contains the centre", async () => {
    const qf = gdalHazardsWithin(-151.917, 59.41, 5000).find(
      (g) => g.h.OBJL === 86 && g.h.CATOBS === 6 && g.cell === "US5AK5QF",
    );
    const a = await ask({ lat: qf?.y ?? 0, lon: qf?.x ?? 0, radius: 1 });
    expect(a.hazards.find((h) => h.class === "OBSTRN" && h.chartedAsArea)?.distanceMeters).toBe(0);
  });

  it("uses a 1000 m radius by default", async () => {
    expect((await ask({ lat: 59.6033, lon: -151.4192 })).radiusMeters).toBe(1000);
  });

  it("reads at most the spec's 81 tiles at the widest legal radius", async () => {
    const a = await ask({ lat: 59.6033, lon: -151.4192, radius: 5000 });
    expect(a.tilesRead).toBeGreaterThan(0);
    expect(a.tilesRead).toBeLessThanOrEqual(81);
  });

  it("refuses a search needing more than 100 tiles before reading any (tile cap)", async () => {
    const session = encOf(data).session();
    const r = await hazardsNear(session, 10, 85, 5000, { maxTiles: 100, maxHazards: 200 });
    expect(r.kind).toBe("too_many_tiles");
    expect(session.tilesRead).toBe(0);
    const err = await refusal({ lat: 85, lon: 10, radius: 5000 });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details.limit).toMatchObject({ name: "tiles", max: 100, unit: "tiles" });
    expect(err.details.limit?.actual).toBeGreaterThan(100);
  });

  it("truncates at the hazard cap, keeping the nearest, and says so", async () => {
    const session = encOf(data).session();
    const r = await hazardsNear(session, -151.4192, 59.6033, 5000, { maxTiles: 100, maxHazards: 3 });
    if (r.kind !== "hazards") throw new Error(r.kind);
    expect([r.hazards.length, r.truncated]).toEqual([3, true]);
    expect(r.total).toBeGreaterThan(3);
  });

  it("refuses radius over 5000 m (limit_exceeded) and under 1 m (invalid_field)", async () => {
    const over = await refusal({ lat: 59.6, lon: -151.4, radius: 5001 });
    expect([over.code, over.details.limit?.name, over.details.limit?.actual]).toEqual([
      "limit_exceeded",
      "radius",
      5001,
    ]);
    const under = await refusal({ lat: 59.6, lon: -151.4, radius: 0.5 });
    expect([under.code, under.details.field]).toEqual(["invalid_field", "radius"]);
  });

  it("refuses a centre off the charts with outside_coverage", async () => {
    expect((await refusal({ lat: 59.0, lon: -150.0 })).code).toBe("outside_coverage");
  });
});
