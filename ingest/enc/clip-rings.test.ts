import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gridTile } from "../../artifacts/format/enc-tile-grid.ts";
import { insideRings } from "../../artifacts/format/ring-containment.ts";
import { clipRing, clipToTiles } from "./clip-rings.ts";

const GRID = { rowsPerDegree: 64, colsPerDegree: 32 };
const square = (x0: number, y0: number, x1: number, y1: number) =>
  Int32Array.from([x0, y0, x1, y0, x1, y1, x0, y1]);

describe("clipRing", () => {
  it("keeps a ring wholly inside the rectangle as it is", () => {
    const r = square(10, 10, 20, 20);
    expect(clipRing(r, { west: 0, south: 0, east: 100, north: 100 })).toEqual(r);
  });

  it("returns the rectangle for a ring that encloses it", () => {
    const out = clipRing(square(-50, -50, 150, 150), { west: 0, south: 0, east: 100, north: 100 });
    expect(out && [...out].sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 100, 100, 100, 100]);
  });

  it("drops a ring outside the rectangle and one that only touches its border (no area)", () => {
    const rect = { west: 0, south: 0, east: 100, north: 100 };
    expect(clipRing(square(200, 200, 300, 300), rect)).toBeNull();
    expect(clipRing(square(100, 10, 200, 20), rect)).toBeNull();
  });

  it("puts new vertices on the rectangle's edges, rounded to whole units", () => {
    const tri = Int32Array.from([0, 0, 300, 100, 0, 200]);
    const out = clipRing(tri, { west: 0, south: 0, east: 100, north: 1000 });
    expect(out).not.toBeNull();
    for (let i = 0; i < (out as Int32Array).length; i += 2) {
      expect(Number.isInteger((out as Int32Array)[i + 1])).toBe(true);
      expect((out as Int32Array)[i]).toBeLessThanOrEqual(100);
    }
  });
});

describe("clipToTiles (property): inside a tile, the clipped rings contain exactly what the original rings contain", () => {
  const coord = fc.integer({ min: 0, max: 2_000_000 });
  it("holds for random polygons with a hole and random probe points", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 12 }),
        fc.array(fc.tuple(coord, coord), { minLength: 1, maxLength: 20 }),
        (pts, probes) => {
          const base = 1_515_000_000; // around -151.5° in E7, on the grid's integer edges
          const ring = Int32Array.from(pts.flatMap(([x, y]) => [x - base, y + 595_000_000]));
          const hole = square(-base + 500_000, 595_500_000, -base + 900_000, 595_900_000);
          const rings = [ring, hole];
          const tiles = new Map<string, Int32Array[]>();
          clipToTiles(GRID, rings, (col, row, clipped) => tiles.set(`${col}/${row}`, clipped));
          for (const [px, py] of probes) {
            const x = px - base + 0.5;
            const y = py + 595_000_000 + 0.5;
            const expected = insideRings(rings, x, y);
            const hit = [...tiles.entries()].find(([k]) => {
              const [c, r] = k.split("/").map(Number) as [number, number];
              const t = gridTile(GRID, c, r);
              return x >= t.west && x < t.east && y >= t.south && y < t.north;
            });
            expect(hit ? insideRings(hit[1], x, y) : false).toBe(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
