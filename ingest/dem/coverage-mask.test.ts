import fc from "fast-check";
import geographiclib from "geographiclib-geodesic";
import { describe, expect, it } from "vitest";
import { coverageMask, type PixelRegion, type Ring, rasterize } from "./coverage-mask.ts";

const { Geodesic } = geographiclib;

// A 1°×1° region at 60N in 0.01° pixels; a square "state" covering its western half.
const region: PixelRegion = {
  west: -150,
  north: 60.5,
  pixelWidth: 0.01,
  pixelHeight: 0.01,
  width: 100,
  height: 100,
};
const square: Ring = [
  [-151, 59],
  [-149.5, 59],
  [-149.5, 61],
  [-151, 61],
  [-151, 59],
];
const at = (m: Uint8Array, col: number, row: number) => m[row * region.width + col];

describe("rasterize", () => {
  it("marks pixels whose centre is inside, with even-odd holes", () => {
    const hole: Ring = [
      [-149.9, 60.0],
      [-149.7, 60.0],
      [-149.7, 60.2],
      [-149.9, 60.2],
    ];
    const m = rasterize([square, hole], region);
    expect(at(m, 49, 50)).toBe(1); // centre -149.505
    expect(at(m, 50, 50)).toBe(0); // centre -149.495
    expect(at(m, 15, 40)).toBe(0); // inside the hole (-149.845, 60.095)
    expect(at(m, 5, 40)).toBe(1);
  });
  it("never writes outside the region when a span lies wholly west of it (regression)", () => {
    const far: Ring = [
      [-160, 60.41],
      [-155, 60.41],
      [-155, 60.52],
      [-160, 60.52],
    ];
    expect(rasterize([far], region).includes(1)).toBe(false);
  });
});

describe("coverageMask", () => {
  it("adds the water within the band, measured on the ground", () => {
    const band = 5556;
    const m = coverageMask([square], region, band);
    const row = 50;
    const lat = 60.5 - (row + 0.5) * 0.01;
    for (let col = 50; col < 100; col++) {
      const lon = -150 + (col + 0.5) * 0.01;
      // distance from this pixel centre to the nearest inside pixel centre (-149.505) along the parallel
      const d = Geodesic.WGS84.Inverse(lat, -149.505, lat, lon).s12 as number;
      if (Math.abs(d - band) > 50) expect(at(m, col, row)).toBe(d <= band ? 1 : 0);
    }
  });
  it("is all 1 for a region wholly inside, all 0 wholly outside", () => {
    const big: Ring = [
      [-170, 50],
      [-130, 50],
      [-130, 70],
      [-170, 70],
    ];
    expect(coverageMask([big], region, 5556).every((v) => v === 1)).toBe(true);
    const away: Ring = [
      [-100, 10],
      [-99, 10],
      [-99, 11],
    ];
    expect(coverageMask([away], region, 5556).every((v) => v === 0)).toBe(true);
  });
  it("property: a wider band never uncovers a pixel, and the polygon's own pixels are always covered", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 0, max: 20000 }), (a, b) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const inside = rasterize([square], region);
        const narrow = coverageMask([square], region, lo);
        const wide = coverageMask([square], region, hi);
        return narrow.every((v, i) => v <= (wide[i] as number) && (inside[i] as number) <= v);
      }),
      { numRuns: 25 },
    );
  });
});
