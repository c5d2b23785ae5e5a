// Bilinear and nearest sampling of a DEM grid with void handling. Pixel (c, r) covers
// [c, c+1) × [r, r+1) in continuous pixel coordinates; its value sits at the centre (c+½, r+½),
// as in GDAL. Void or missing pixels are dropped and the remaining weights renormalised; a
// window whose weighted pixels are all void has no value (never 0).

import { snap } from "../../../artifacts/format/dem-grid.ts";

export type Interpolation = "bilinear" | "nearest";

export interface WindowPixel {
  col: number;
  row: number;
  weight: number;
}

/** The pixels with positive weight around continuous pixel coordinates (x, y); weights sum to 1. */
export function sampleWindow(x: number, y: number, method: Interpolation): WindowPixel[] {
  if (method === "nearest") return [{ col: Math.floor(x), row: Math.floor(y), weight: 1 }];
  const fx = snap(x - 0.5);
  const fy = snap(y - 0.5);
  const c = Math.floor(fx);
  const r = Math.floor(fy);
  const tx = fx - c;
  const ty = fy - r;
  const out: WindowPixel[] = [];
  const push = (col: number, row: number, weight: number): void => {
    if (weight > 0) out.push({ col, row, weight });
  };
  push(c, r, (1 - tx) * (1 - ty));
  push(c + 1, r, tx * (1 - ty));
  push(c, r + 1, (1 - tx) * ty);
  push(c + 1, r + 1, tx * ty);
  return out;
}

export interface Interpolated {
  value: number;
  /** Pixels that carried a value and a positive weight. */
  pixelsUsed: number;
}

/** Weighted mean over the window's non-void pixels (`valueAt` returns NaN for void or missing), or null. */
export function interpolate(
  window: readonly WindowPixel[],
  valueAt: (col: number, row: number) => number,
): Interpolated | null {
  let sum = 0;
  let weight = 0;
  let used = 0;
  for (const p of window) {
    const v = valueAt(p.col, p.row);
    if (Number.isNaN(v)) continue;
    sum += v * p.weight;
    weight += p.weight;
    used++;
  }
  return used === 0 ? null : { value: sum / weight, pixelsUsed: used };
}
