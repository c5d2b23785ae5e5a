// The non-zero-winding region of closed curves (the raw offset curves of offset-curves.ts), as
// valid polygons: GEOS nodes the curves and lists the faces of their arrangement; a face is kept
// when the curves' winding number about its interior point is not zero. The winding number is
// counted over the segments of one horizontal band (bands of about √n segments each).
import type { MultiPoly } from "./clip.ts";
import { GeosError, keptFaces } from "./geos.ts";
import type { XY } from "./offset-curves.ts";

/** Snap-rounding grids (coordinate units) tried, in order, when floating-point noding fails. */
const GRIDS = [1e-7, 1e-5] as const;

function windingCounter(curves: XY[][]): (x: number, y: number) => number {
  const segs: number[] = [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of curves) {
    for (let i = 0; i + 1 < c.length; i++) {
      const [ax, ay] = c[i] as XY;
      const [bx, by] = c[i + 1] as XY;
      if (ay === by) continue;
      segs.push(ax, ay, bx, by);
      lo = Math.min(lo, ay, by);
      hi = Math.max(hi, ay, by);
    }
  }
  const n = segs.length / 4;
  const bands = Math.max(1, Math.ceil(Math.sqrt(n)));
  const scale = bands / (hi - lo || 1);
  const members: number[][] = Array.from({ length: bands }, () => []);
  for (let k = 0; k < n; k++) {
    const y0 = Math.min(segs[4 * k + 1] as number, segs[4 * k + 3] as number);
    const y1 = Math.max(segs[4 * k + 1] as number, segs[4 * k + 3] as number);
    const b0 = Math.max(0, Math.floor((y0 - lo) * scale));
    const b1 = Math.min(bands - 1, Math.floor((y1 - lo) * scale));
    for (let b = b0; b <= b1; b++) (members[b] as number[]).push(k);
  }
  return (x, y) => {
    const b = Math.floor((y - lo) * scale);
    if (b < 0 || b >= bands) return 0;
    let w = 0;
    for (const k of members[b] as number[]) {
      const ax = segs[4 * k] as number;
      const ay = segs[4 * k + 1] as number;
      const bx = segs[4 * k + 2] as number;
      const by = segs[4 * k + 3] as number;
      const side = (bx - ax) * (y - ay) - (x - ax) * (by - ay);
      if (ay <= y && y < by && side > 0) w++;
      else if (by <= y && y < ay && side < 0) w--;
    }
    return w;
  };
}

/** Polygons covering exactly where the curves' winding number is not zero. */
export function nonZeroRegion(curves: XY[][]): { polygons: MultiPoly; snapped: number | null } {
  const winding = windingCounter(curves);
  const keep = (x: number, y: number) => winding(x, y) !== 0;
  let failure: unknown;
  for (const grid of [0, ...GRIDS]) {
    try {
      return { polygons: keptFaces(curves, keep, grid), snapped: grid > 0 ? grid : null };
    } catch (err) {
      if (!(err instanceof GeosError)) throw err;
      failure = err;
    }
  }
  throw failure;
}
