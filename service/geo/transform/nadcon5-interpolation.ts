// NADCON5 biquadratic interpolation as PROJ's gridshift (PROJ 9.5.1) and NGS NCAT apply it:
// a 3×3 node window whose start moves one node back on an axis when the fraction is ≤ 0.5 (and
// the node is not the first) or when the cell is the last one, then the quadratic through three
// nodes, f0 + x·Δ0 + ½·x(x−1)·(Δ1 − Δ0), along longitude first and latitude second.
// The node rectangle is closed: a position on the outermost row or column is inside.
import { type ShiftGridHeader, type Tile, tileId } from "../../../artifacts/format/shift-grid.ts";

/** Tolerance (in grid cells) that keeps a position on the last row/column inside, as PROJ's. */
const EDGE_EPS = 1e-11;

export interface GridWindow {
  /** Column and row of the window's first node (rows from the south). */
  i0: number;
  j0: number;
  /** Position inside the window, in cells from the first node: 0..2. */
  x: number;
  y: number;
}

/** Longitude moved by ±360° into the grid's longitude range when that puts it inside. */
export function gridLongitude(h: ShiftGridHeader, lon: number): number {
  const east = h.west + (h.width - 1) * h.resX;
  if (lon < h.west && lon + 360 <= east + EDGE_EPS * h.resX) return lon + 360;
  if (lon > east && lon - 360 >= h.west - EDGE_EPS * h.resX) return lon - 360;
  return lon;
}

function axis(t: number, size: number): { i: number; f: number } | undefined {
  let i = Math.floor(t);
  let f = t - i;
  if (i < 0) {
    if (i !== -1 || f <= 1 - EDGE_EPS) return undefined;
    i = 0;
    f = 0;
  } else if (i >= size - 1) {
    if (i !== size - 1 || f >= EDGE_EPS) return undefined;
    i = size - 2;
    f = 1;
  }
  if ((f <= 0.5 && i > 0) || i + 2 === size) {
    i -= 1;
    f += 1;
  }
  return { i, f };
}

/** The 3×3 window of a position, or undefined outside the node rectangle. */
export function windowAt(h: ShiftGridHeader, lon: number, lat: number): GridWindow | undefined {
  const gx = axis((gridLongitude(h, lon) - h.west) / h.resX, h.width);
  const gy = axis((lat - h.south) / h.resY, h.height);
  if (!gx || !gy) return undefined;
  return { i0: gx.i, j0: gy.i, x: gx.f, y: gy.f };
}

/** Ids of the tiles the window reads (1 to 4). */
export function windowTiles(h: ShiftGridHeader, w: GridWindow): number[] {
  const T = h.tileSize;
  const ids = new Set<number>();
  for (const j of [w.j0, w.j0 + 2])
    for (const i of [w.i0, w.i0 + 2]) ids.add(tileId(h, Math.floor(i / T), Math.floor(j / T)));
  return [...ids];
}

const quadratic = (f0: number, f1: number, f2: number, x: number): number => {
  const d0 = f1 - f0;
  const d1 = f2 - f1;
  return f0 + x * d0 + 0.5 * x * (x - 1) * (d1 - d0);
};

/**
 * Interpolated [latOffset, lonOffset] (arc-seconds) in the window; `tile(id)` must return every
 * tile of windowTiles(h, w).
 */
export function interpolate(h: ShiftGridHeader, w: GridWindow, tile: (id: number) => Tile): [number, number] {
  const T = h.tileSize;
  const across = Math.ceil(h.width / T);
  const node = (i: number, j: number, band: number): number => {
    const t = tile(Math.floor(j / T) * across + Math.floor(i / T));
    return t[((j % T) * T + (i % T)) * 2 + band] as number;
  };
  const out: [number, number] = [0, 0];
  for (const band of [0, 1]) {
    const rows: number[] = [];
    for (let r = 0; r < 3; r++) {
      const j = w.j0 + r;
      rows.push(quadratic(node(w.i0, j, band), node(w.i0 + 1, j, band), node(w.i0 + 2, j, band), w.x));
    }
    out[band] = quadratic(rows[0] as number, rows[1] as number, rows[2] as number, w.y);
  }
  return out;
}
