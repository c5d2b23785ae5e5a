// Overlay outputs are always valid (issue 16.6): seeded random polygon pairs and sets built to hit
// the hard cases — vertices on a coarse 1/8° grid (shared edges, collinear overlaps, touching
// vertices), slivers, fold-back spikes, holes, self-crossing rings — through union, intersect and
// difference; every answer must pass our own validator (/v1/geojson/validate's kernel). The buffer
// half of the property lives in buffer-validity.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateGeoJSON } from "../geojson/validate.ts";
import type { Position } from "./geojson-input.ts";
import { type OverlayOp, overlay } from "./overlay.ts";

type Polygon = { type: "Polygon"; coordinates: Position[][] };

const close = (ring: Position[]): Position[] => [...ring, ring[0] as Position];
const grid = fc.integer({ min: -4, max: 4 }).map((v) => v / 8);
const at = (x: number, y: number): Position => [-117.75 + x, -57.625 + y];

/** Any ring of 3–7 grid vertices (self-crossing, collinear and repeated vertices included). */
const gridRing = fc
  .array(fc.tuple(grid, grid), { minLength: 3, maxLength: 7 })
  .map((ps) => close(ps.map(([x, y]) => at(x, y))));

/** A grid rectangle, optionally with a grid-rectangle hole inside it. */
const holed = fc
  .tuple(fc.integer({ min: -4, max: 0 }), fc.integer({ min: -4, max: 0 }), fc.integer({ min: 2, max: 4 }))
  .chain(([x, y, s]) =>
    fc.tuple(fc.constant([x, y, s] as const), fc.integer({ min: 1, max: s - 1 }), fc.boolean()),
  )
  .map(([[x, y, s], h, withHole]): Polygon => {
    const r = (x0: number, y0: number, w: number) =>
      close([
        at(x0 / 8, y0 / 8),
        at((x0 + w) / 8, y0 / 8),
        at((x0 + w) / 8, (y0 + w) / 8),
        at(x0 / 8, (y0 + w) / 8),
      ]);
    const outer = r(x, y, s);
    return {
      type: "Polygon",
      coordinates: withHole ? [outer, r(x + (s - h) / 2, y + (s - h) / 2, h / 2).reverse()] : [outer],
    };
  });

/** A grid triangle with a fold-back spike or a sliver vertex a hair off one edge. */
const spiky = fc
  .tuple(
    fc.tuple(grid, grid),
    fc.tuple(grid, grid),
    fc.tuple(grid, grid),
    fc.boolean(),
    fc.integer({ min: 1, max: 9 }),
  )
  .map(([a, b, c, spike, e]): Polygon => {
    const [pa, pb, pc] = [at(...a), at(...b), at(...c)];
    const mid: Position = [
      ((pa[0] as number) + (pb[0] as number)) / 2,
      ((pa[1] as number) + (pb[1] as number)) / 2,
    ];
    const extra: Position[] = spike
      ? [mid, [(mid[0] as number) + 0.25, (mid[1] as number) + 0.125], mid]
      : [[(mid[0] as number) + e * 1e-12, (mid[1] as number) - e * 1e-12]];
    return { type: "Polygon", coordinates: [close([pa, ...extra, pb, pc])] };
  });

const polygon: fc.Arbitrary<Polygon> = fc.oneof(
  gridRing.map((r): Polygon => ({ type: "Polygon", coordinates: [r] })),
  holed,
  spiky,
);

const gc = (geometries: Polygon[]) => ({ type: "GeometryCollection", geometries });

function invalidAnswers(op: OverlayOp, members: Polygon[]): string[] {
  const r = overlay(op, { geojson: gc(members) });
  if (r.geojson === null) return [];
  const v = validateGeoJSON(r.geojson.geometry);
  return v.valid ? [] : [`${op}: ${v.errors.map((e) => e.code).join(", ")} ← ${JSON.stringify(members)}`];
}

describe("overlay outputs are valid", () => {
  it("regression: union of A and B has no hole of four identical points", () => {
    const A = close([
      [-117.875, -57.5],
      [-117.75, -58],
      [-117.75, -57.5],
      [-117.375, -57.375],
    ]);
    const B = close([
      [-118, -57.625],
      [-118, -57.875],
      [-117.625, -57.75],
      [-117.625, -57.625],
      [-117.5, -57.375],
    ]);
    const r = overlay("union", {
      geojson: gc([
        { type: "Polygon", coordinates: [A] },
        { type: "Polygon", coordinates: [B] },
      ]),
    });
    const rings = (r.geojson?.geometry.coordinates ?? []) as Position[][];
    expect(rings).toHaveLength(1);
    expect(validateGeoJSON(r.geojson?.geometry).valid).toBe(true);
  });

  it("property: 5,000 random pairs and sets, union / intersect / difference, zero invalid answers", () => {
    const bad: string[] = [];
    let answered = 0;
    fc.assert(
      fc.property(fc.array(polygon, { minLength: 2, maxLength: 4 }), (members) => {
        for (const op of ["union", "intersect", "difference"] as const) {
          bad.push(...invalidAnswers(op, members));
          answered++;
        }
      }),
      { seed: 1606, numRuns: 5000 },
    );
    console.log(`overlay validity: ${answered} answers, ${bad.length} invalid`);
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
