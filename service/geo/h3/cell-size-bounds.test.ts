import fc from "fast-check";
import {
  cellArea,
  cellToBoundary,
  cellToLatLng,
  getPentagons,
  getRes0Cells,
  gridDisk,
  latLngToCell,
  uncompactCells,
} from "h3-js";
import { describe, expect, it } from "vitest";
import {
  angleToNearestFace,
  cellAreaKm2,
  EARTH_RADIUS_KM,
  FACE_CENTERS,
  minCellAreaKm2,
  resolutionSizes,
  toVec3,
  VERTEX_ANGLE,
} from "./cell-size-bounds.ts";

const RAD = Math.PI / 180;

/** Great-circle distance (km) between [lat, lon] pairs as h3-js returns them. */
function distanceKm(a: number[], b: number[]): number {
  const va = toVec3(a[1] as number, a[0] as number);
  const vb = toVec3(b[1] as number, b[0] as number);
  const d = va[0] * vb[0] + va[1] * vb[1] + va[2] * vb[2];
  return Math.acos(Math.min(1, Math.max(-1, d))) * EARTH_RADIUS_KM;
}

/** The cell if it breaks either size statement, else null. */
function violation(cell: string, res: number): string | null {
  const [lat, lon] = cellToLatLng(cell);
  const theta = angleToNearestFace(toVec3(lon, lat));
  if (cellAreaKm2(cell) < minCellAreaKm2(res, theta)) return cell;
  const centre = [lat, lon];
  const reach = resolutionSizes(res).maxCircumradiusKm;
  return cellToBoundary(cell).some((v) => distanceKm(centre, v) > reach) ? cell : null;
}

function violations(cells: readonly string[], res: number): string[] {
  return cells.map((c) => violation(c, res)).filter((c): c is string => c !== null);
}

describe("H3 cell size bounds", () => {
  it("finds the 20 icosahedron faces and the vertex angle (atan of the golden-ratio geometry, 37.38°)", () => {
    expect(FACE_CENTERS).toHaveLength(20);
    expect(VERTEX_ANGLE / RAD).toBeCloseTo(37.3774, 3);
  });

  it("holds on every cell of resolutions 0 to 3, pentagons included", () => {
    for (let res = 0; res <= 3; res++) {
      expect(violations(uncompactCells(getRes0Cells(), res), res)).toEqual([]);
    }
  });

  it("holds on the cells around every pentagon (the smallest hexagons) at resolutions 4 to 15", () => {
    for (let res = 4; res <= 15; res++) {
      expect(
        violations(
          getPentagons(res).flatMap((p) => gridDisk(p, 2)),
          res,
        ),
      ).toEqual([]);
    }
  });

  it("holds within metres of the poles at resolutions 12 to 15, where H3's arithmetic distorts cells", () => {
    for (let res = 12; res <= 15; res++) {
      for (const sign of [1, -1]) {
        for (let k = 4; k <= 10; k += 2) {
          for (const lon of [-180, -97.5, 0, 45, 180]) {
            expect(violations(gridDisk(latLngToCell(sign * (90 - 10 ** -k), lon, res), 2), res)).toEqual([]);
          }
        }
      }
    }
  });

  it("holds on random cells at resolutions 4 to 15", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: 4, max: 15 }),
        (lat, lon, res) => violation(latLngToCell(lat, lon, res), res) === null,
      ),
      { numRuns: 3000 },
    );
  });

  it("a pentagon's area is the bound at the vertex angle", () => {
    for (let res = 0; res <= 15; res++) {
      const pentagon = cellAreaKm2(getPentagons(res)[0] as string);
      expect(minCellAreaKm2(res, VERTEX_ANGLE) / pentagon).toBeCloseTo(1, 8);
    }
  });

  it("computes cell areas that agree with h3-js where h3-js is precise, and sum to the sphere", () => {
    const cell = latLngToCell(37.77, -122.42, 9);
    expect(cellAreaKm2(cell) / cellArea(cell, "km2")).toBeCloseTo(1, 9);
    const total = getRes0Cells().reduce((s, c) => s + cellAreaKm2(c), 0);
    expect(total / (4 * Math.PI * EARTH_RADIUS_KM ** 2)).toBeCloseTo(1, 12);
  });
});
