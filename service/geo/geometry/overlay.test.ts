// Union, intersect and difference: known answers, empty results as answers, refusals, and area
// properties on random polygons (areas on the ellipsoid, edges straight in lon/lat).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Refusal } from "../refusal.ts";
import { area } from "./area.ts";
import type { Position } from "./geojson-input.ts";
import { type OverlayOp, overlay } from "./overlay.ts";

const square = (x: number, y: number, s: number) => ({
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
const gc = (...geometries: unknown[]) => ({ type: "GeometryCollection", geometries });
const fcOf = (...geometries: unknown[]) => ({
  type: "FeatureCollection",
  features: geometries.map((geometry) => ({ type: "Feature", properties: {}, geometry })),
});
const areaOf = (geojson: unknown) => (geojson ? area({ geojson }).areaSquareMeters : 0);

const refusal = (op: OverlayOp, geojson: unknown): Refusal => {
  try {
    overlay(op, { geojson });
  } catch (e) {
    if (e instanceof Refusal) return e;
    throw e;
  }
  throw new Error("answered");
};

describe("overlay known answers", () => {
  it("union of overlapping squares is one Polygon, of apart squares a MultiPolygon", () => {
    const u = overlay("union", { geojson: fcOf(square(0, 0, 2), square(1, 1, 2)) });
    expect(u).toMatchObject({ op: "union", inputGeometries: 2, empty: false, inputVertices: 10 });
    expect(u.geojson?.geometry.type).toBe("Polygon");
    expect(u.outputVertices).toBe(9);
    const apart = overlay("union", { geojson: gc(square(0, 0, 1), square(5, 5, 1)) });
    expect(apart.geojson?.geometry.type).toBe("MultiPolygon");
  });

  it("intersect of three squares is their common corner square", () => {
    const r = overlay("intersect", { geojson: gc(square(0, 0, 2), square(1, 1, 2), square(1, 0, 2)) });
    expect(r.geojson?.geometry).toEqual({
      type: "Polygon",
      coordinates: [
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 2],
          [1, 1],
        ],
      ],
    });
  });

  it("disjoint intersect is a 200 answer: geojson null, empty true, outputVertices 0", () => {
    const r = overlay("intersect", { geojson: gc(square(0, 0, 1), square(3, 3, 1)) });
    expect(r).toMatchObject({ geojson: null, empty: true, outputVertices: 0, inputGeometries: 2 });
  });

  it("difference subtracts every later member from the first; order matters; nothing left is empty", () => {
    const r = overlay("difference", { geojson: gc(square(0, 0, 3), square(0, 0, 1), square(2, 2, 1)) });
    expect(areaOf(r.geojson?.geometry)).toBeCloseTo(
      areaOf(square(0, 0, 3)) - areaOf(square(0, 0, 1)) - areaOf(square(2, 2, 1)),
      -2,
    );
    expect(overlay("difference", { geojson: gc(square(1, 1, 1), square(0, 0, 3)) })).toMatchObject({
      geojson: null,
      empty: true,
    });
  });

  it("a hole in a member is respected", () => {
    const donut = {
      type: "Polygon",
      coordinates: [
        square(0, 0, 4).coordinates[0],
        [
          [1, 1],
          [1, 3],
          [3, 3],
          [3, 1],
          [1, 1],
        ],
      ],
    };
    const r = overlay("intersect", { geojson: gc(donut, square(1.5, 1.5, 1)) });
    expect(r.empty).toBe(true);
  });
});

describe("overlay refusals (after payment, nothing charged)", () => {
  it.each(["union", "intersect", "difference"] as const)(
    "%s refuses a non-polygonal member by path",
    (op) => {
      const err = refusal(
        op,
        fcOf(square(0, 0, 1), {
          type: "LineString",
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        }),
      );
      expect(err.code).toBe("unsupported_geometry");
      expect(err.details).toMatchObject({
        field: "geojson",
        path: "$.geojson.features[1].geometry",
        type: "LineString",
      });
    },
  );

  it("a Feature with a null geometry is not polygonal", () => {
    const err = refusal("union", {
      type: "FeatureCollection",
      features: [
        { type: "Feature", properties: {}, geometry: null },
        { type: "Feature", properties: {}, geometry: square(0, 0, 1) },
      ],
    });
    expect(err.details).toMatchObject({ path: "$.geojson.features[0].geometry", type: null });
  });

  it("a bare Polygon or Feature is not a collection", () => {
    expect(refusal("union", square(0, 0, 1)).code).toBe("unsupported_geometry");
    expect(refusal("union", { type: "Feature", properties: {}, geometry: square(0, 0, 1) }).code).toBe(
      "unsupported_geometry",
    );
  });

  it("an out-of-range latitude is refused, never normalised", () => {
    const err = refusal("union", gc(square(0, 0, 1), square(0, 89.5, 1)));
    expect(err.code).toBe("coordinate_out_of_range");
    expect(err.details.path).toBe("$.geojson.geometries[1].coordinates[0][2]");
  });
});

describe("overlay area properties", () => {
  /** Random star-shaped polygon about a random centre near the origin, in degrees. */
  const star = fc
    .tuple(
      fc.integer({ min: -300, max: 300 }),
      fc.integer({ min: -300, max: 300 }),
      fc.array(fc.integer({ min: 10, max: 300 }), { minLength: 3, maxLength: 12 }),
    )
    .map(([cx, cy, radii]) => {
      const ring: Position[] = radii.map((r, i) => {
        const a = (2 * Math.PI * i) / radii.length;
        return [cx / 100 + (r / 100) * Math.cos(a), 45 + cy / 100 + (r / 100) * Math.sin(a)];
      });
      ring.push(ring[0] as Position);
      return { type: "Polygon", coordinates: [ring] };
    });
  const run = (op: OverlayOp, a: unknown, b: unknown) =>
    areaOf(overlay(op, { geojson: gc(a, b) }).geojson?.geometry);

  it("area(A ∪ B) ≤ area(A) + area(B); area(A ∩ B) ≤ min; area(A − B) + area(A ∩ B) ≈ area(A)", () => {
    fc.assert(
      fc.property(star, star, (a, b) => {
        const aa = areaOf(a);
        const ab = areaOf(b);
        const tol = 1e-9 * (aa + ab);
        const u = run("union", a, b);
        const i = run("intersect", a, b);
        const d = run("difference", a, b);
        expect(u).toBeLessThanOrEqual(aa + ab + tol);
        expect(i).toBeLessThanOrEqual(Math.min(aa, ab) + tol);
        expect(Math.abs(d + i - aa)).toBeLessThanOrEqual(tol);
        expect(Math.abs(u - (aa + ab - i))).toBeLessThanOrEqual(tol);
      }),
      { numRuns: 150 },
    );
  });
});
