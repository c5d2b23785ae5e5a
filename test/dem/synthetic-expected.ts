// Expected heights on SYNTHETIC 3DEP tiles computed from their formula, independently of the
// artifact: the renormalised bilinear (or nearest) over the valid pixels of the window.
import { toPixel } from "../../artifacts/format/dem-grid.ts";
import { type Interpolation, sampleWindow } from "../../service/geo/elevation/interpolate.ts";
import { syntheticHeight, tileOrigin, type VoidRect } from "./synthetic-3dep.ts";

const GRID_2AS = { ppdX: 1800, ppdY: 1800, phaseX: 0, phaseY: 0 };

/** Voids of a tile in global 2″ pixels. */
export function globalVoids(north: number, west: number, voids: readonly VoidRect[]): VoidRect[] {
  const { gx, gy } = tileOrigin(north, west);
  return voids.map(([c, r, w, h]) => [gx + c, gy + r, w, h]);
}

export function syntheticExpected(
  lon: number,
  lat: number,
  method: Interpolation,
  voids: readonly VoidRect[] = [],
): number | null {
  const { x, y } = toPixel(GRID_2AS, lon, lat);
  let sum = 0;
  let weight = 0;
  for (const p of sampleWindow(x, y, method)) {
    if (voids.some(([c, r, w, h]) => p.col >= c && p.col < c + w && p.row >= r && p.row < r + h)) continue;
    sum += syntheticHeight(p.col, p.row) * p.weight;
    weight += p.weight;
  }
  return weight === 0 ? null : sum / weight;
}
