// A cheap bound on how hard a clipping job is: the number of segment pairs that touch or cross,
// beyond each segment's touch with its neighbour (a sweep over x in plain floating point).
// polyclip-ts spends a fraction of a millisecond per crossing in exact decimal arithmetic, so a
// self-crossing input such as a 2000-vertex zigzag (millions of crossings) would hold the process
// for hours; such operands are refused before polyclip-ts runs.
import { ApiError } from "../../errors.ts";
import type { Ring } from "./clip.ts";
import { BUFFER_EDGE_CROSSINGS } from "./limits.ts";

/** x-range, y-range, then the endpoints. */
type Seg = [number, number, number, number, number, number, number, number];

const side = (ax: number, ay: number, bx: number, by: number, px: number, py: number) =>
  Math.sign((bx - ax) * (py - ay) - (by - ay) * (px - ax));

/** True when the segments touch or cross (shared endpoints included). */
function crosses(p: Seg, q: Seg): boolean {
  const [, , , , ax, ay, bx, by] = p;
  const [, , , , cx, cy, dx, dy] = q;
  return (
    side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) <= 0 &&
    side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) <= 0
  );
}

/** Counts touching or crossing segment pairs among the rings, stopping at `cap`. */
export function crossingCandidates(rings: Ring[], cap: number): number {
  const segs: Seg[] = [];
  for (const r of rings) {
    for (let i = 0; i + 1 < r.length; i++) {
      const [ax, ay] = r[i] as [number, number];
      const [bx, by] = r[i + 1] as [number, number];
      segs.push([Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by), ax, ay, bx, by]);
    }
  }
  segs.sort((p, q) => p[0] - q[0]);
  let count = 0;
  const active: Seg[] = [];
  for (const s of segs) {
    let w = 0;
    for (const a of active) {
      if (a[1] < s[0]) continue;
      active[w++] = a;
      if (a[2] <= s[3] && s[2] <= a[3] && crosses(a, s)) count++;
    }
    active.length = w;
    active.push(s);
    if (count >= cap) return count;
  }
  return count;
}

/** Refuses (limit_exceeded, nothing charged) operands whose edges would cross too often. */
export function assertClippable(rings: Ring[], where: { field: string; path: string }): void {
  // adjacent segments always share a box corner: discount one pair per segment
  const n = rings.reduce((s, r) => s + Math.max(0, r.length - 1), 0);
  const { name, max, unit } = BUFFER_EDGE_CROSSINGS;
  const count = crossingCandidates(rings, max + 1 + n) - n;
  if (count <= max) return;
  throw new ApiError("limit_exceeded", {
    ...where,
    limit: { name, max, unit, actual: count },
    reason:
      "the buffer's offset edges cross each other too often to be resolved in time (counting stops past the limit)",
  });
}
