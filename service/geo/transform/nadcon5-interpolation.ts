// NADCON5 biquadratic interpolation as PROJ's gridshift (PROJ 9.5.1) and NGS NCAT apply it:
// a 3×3 node window whose start moves one node back on an axis when the fraction is ≤ 0.5 (and
// the node is not the first) or when the cell is the last one, then the quadratic through three
// nodes, f0 + x·Δ0 + ½·x(x−1)·(Δ1 − Δ0), along longitude first and latitude second.
// The node rectangle is closed: a position on the outermost row or column is inside.
import type { ShiftGridHeader, Tile } from "../../../artifacts/format/shift-grid.ts";

/** Tolerance (in grid cells) that keeps a position on the last row/column inside, as PROJ's. */
const EDGE_EPS = 1e-11;

/** Longitude moved by ±360° into the grid's longitude range when that puts it inside. */
export function gridLongitude(h: ShiftGridHeader, lon: number): number {
  const east = h.west + (h.width - 1) * h.resX;
  if (lon < h.west && lon + 360 <= east + EDGE_EPS * h.resX) return lon + 360;
  if (lon > east && lon - 360 >= h.west - EDGE_EPS * h.resX) return lon - 360;
  return lon;
}

/** Node index and fraction of one axis in `out[0]`, `out[1]`; false outside the node range. */
function axis(t: number, size: number, out: Float64Array, at: number): boolean {
  let i = Math.floor(t);
  let f = t - i;
  if (i < 0) {
    if (i !== -1 || f <= 1 - EDGE_EPS) return false;
    i = 0;
    f = 0;
  } else if (i >= size - 1) {
    if (i !== size - 1 || f >= EDGE_EPS) return false;
    i = size - 2;
    f = 1;
  }
  if ((f <= 0.5 && i > 0) || i + 2 === size) {
    i -= 1;
    f += 1;
  }
  out[at] = i;
  out[at + 1] = f;
  return true;
}

/** The 3×3 node window of a position: [i0, x, j0, y] into `out` (first node, position in cells from it, 0..2); false outside the node rectangle. */
export function locate(h: ShiftGridHeader, lon: number, lat: number, out: Float64Array): boolean {
  return (
    axis((gridLongitude(h, lon) - h.west) / h.resX, h.width, out, 0) &&
    axis((lat - h.south) / h.resY, h.height, out, 2)
  );
}

/** Ids of the tiles a window starting at node (i0, j0) reads (1 to 4), added to `ids`. */
export function addWindowTiles(h: ShiftGridHeader, i0: number, j0: number, ids: Set<number>): void {
  const T = h.tileSize;
  const across = Math.ceil(h.width / T);
  const tx0 = Math.floor(i0 / T);
  const tx2 = Math.floor((i0 + 2) / T);
  const ty0 = Math.floor(j0 / T);
  const ty2 = Math.floor((j0 + 2) / T);
  ids.add(ty0 * across + tx0);
  if (tx2 !== tx0) ids.add(ty0 * across + tx2);
  if (ty2 !== ty0) {
    ids.add(ty2 * across + tx0);
    if (tx2 !== tx0) ids.add(ty2 * across + tx2);
  }
}

function quadratic(f0: number, f1: number, f2: number, x: number): number {
  const d0 = f1 - f0;
  const d1 = f2 - f1;
  return f0 + x * d0 + 0.5 * x * (x - 1) * (d1 - d0);
}

/** Node (i, j) of one band, from whichever tile holds it. */
function nodeOf(
  h: ShiftGridHeader,
  tiles: readonly (Tile | undefined)[],
  i: number,
  j: number,
  band: number,
): number {
  const T = h.tileSize;
  const t = tiles[Math.floor(j / T) * Math.ceil(h.width / T) + Math.floor(i / T)] as Tile;
  return t[((j % T) * T + (i % T)) * 2 + band] as number;
}

/**
 * Interpolated [latOffset, lonOffset] (arc-seconds) into out[0], out[1] for the window at node
 * (i0, j0) and fractions (x, y); `tiles[id]` must hold every tile of the window. When the 3×3
 * window lies in one tile (most positions) its nodes are read at fixed offsets.
 */
export function interpolateInto(
  h: ShiftGridHeader,
  tiles: readonly (Tile | undefined)[],
  i0: number,
  j0: number,
  x: number,
  y: number,
  out: Float64Array,
): void {
  const T = h.tileSize;
  const ci = i0 % T;
  const cj = j0 % T;
  if (ci <= T - 3 && cj <= T - 3) {
    const t = tiles[Math.floor(j0 / T) * Math.ceil(h.width / T) + Math.floor(i0 / T)] as Tile;
    const row = 2 * T;
    for (let band = 0; band < 2; band++) {
      const b0 = (cj * T + ci) * 2 + band;
      const b1 = b0 + row;
      const b2 = b1 + row;
      out[band] = quadratic(
        quadratic(t[b0] as number, t[b0 + 2] as number, t[b0 + 4] as number, x),
        quadratic(t[b1] as number, t[b1 + 2] as number, t[b1 + 4] as number, x),
        quadratic(t[b2] as number, t[b2 + 2] as number, t[b2 + 4] as number, x),
        y,
      );
    }
    return;
  }
  for (let band = 0; band < 2; band++) {
    const r0 = quadratic(
      nodeOf(h, tiles, i0, j0, band),
      nodeOf(h, tiles, i0 + 1, j0, band),
      nodeOf(h, tiles, i0 + 2, j0, band),
      x,
    );
    const r1 = quadratic(
      nodeOf(h, tiles, i0, j0 + 1, band),
      nodeOf(h, tiles, i0 + 1, j0 + 1, band),
      nodeOf(h, tiles, i0 + 2, j0 + 1, band),
      x,
    );
    const r2 = quadratic(
      nodeOf(h, tiles, i0, j0 + 2, band),
      nodeOf(h, tiles, i0 + 1, j0 + 2, band),
      nodeOf(h, tiles, i0 + 2, j0 + 2, band),
      x,
    );
    out[band] = quadratic(r0, r1, r2, y);
  }
}
