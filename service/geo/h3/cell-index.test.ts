import { describe, expect, it } from "vitest";
import {
  normalizeLongitude,
  readBoundaryVectors,
  readCenterVectors,
} from "../../../test/reference/h3-vectors.ts";
import { indexPoint } from "./cell-index.ts";

const BOUNDARY_FILES = [
  ["res00cells.txt", "res00ic.txt"],
  ["bc05r08cells.txt", "bc05r08centers.txt"],
  ["bc05r09cells.txt", "bc05r09centers.txt"],
  ["bc14r08cells.txt", "bc14r08centers.txt"],
  ["bc19r10cells.txt", "bc19r10centers.txt"],
] as const;

/** Longitude difference folded into −180..180. */
const dLon = (a: number, b: number): number => ((((a - b) % 360) + 540) % 360) - 180;

describe("H3 index kernel", () => {
  it("returns one result per resolution, in the order asked", () => {
    // The h3-js README example: latLngToCell(37.3615593, -122.0553238, 7) is 87283472bffffff.
    const out = indexPoint([-122.0553238, 37.3615593], [7, 0, 15], {
      includeCenter: false,
      includeBoundary: false,
    });
    expect(out.results.map((r) => r.resolution)).toEqual([7, 0, 15]);
    expect(out.results[0]).toEqual({ resolution: 7, cell: "87283472bffffff" });
  });

  it("gives the centre in [lon, lat] order inside its own cell", () => {
    const [r] = indexPoint([-122.4194, 37.7749], [9], {
      includeCenter: true,
      includeBoundary: false,
    }).results;
    const [lon, lat] = (r?.center ?? [Number.NaN, Number.NaN]) as [number, number];
    expect(lon).toBeCloseTo(-122.4194, 2);
    expect(lat).toBeCloseTo(37.7749, 2);
    expect(
      indexPoint([lon, lat], [9], { includeCenter: false, includeBoundary: false }).results[0]?.cell,
    ).toBe(r?.cell);
  });

  it("closes the boundary ring and flags a cell straddling the antimeridian", () => {
    const [r] = indexPoint([180, 0], [2], { includeCenter: false, includeBoundary: true }).results;
    const ring = r?.boundary as [number, number][];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(r?.crossesAntimeridian).toBe(true);
    const [plain] = indexPoint([10, 10], [2], { includeCenter: false, includeBoundary: true }).results;
    expect(plain?.crossesAntimeridian).toBe(false);
  });

  it("indexes the poles and both spellings of the antimeridian", () => {
    const opts = { includeCenter: false, includeBoundary: false };
    expect(indexPoint([0, 90], [5], opts).results[0]?.cell).toBe(
      indexPoint([123, 90], [5], opts).results[0]?.cell,
    );
    expect(indexPoint([180, 12], [7], opts).results[0]?.cell).toBe(
      indexPoint([-180, 12], [7], opts).results[0]?.cell,
    );
  });

  for (const [cellsFile, centersFile] of BOUNDARY_FILES) {
    it(`matches the uber/h3 cellToBoundary vectors of ${cellsFile} (9 decimals), indexing the ${centersFile} centres`, () => {
      const boundaries = new Map(readBoundaryVectors(cellsFile).map((v) => [v.cell, v.vertices]));
      const centres = readCenterVectors(centersFile).filter((c) => boundaries.has(c.cell));
      expect(centres.length).toBe(boundaries.size);
      for (const c of centres) {
        const res = Number.parseInt(c.cell[1] as string, 16);
        const [r] = indexPoint([normalizeLongitude(c.lng), c.lat], [res], {
          includeCenter: true,
          includeBoundary: true,
        }).results;
        expect(r?.cell).toBe(c.cell);
        const ring = r?.boundary as [number, number][];
        const expected = boundaries.get(c.cell) as [number, number][];
        expect(ring).toHaveLength(expected.length + 1);
        expect(ring[0]).toEqual(ring[expected.length]);
        expected.forEach(([lat, lng], i) => {
          const [lon, la] = ring[i] as [number, number];
          expect(Math.abs(la - lat)).toBeLessThan(1e-8);
          expect(Math.abs(dLon(lon, lng))).toBeLessThan(1e-8);
        });
      }
    });
  }
});
