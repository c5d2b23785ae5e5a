// Buffer outputs are always valid (issue 16.6, the buffer half of overlay-validity.test.ts): seeded
// random points, zigzag lines and polygons on a coarse grid (collinear and repeated vertices,
// spikes, self-crossing rings, holes) buffered by random positive and negative distances; every
// answer must pass our own validator (/v1/geojson/validate's kernel).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateGeoJSON } from "../geojson/validate.ts";
import { buffer } from "./buffer.ts";
import type { Position } from "./geojson-input.ts";

const cell = fc.integer({ min: -4, max: 4 });
const at =
  (scale: number) =>
  (x: number, y: number): Position => [12.5 + x * scale, 47.25 + y * scale];

const geometry = fc.oneof(
  fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 6 }).map((ps) => ({
    type: "MultiPoint",
    coordinates: ps.map(([x, y]) => at(0.01)(x, y)),
  })),
  fc.array(fc.tuple(cell, cell), { minLength: 2, maxLength: 12 }).map((ps) => ({
    type: "LineString",
    coordinates: ps.map(([x, y]) => at(0.01)(x, y)),
  })),
  fc.array(fc.tuple(cell, cell), { minLength: 3, maxLength: 9 }).map((ps) => {
    const ring = ps.map(([x, y]) => at(0.01)(x, y));
    return { type: "Polygon", coordinates: [[...ring, ring[0] as Position]] };
  }),
  fc.tuple(cell, cell).map(([x, y]) => {
    const p = at(0.01);
    const sq = (x0: number, y0: number, s: number) => [
      p(x0, y0),
      p(x0 + s, y0),
      p(x0 + s, y0 + s),
      p(x0, y0 + s),
      p(x0, y0),
    ];
    return { type: "Polygon", coordinates: [sq(x, y, 4), sq(x + 1, y + 1, 2).reverse()] };
  }),
);

const distance = fc.oneof(
  fc.integer({ min: 1, max: 3000 }),
  fc.integer({ min: -3000, max: -1 }),
  fc.constantFrom(0.5, 50_000, -50_000, 300_000),
);

describe("buffer outputs are valid", () => {
  it("property: 600 random geometries and distances, zero invalid answers", () => {
    const bad: string[] = [];
    fc.assert(
      fc.property(geometry, distance, fc.integer({ min: 1, max: 8 }), (g, d, steps) => {
        const r = buffer({ geojson: g, distance: d, steps });
        if (r.geojson === null) return;
        const v = validateGeoJSON((r.geojson as { geometry: unknown }).geometry);
        if (!v.valid)
          bad.push(`${v.errors.map((e) => e.code).join(", ")} ← ${JSON.stringify({ g, d, steps })}`);
      }),
      { seed: 1607, numRuns: 600 },
    );
    console.log(`buffer validity: 600 answers, ${bad.length} invalid`);
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
