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
  if (lon >= h.west) {
    const east = h.west + (h.width - 1) * h.resX;
    return lon > east && lon - 360 >= h.west - EDGE_EPS * h.resX ? lon - 360 : lon;
  }
  const east = h.west + (h.width - 1) * h.resX;
  return lon + 360 <= east + EDGE_EPS * h.resX ? lon + 360 : lon;
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

/** Marks in `used` (one byte per tile id) the tiles a window starting at node (i0, j0) reads (1 to 4). */
export function markWindowTiles(h: ShiftGridHeader, i0: number, j0: number, used: Uint8Array): void {
  const T = h.tileSize;
  const across = Math.ceil(h.width / T);
  const tx0 = Math.floor(i0 / T);
  const tx2 = Math.floor((i0 + 2) / T);
  const ty0 = Math.floor(j0 / T);
  const ty2 = Math.floor((j0 + 2) / T);
  used[ty0 * across + tx0] = 1;
  used[ty0 * across + tx2] = 1;
  used[ty2 * across + tx0] = 1;
  used[ty2 * across + tx2] = 1;
}

function quadratic(f0: number, f1: number, f2: number, x: number): number {
  const d0 = f1 - f0;
  const d1 = f2 - f1;
  return f0 + x * d0 + 0.5 * x * (x - 1) * (d1 - d0);
}

/**
 * Where the 3×3 window at node (i0, j0) starts in its tile's data (tile × 2 bands), or −1 when
 * the window straddles tiles. With 64-node tiles (62/64)² ≈ 94% of windows lie in one tile.
 */
export function windowOffsetInTile(h: ShiftGridHeader, i0: number, j0: number): number {
  const T = h.tileSize;
  const ci = i0 % T;
  const cj = j0 % T;
  return ci <= T - 3 && cj <= T - 3 ? (cj * T + ci) * 2 : -1;
}

/** The id of the tile holding node (i, j). */
export function tileOfNode(h: ShiftGridHeader, i: number, j: number): number {
  const T = h.tileSize;
  return Math.floor(j / T) * Math.ceil(h.width / T) + Math.floor(i / T);
}

/**
 * Interpolated [latOffset, lonOffset] (arc-seconds) into out[0], out[1] for a window lying in
 * tile `t` from `offset` (windowOffsetInTile): its nodes read at fixed offsets.
 */
export function interpolateInTile(
  t: Tile,
  tileSize: number,
  offset: number,
  x: number,
  y: number,
  out: Float64Array,
): void {
  const row = 2 * tileSize;
  const b0 = offset;
  const b1 = b0 + row;
  const b2 = b1 + row;
  // Band 0 (latitude offset) at even indices, band 1 (longitude offset) at odd ones.
  out[0] = quadratic(
    quadratic(t[b0] as number, t[b0 + 2] as number, t[b0 + 4] as number, x),
    quadratic(t[b1] as number, t[b1 + 2] as number, t[b1 + 4] as number, x),
    quadratic(t[b2] as number, t[b2 + 2] as number, t[b2 + 4] as number, x),
    y,
  );
  out[1] = quadratic(
    quadratic(t[b0 + 1] as number, t[b0 + 3] as number, t[b0 + 5] as number, x),
    quadratic(t[b1 + 1] as number, t[b1 + 3] as number, t[b1 + 5] as number, x),
    quadratic(t[b2 + 1] as number, t[b2 + 3] as number, t[b2 + 5] as number, x),
    y,
  );
}

/**
 * Interpolated [latOffset, lonOffset] (arc-seconds) into out[0], out[1] for the window at node
 * (i0, j0) and fractions (x, y); `tiles[id]` must hold every tile of the window.
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
  const offset = windowOffsetInTile(h, i0, j0);
  if (offset >= 0) {
    interpolateInTile(tiles[tileOfNode(h, i0, j0)] as Tile, T, offset, x, y, out);
    return;
  }
  const ci = i0 % T;
  const cj = j0 % T;
  // The window straddles tiles: its 3 columns and 3 rows are located once, then 9 nodes read.
  const across = Math.ceil(h.width / T);
  const c0 = Math.floor(i0 / T);
  const c1 = Math.floor((i0 + 1) / T);
  const c2 = Math.floor((i0 + 2) / T);
  const a0 = 2 * ci;
  const a1 = 2 * ((i0 + 1) % T);
  const a2 = 2 * ((i0 + 2) % T);
  const r0 = Math.floor(j0 / T) * across;
  const r1 = Math.floor((j0 + 1) / T) * across;
  const r2 = Math.floor((j0 + 2) / T) * across;
  const b0 = 2 * T * cj;
  const b1 = 2 * T * ((j0 + 1) % T);
  const b2 = 2 * T * ((j0 + 2) % T);
  const t00 = tiles[r0 + c0] as Tile;
  const t01 = tiles[r0 + c1] as Tile;
  const t02 = tiles[r0 + c2] as Tile;
  const t10 = tiles[r1 + c0] as Tile;
  const t11 = tiles[r1 + c1] as Tile;
  const t12 = tiles[r1 + c2] as Tile;
  const t20 = tiles[r2 + c0] as Tile;
  const t21 = tiles[r2 + c1] as Tile;
  const t22 = tiles[r2 + c2] as Tile;
  for (let band = 0; band < 2; band++) {
    out[band] = quadratic(
      quadratic(
        t00[b0 + a0 + band] as number,
        t01[b0 + a1 + band] as number,
        t02[b0 + a2 + band] as number,
        x,
      ),
      quadratic(
        t10[b1 + a0 + band] as number,
        t11[b1 + a1 + band] as number,
        t12[b1 + a2 + band] as number,
        x,
      ),
      quadratic(
        t20[b2 + a0 + band] as number,
        t21[b2 + a1 + band] as number,
        t22[b2 + a2 + band] as number,
        x,
      ),
      y,
    );
  }
}
