import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unitRouteContext } from "../../test/reference/route-context.ts";
import { expectMatchesSchema } from "../../test/support/schemas.ts";
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import type { CatalogEntry } from "../route-types.ts";
import { createSchemaSet } from "../schemas.ts";
import { h3Entries } from "./h3.ts";

const ctx = unitRouteContext();
const polyfill = h3Entries.find((e) => e.path === "/v1/h3/polyfill") as CatalogEntry;
const shared = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");
const suite = JSON.parse(
  fs.readFileSync(path.join(shared, "testsuites/h3/polygon_to_cells_counts.json"), "utf8"),
) as {
  resolution: number;
  cases: {
    name: string;
    geojson: { type: "Polygon"; coordinates: number[][][] };
    expected: Record<string, number>;
  }[];
};

type Body = Record<string, unknown>;
async function answer(body: Body): Promise<Body> {
  const out = (await polyfill.handler({ body, query: {} }, ctx)) as Body;
  expectMatchesSchema("h3-polyfill.response", out);
  return out;
}
async function refusal(body: Body): Promise<ApiError> {
  try {
    await polyfill.handler({ body, query: {} }, ctx);
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error("expected a refusal");
}

const box = (w: number, s: number, e: number, n: number): number[][][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
const feature = (geometry: unknown, id?: string | number): Body => ({
  type: "Feature",
  properties: {},
  geometry,
  ...(id === undefined ? {} : { id }),
});
type FeatureOut = {
  id: unknown;
  results: { resolution: number; count: number; cells: string[]; estimate: number }[];
};

describe("POST /v1/h3/polyfill", () => {
  for (const c of suite.cases) {
    it(`${c.name}: center/full/overlapping at res ${suite.resolution} give ${c.expected.center}/${c.expected.full}/${c.expected.overlapping}`, async () => {
      for (const containment of ["center", "full", "overlapping"]) {
        const out = await answer({ geojson: c.geojson, resolution: suite.resolution, containment });
        expect((out.features as FeatureOut[])[0]?.results[0]?.count).toBe(c.expected[containment]);
        expect(out.totalCount).toBe(c.expected[containment]);
      }
    });
  }

  it("defaults to center containment and answers each resolution in order with sorted cells", async () => {
    const out = await answer({ geojson: suite.cases[0]?.geojson, resolutions: [9, 7] });
    expect(out.containment).toBe("center");
    const results = (out.features as FeatureOut[])[0]?.results ?? [];
    expect(results.map((r) => r.resolution)).toEqual([9, 7]);
    expect(results[0]?.cells).toEqual([...(results[0]?.cells ?? [])].sort());
    expect(out.totals).toEqual([
      { resolution: 9, count: 1253 },
      { resolution: 7, count: results[1]?.count },
    ]);
  });

  it("echoes feature ids (null when absent) and unions a MultiPolygon's parts", async () => {
    const multi = { type: "MultiPolygon", coordinates: [box(0, 0, 1, 1), box(0.5, 0.5, 1.5, 1.5)] };
    const out = await answer({
      geojson: {
        type: "FeatureCollection",
        features: [
          feature({ type: "Polygon", coordinates: box(0, 0, 1, 1) }, "a"),
          feature(multi, 7),
          feature(multi),
        ],
      },
      resolution: 5,
    });
    const features = out.features as FeatureOut[];
    expect(features.map((f) => f.id)).toEqual(["a", 7, null]);
    const cells = features[1]?.results[0]?.cells ?? [];
    expect(new Set(cells).size).toBe(cells.length);
    expect(cells.length).toBeGreaterThan(features[0]?.results[0]?.count ?? 0);
  });

  it("refuses non-areal geometry by name, with its path", async () => {
    const line = await refusal({
      geojson: {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      resolution: 5,
    });
    expect([line.code, line.details.type, line.details.path]).toEqual([
      "unsupported_geometry",
      "LineString",
      "$.geojson",
    ]);
    const point = await refusal({
      geojson: {
        type: "FeatureCollection",
        features: [
          feature({ type: "Polygon", coordinates: box(0, 0, 1, 1) }),
          feature({ type: "Point", coordinates: [0, 0] }),
        ],
      },
      resolution: 5,
    });
    expect([point.code, point.details.type, point.details.path]).toEqual([
      "unsupported_geometry",
      "Point",
      "$.geojson.features[1].geometry",
    ]);
    expect(
      (await refusal({ geojson: { type: "GeometryCollection", geometries: [] }, resolution: 5 })).details
        .type,
    ).toBe("GeometryCollection");
    expect((await refusal({ geojson: feature(null), resolution: 5 })).code).toBe("unsupported_geometry");
  });

  it("refuses an unclosed ring and a ring crossing the antimeridian unsplit, with their paths", async () => {
    const open = await refusal({
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
      resolution: 5,
    });
    expect([open.code, open.details.path]).toEqual(["invalid_geometry", "$.geojson.coordinates[0]"]);
    const crossing = await refusal({
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [170, 0],
            [-170, 0],
            [-170, 5],
            [170, 5],
            [170, 0],
          ],
        ],
      },
      resolution: 5,
    });
    expect([crossing.code, crossing.details.check, crossing.details.path]).toEqual([
      "invalid_geometry",
      "antimeridian",
      "$.geojson.coordinates[0][0]",
    ]);
  });

  it("issue 31: refuses a self-crossing ring with the validator's check before estimating, at any size", async () => {
    const bowtie = (s: number) => [
      [
        [0, 0],
        [s, s],
        [s, 0],
        [0, s],
        [0, 0],
      ],
    ];
    // 2° across at resolution 9 the old fan bound alone refused it as too many cells
    for (const [size, resolution] of [
      [2, 9],
      [0.01, 7],
    ]) {
      const err = await refusal({
        geojson: { type: "Polygon", coordinates: bowtie(size as number) },
        resolution,
      });
      expect([err.code, err.details.check, err.details.path]).toEqual([
        "invalid_geometry",
        "self_intersection",
        "$.geojson.coordinates[0][0]",
      ]);
    }
    // a hole crossing itself is refused with its own path; a ring touching itself at a vertex is not
    const crossedHole = await refusal({
      geojson: { type: "Polygon", coordinates: [box(-1, -1, 3, 3)[0], bowtie(1)[0]] },
      resolution: 5,
    });
    expect(crossedHole.details.path).toBe("$.geojson.coordinates[1][0]");
    const touching = [
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
      [0, 0],
    ];
    expect(
      (await answer({ geojson: { type: "Polygon", coordinates: [touching] }, resolution: 5 })).totalCount,
    ).toBeGreaterThanOrEqual(0);
  });

  it("refuses an estimate above 100000 cells, naming the finest resolution that fits", async () => {
    const geojson = { type: "Polygon", coordinates: box(-10, -10, 10, 10) };
    const err = await refusal({ geojson, resolution: 9 });
    expect(err.code).toBe("limit_exceeded");
    const limit = err.details.limit as { name: string; max: number; actual: number };
    expect([limit.name, limit.max]).toEqual(["cells", 100_000]);
    expect(limit.actual).toBeGreaterThan(100_000);
    const finest = err.details.finestResolution as number;
    const fits = await answer({ geojson, resolution: finest });
    expect(fits.totalCount as number).toBeLessThanOrEqual(100_000);
    expect((await refusal({ geojson, resolution: finest + 1 })).code).toBe("limit_exceeded");
  });

  it("issue 18.6: answers a job whose true count fits although its estimate is over the cap (94,479 cells)", async () => {
    const geojson = {
      type: "Polygon",
      coordinates: [
        [
          [-6.886643, 29.79835],
          [46.886643, 30.067217],
          [46.886643, 30.20165],
          [-6.886643, 29.932783],
          [-6.886643, 29.79835],
        ],
      ],
    };
    const est = await answer({ geojson, resolution: 8, estimateOnly: true });
    expect(est.totalEstimate as number).toBeGreaterThan(100_000);
    const out = await answer({ geojson, resolution: 8, containment: "center" });
    expect(out.totalCount).toBe(94_479);
  });

  it("names the finest resolution whose true count fits, even where only counting shows it", async () => {
    // A thin strip: at res 8 the estimate is over the cap, the true count under; at 9 both over.
    const geojson = {
      type: "Polygon",
      coordinates: [
        [
          [-6.886643, 29.79835],
          [46.886643, 30.067217],
          [46.886643, 30.20165],
          [-6.886643, 29.932783],
          [-6.886643, 29.79835],
        ],
      ],
    };
    const err = await refusal({ geojson, resolution: 9 });
    expect(err.details.finestResolution).toBe(8);
  });

  it("estimateOnly sizes the job with upper bounds and says what fits", async () => {
    const geojson = { type: "Polygon", coordinates: box(-10, -10, 10, 10) };
    const est = await answer({ geojson, resolutions: [3, 9], estimateOnly: true });
    expect([est.withinCap, est.cellCap]).toEqual([false, 100_000]);
    const finest = est.finestResolutionWithinCap as number;
    const atFinest = await answer({ geojson, resolutions: [3, finest], estimateOnly: true });
    expect(atFinest.withinCap).toBe(true);
    const bounds = ((atFinest.features as FeatureOut[])[0]?.results ?? []).map((r) => r.estimate);
    const actual =
      ((await answer({ geojson, resolutions: [3, finest] })).features as FeatureOut[])[0]?.results ?? [];
    expect(actual[0]?.count).toBeLessThanOrEqual(bounds[0] as number);
    expect(actual[1]?.count).toBeLessThanOrEqual(bounds[1] as number);
    expect(bounds[1]).toBeLessThan(1.5 * (actual[1]?.count as number));
  });

  it("refuses 501 polygons and 10001 positions with the limits named", async () => {
    const many = {
      type: "MultiPolygon",
      coordinates: Array.from({ length: 501 }, (_, i) => box(i * 0.01, 0, i * 0.01 + 0.005, 0.005)),
    };
    expect((await refusal({ geojson: many, resolution: 1 })).details.limit).toMatchObject({
      name: "polygons",
      max: 500,
      actual: 501,
    });
    const ring = Array.from({ length: 10_000 }, (_, i) => [Math.cos(i / 1600), Math.sin(i / 1600)]);
    ring.push(ring[0] as number[]);
    expect(
      (await refusal({ geojson: { type: "Polygon", coordinates: [ring] }, resolution: 1 })).details.limit,
    ).toMatchObject({
      name: "positions",
      actual: 10_001,
    });
  });

  it("refuses an unknown containment by the request schema the app validates with, before the handler", () => {
    const validate = createSchemaSet().body("h3-polyfill.request");
    const body = { geojson: suite.cases[0]?.geojson, resolution: 5, containment: "bbox" };
    expect(() => validate(body)).toThrow(
      expect.objectContaining({
        code: "invalid_field",
        details: expect.objectContaining({
          field: "containment",
          allowed: ["center", "overlapping", "full"],
        }),
      }),
    );
  });

  it("lists points as forbidden before a price is quoted, and its schema refuses it too", () => {
    const schema = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../schemas/h3-polyfill.request.json"), "utf8"),
    );
    expect(polyfill.forbiddenMembers).toEqual(["points"]);
    expect([
      schema.additionalProperties,
      Object.keys(schema.properties).includes("points"),
      schema.required,
    ]).toEqual([false, false, ["geojson"]]);
  });
});
