import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { colOf, E7, gridTile, rowOf } from "../../../artifacts/format/enc-tile-grid.ts";
import { geodesicDestination, geodesicMeters } from "./geodesic-distance.ts";
import {
  blockEscapeMeters,
  circleTileSpans,
  distanceToTile,
  spanTileCount,
  spanTiles,
  tileRing,
} from "./tile-ranges.ts";

const GRID = { rowsPerDegree: 64, colsPerDegree: 32 };

describe("circleTileSpans", () => {
  it("covers every point of the circle: points on the circle and inside fall in listed tiles (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -152.5, max: -150.5, noNaN: true }),
        fc.double({ min: 58.9, max: 60.2, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lon, lat, radius, azimuth, f) => {
          const tiles = new Set(
            spanTiles(circleTileSpans(GRID, lon, lat, radius)).map((t) => `${t.col}/${t.row}`),
          );
          const [x, y] = geodesicDestination(lon, lat, azimuth, radius * f);
          expect(tiles.has(`${colOf(GRID, Math.round(x * E7))}/${rowOf(GRID, Math.round(y * E7))}`)).toBe(
            true,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("lists no tile farther than the radius from the centre", () => {
    const [lon, lat, radius] = [-151.4192, 59.6033, 5000];
    for (const t of spanTiles(circleTileSpans(GRID, lon, lat, radius))) {
      expect(distanceToTile(GRID, t, lon, lat)).toBeLessThanOrEqual(radius + 1);
    }
  });

  it("needs at most 81 tiles for the widest legal radius anywhere in the charted latitudes", () => {
    for (let lat = 58.8; lat <= 60.3; lat += 0.05) {
      expect(spanTileCount(circleTileSpans(GRID, -151.4, lat, 5000))).toBeLessThanOrEqual(81);
    }
  });

  it("counts a polar circle's tiles from spans without listing them (thousands of columns)", () => {
    const spans = circleTileSpans(GRID, 0, 89.99, 5000);
    expect(spanTileCount(spans)).toBeGreaterThan(1000);
  });
});

describe("tileRing and blockEscapeMeters", () => {
  it("ring k has 8k tiles, all at Chebyshev distance k", () => {
    for (const k of [1, 2, 5]) {
      const ring = tileRing(100, 200, k);
      expect(ring).toHaveLength(8 * k);
      expect(new Set(ring.map((t) => `${t.col}/${t.row}`)).size).toBe(8 * k);
      for (const t of ring) expect(Math.max(Math.abs(t.col - 100), Math.abs(t.row - 200))).toBe(k);
    }
  });

  it("is a lower bound on the distance to any point outside the searched block (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -152, max: -151, noNaN: true }),
        fc.double({ min: 59, max: 60, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (lon, lat, k, azimuth) => {
          const bound = blockEscapeMeters(GRID, lon, lat, k);
          const col = colOf(GRID, Math.round(lon * E7));
          const row = rowOf(GRID, Math.round(lat * E7));
          const lo = gridTile(GRID, col - k, row - k);
          const hi = gridTile(GRID, col + k, row + k);
          // walk out along the azimuth to the first point outside the block
          let d = 0;
          let p: [number, number] = [lon, lat];
          while (
            p[0] * E7 >= lo.west &&
            p[0] * E7 < hi.east &&
            p[1] * E7 >= lo.south &&
            p[1] * E7 < hi.north
          ) {
            d += 10;
            p = geodesicDestination(lon, lat, azimuth, d);
          }
          expect(geodesicMeters(lon, lat, p[0], p[1])).toBeGreaterThanOrEqual(bound);
        },
      ),
      { numRuns: 100 },
    );
  });
});
