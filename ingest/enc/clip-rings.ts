// Clipping of polygon rings to tiles. Each ring is clipped to an axis-aligned rectangle with
// Sutherland–Hodgman; the result has the same even-odd interior inside the rectangle (possibly
// with zero-width edges along its border). New vertices fall on the rectangle's edges and are
// rounded to whole E7 units along that edge. Rings are open E7 [lon, lat, …] arrays.
import { colOf, type EncTileGrid, gridTile, rowOf } from "../../artifacts/format/enc-tile-grid.ts";
import { ringsBounds } from "../../artifacts/format/ring-containment.ts";

export interface Rect {
  west: number;
  south: number;
  east: number;
  north: number;
}

type Edge = {
  inside(x: number, y: number): boolean;
  cross(x1: number, y1: number, x2: number, y2: number): [number, number];
};

function edges(r: Rect): Edge[] {
  const atX =
    (X: number) =>
    (x1: number, y1: number, x2: number, y2: number): [number, number] => [
      X,
      Math.round(y1 + ((X - x1) * (y2 - y1)) / (x2 - x1)),
    ];
  const atY =
    (Y: number) =>
    (x1: number, y1: number, x2: number, y2: number): [number, number] => [
      Math.round(x1 + ((Y - y1) * (x2 - x1)) / (y2 - y1)),
      Y,
    ];
  return [
    { inside: (x) => x >= r.west, cross: atX(r.west) },
    { inside: (x) => x <= r.east, cross: atX(r.east) },
    { inside: (_x, y) => y >= r.south, cross: atY(r.south) },
    { inside: (_x, y) => y <= r.north, cross: atY(r.north) },
  ];
}

/** Drops consecutive repeated vertices (including last = first). */
function dedupe(v: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < v.length; i += 2) {
    const x = v[i] as number;
    const y = v[i + 1] as number;
    const n = out.length;
    if (n >= 2 && out[n - 2] === x && out[n - 1] === y) continue;
    out.push(x, y);
  }
  while (out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  return out;
}

/** One open ring clipped to a rectangle; null when nothing of it with area remains. */
export function clipRing(ring: ArrayLike<number>, rect: Rect): Int32Array | null {
  let v: number[] = Array.from(ring);
  for (const e of edges(rect)) {
    const out: number[] = [];
    const n = v.length;
    if (n < 6) return null;
    let px = v[n - 2] as number;
    let py = v[n - 1] as number;
    let pin = e.inside(px, py);
    for (let i = 0; i < n; i += 2) {
      const x = v[i] as number;
      const y = v[i + 1] as number;
      const cin = e.inside(x, y);
      if (cin !== pin) out.push(...e.cross(px, py, x, y));
      if (cin) out.push(x, y);
      px = x;
      py = y;
      pin = cin;
    }
    v = dedupe(out);
  }
  return v.length >= 6 && twiceArea(v) !== 0 ? Int32Array.from(v) : null;
}

function twiceArea(v: number[]): number {
  let a = 0;
  const n = v.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    // relative to the first vertex, to keep the products small and exact
    a += ((v[i] as number) - (v[0] as number)) * ((v[j + 1] as number) - (v[1] as number));
    a -= ((v[j] as number) - (v[0] as number)) * ((v[i + 1] as number) - (v[1] as number));
  }
  return a;
}

/**
 * Every tile of the grid the rings have area in, with the rings clipped to it. Splits the tile
 * range in halves and clips as it goes, so a large polygon is cut O(vertices · log tiles) times.
 */
export function clipToTiles(
  grid: EncTileGrid,
  rings: readonly Int32Array[],
  emit: (col: number, row: number, clipped: Int32Array[]) => void,
): void {
  const [w, s, e, n] = ringsBounds(rings);
  if (!Number.isFinite(w)) return;
  const split = (c0: number, c1: number, r0: number, r1: number, parts: readonly Int32Array[]): void => {
    const lo = gridTile(grid, c0, r0);
    const hi = gridTile(grid, c1, r1);
    const rect = { west: lo.west, south: lo.south, east: hi.east, north: hi.north };
    const clipped = parts.map((r) => clipRing(r, rect)).filter((r): r is Int32Array => r !== null);
    if (clipped.length === 0) return;
    if (c0 === c1 && r0 === r1) {
      emit(c0, r0, clipped);
    } else if (c1 - c0 >= r1 - r0) {
      const mid = (c0 + c1) >> 1;
      split(c0, mid, r0, r1, clipped);
      split(mid + 1, c1, r0, r1, clipped);
    } else {
      const mid = (r0 + r1) >> 1;
      split(c0, c1, r0, mid, clipped);
      split(c0, c1, mid + 1, r1, clipped);
    }
  };
  split(colOf(grid, w), colOf(grid, e), rowOf(grid, s), rowOf(grid, n), rings);
}
