// Every limit of the spec's Limits table for the geometry routes is refused with the field, the
// path in the document and the limit crossed (called through the catalog entries' handlers).
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { DataRegistry } from "../data/registry.ts";
import { ApiError } from "../errors.ts";
import { validateGeoJSON } from "../geo/geojson/validate.ts";
import { toApiError } from "../refusals.ts";
import type { CatalogEntry, RouteContext } from "../route-types.ts";
import { geometryEntries } from "./geometry.ts";

const ctx = {
  config: loadConfig({ LOG_LEVEL: "silent" }),
  catalog: geometryEntries,
  data: new DataRegistry(),
  baseUrl: "http://127.0.0.1",
  selfUrl: "http://127.0.0.1",
} as Partial<RouteContext> as RouteContext;

const route = (op: string): CatalogEntry => {
  const e = geometryEntries.find((x) => x.path === `/v1/geometry/${op}`);
  if (!e) throw new Error(op);
  return e;
};

async function refusal(op: string, body: unknown): Promise<ApiError> {
  try {
    await route(op).handler({ body, query: {} }, ctx);
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error(`${op} answered instead of refusing`);
}

const line = (n: number) => ({
  type: "LineString",
  coordinates: Array.from({ length: n }, (_, i) => [10 + i * 1e-4, 50]),
});
const square = (x: number, y: number, s = 0.01) => ({
  type: "Polygon",
  coordinates: [
    [
      [x, y],
      [x + s, y],
      [x + s, y + s],
      [x, y + s],
      [x, y],
    ],
  ],
});
const collection = (geometries: unknown[]) => ({ type: "GeometryCollection", geometries });

describe("every published geometry limit is refused with field, path and limit", () => {
  it.each([
    ["buffer", 2000],
    ["simplify", 100000],
    ["area", 100000],
    ["centroid", 100000],
    ["bbox", 100000],
  ])("%s: positions over %i", async (op, max) => {
    const extra = op === "buffer" ? { distance: 10 } : op === "simplify" ? { tolerance: 0 } : {};
    const err = await refusal(op, { geojson: line(max + 1), ...extra });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details.field).toBe("geojson");
    expect(err.details.path).toBe("$.geojson");
    expect(err.details.limit).toEqual({ name: "positions", max, unit: "positions", actual: max + 1 });
  });

  it.each(["union", "intersect", "difference"])("%s: positions over 2000 across all members", async (op) => {
    // 2 squares of 5 positions, then a MultiPolygon with 400 squares: 2010 positions in all
    const many = {
      type: "MultiPolygon",
      coordinates: Array.from({ length: 400 }, (_, i) => square(i * 0.02, 0).coordinates),
    };
    const err = await refusal(op, { geojson: collection([square(0, 0), square(1, 1), many]) });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details.path).toBe("$.geojson");
    expect(err.details.limit).toEqual({ name: "positions", max: 2000, unit: "positions", actual: 2010 });
  });

  it.each(["union", "intersect", "difference"])("%s: fewer than two polygonal geometries", async (op) => {
    const err = await refusal(op, {
      geojson: {
        type: "FeatureCollection",
        features: [{ type: "Feature", properties: {}, geometry: square(0, 0) }],
      },
    });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details).toMatchObject({ field: "geojson", path: "$.geojson" });
    expect(err.details.limit).toEqual({
      name: "polygonalGeometries",
      min: 2,
      max: 500,
      unit: "geometries",
      actual: 1,
    });
  });

  it.each(["union", "intersect", "difference"])("%s: more than 500 polygonal geometries", async (op) => {
    const empties = Array.from({ length: 501 }, () => ({ type: "Polygon", coordinates: [] }));
    const err = await refusal(op, { geojson: collection(empties) });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details.limit).toMatchObject({ name: "polygonalGeometries", max: 500, actual: 501 });
  });

  it.each([
    [-1000000.5, "below"],
    [1000001, "above"],
  ])("buffer: distance %d (%s the range)", async (distance) => {
    const err = await refusal("buffer", { geojson: { type: "Point", coordinates: [0, 0] }, distance });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details).toMatchObject({ field: "distance", path: "$.distance" });
    expect(err.details.limit).toEqual({
      name: "distanceMeters",
      min: -1000000,
      max: 1000000,
      unit: "m",
      actual: distance,
    });
  });

  it.each([0, 129])("buffer: steps %i", async (steps) => {
    const err = await refusal("buffer", {
      geojson: { type: "Point", coordinates: [0, 0] },
      distance: 10,
      steps,
    });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details).toMatchObject({ field: "steps", path: "$.steps" });
    expect(err.details.limit).toEqual({
      name: "steps",
      min: 1,
      max: 128,
      unit: "segments per quadrant",
      actual: steps,
    });
  });

  it.each([-0.001, 1000000.5])("simplify: toleranceMeters %d", async (toleranceMeters) => {
    const err = await refusal("simplify", { geojson: line(5), toleranceMeters });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details).toMatchObject({ field: "toleranceMeters", path: "$.toleranceMeters" });
    expect(err.details.limit).toEqual({
      name: "toleranceMeters",
      min: 0,
      max: 1000000,
      unit: "m",
      actual: toleranceMeters,
    });
  });

  it.each([-1e-9, 180.5])("simplify: tolerance %d degrees", async (tolerance) => {
    const err = await refusal("simplify", { geojson: line(5), tolerance });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details).toMatchObject({ field: "tolerance", path: "$.tolerance" });
    expect(err.details.limit).toEqual({
      name: "tolerance",
      min: 0,
      max: 180,
      unit: "degrees",
      actual: tolerance,
    });
  });

  it("buffer: a heavily self-crossing zigzag is answered, not refused (no edgeCrossings limit since GEOS)", async () => {
    const zigzag = Array.from({ length: 2000 }, (_, i) => [(i % 2 ? 1 : -1) + i * 1e-6, i % 4 < 2 ? -1 : 1]);
    const r = (await route("buffer").handler(
      { body: { geojson: { type: "LineString", coordinates: zigzag }, distance: 100 }, query: {} },
      ctx,
    )) as { empty: boolean; geojson: { geometry: unknown } };
    expect(r.empty).toBe(false);
    expect(validateGeoJSON(r.geojson.geometry).valid).toBe(true);
  });

  it("the bounds themselves are accepted", async () => {
    const pt = { type: "Point", coordinates: [0, 0] };
    const accepted = [
      ["buffer", { geojson: pt, distance: 1000000, steps: 1 }],
      ["buffer", { geojson: pt, distance: -1000000, steps: 128 }],
      ["simplify", { geojson: line(5), tolerance: 180 }],
      ["simplify", { geojson: line(5), toleranceMeters: 0 }],
      ["buffer", { geojson: line(2000), distance: 5 }],
    ] as const;
    for (const [op, body] of accepted)
      await expect(route(op).handler({ body, query: {} }, ctx), op).resolves.toBeDefined();
  });

  it("each entry advertises its limits (and bodyBytes, nestingDepth) in the catalog", () => {
    const names = Object.fromEntries(
      geometryEntries.map((e) => [e.path, e.limits.map((l) => `${l.name}:${l.max}`)]),
    );
    expect(names["/v1/geometry/buffer"]).toEqual([
      "positions:2000",
      "distanceMeters:1000000",
      "steps:128",
      "bodyBytes:1048576",
      "nestingDepth:64",
    ]);
    expect(names["/v1/geometry/simplify"]).toEqual([
      "positions:100000",
      "toleranceMeters:1000000",
      "tolerance:180",
      "bodyBytes:1048576",
      "nestingDepth:64",
    ]);
    for (const op of ["union", "intersect", "difference"]) {
      expect(names[`/v1/geometry/${op}`]).toEqual([
        "positions:2000",
        "polygonalGeometries:500",
        "bodyBytes:1048576",
        "nestingDepth:64",
      ]);
    }
    for (const op of ["area", "centroid", "bbox"])
      expect(names[`/v1/geometry/${op}`]).toEqual([
        "positions:100000",
        "bodyBytes:1048576",
        "nestingDepth:64",
      ]);
  });
});
