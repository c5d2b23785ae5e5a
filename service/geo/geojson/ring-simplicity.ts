// Is one ring simple? Shamos–Hoey sweep with exact predicates: the ring is simple when no two
// non-adjacent segments share a point and no two adjacent segments fold back onto each other.
// Touching at a vertex, a vertex on another segment, crossings, collinear overlaps and spikes all
// count as self-intersections (OGC simple-ring semantics, no self-touching "inverted" rings).
//
// Cost in segment-pair comparisons (charged to the budget), for a ring of s segments:
//   s adjacent-pair tests, at most ⌈log2 b⌉ + ⌈log2 129⌉ ordered comparisons per insertion into
//   the sweep status of b blocks, two neighbour tests per insertion, one per removal.
//   That is at most s · (⌈log2 s⌉ + 12) and about 5–8 per segment for everyday rings.
import type { ComparisonBudget } from "./budget.ts";
import { comparePoints, orient, segmentsIntersect } from "./predicates.ts";
import { SweepStatus } from "./sweep-status.ts";
import type { WorkingRing } from "./working-ring.ts";

export type SimplicityResult =
  | { kind: "simple" }
  | { kind: "degenerate"; distinct: number }
  | { kind: "repeated_vertex"; first: number; second: number }
  | { kind: "spike"; vertex: number }
  | { kind: "intersection"; segmentA: number; segmentB: number };

/** Worst-case cost of checkRingSimple for a ring of n vertices, used to order rings cheapest first. */
export function simplicityCostBound(n: number): number {
  return n * (Math.ceil(Math.log2(Math.max(n, 2))) + 12);
}

/** Vertex indexes in the result are working-ring indexes; map them through `ring.source`. */
export function checkRingSimple(ring: WorkingRing, budget: ComparisonBudget): SimplicityResult {
  const { n, xs, ys } = ring;
  if (n < 3) return { kind: "degenerate", distinct: n };
  // Vertices in sweep order (x, then y); equal neighbours in this order are repeated vertices.
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) =>
    comparePoints(xs[a] as number, ys[a] as number, xs[b] as number, ys[b] as number),
  );
  for (let k = 1; k < n; k++) {
    const a = order[k - 1] as number;
    const b = order[k] as number;
    if (xs[a] === xs[b] && ys[a] === ys[b])
      return { kind: "repeated_vertex", first: Math.min(a, b), second: Math.max(a, b) };
  }
  for (let k = 0; k < n; k++) {
    budget.take();
    if (foldsBack(ring, k)) return { kind: "spike", vertex: k };
  }
  if (n === 3) return { kind: "simple" };

  // Segment i runs from vertex i to vertex i+1; `lo[i]` is its lexicographically smaller end.
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const left = comparePoints(xs[i] as number, ys[i] as number, xs[j] as number, ys[j] as number) < 0;
    lo[i] = left ? i : j;
    hi[i] = left ? j : i;
  }
  const adjacent = (a: number, b: number): boolean => (a + 1) % n === b || (b + 1) % n === a;
  const intersects = (a: number, b: number): boolean => {
    budget.take();
    const a0 = lo[a] as number;
    const a1 = hi[a] as number;
    const b0 = lo[b] as number;
    const b1 = hi[b] as number;
    return segmentsIntersect(
      xs[a0] as number,
      ys[a0] as number,
      xs[a1] as number,
      ys[a1] as number,
      xs[b0] as number,
      ys[b0] as number,
      xs[b1] as number,
      ys[b1] as number,
    );
  };

  const status = new SweepStatus(n);
  let px = 0;
  let py = 0;
  let rx = 0;
  let ry = 0;
  // Where the segment being inserted goes relative to `other`: > 0 above, < 0 below, 0 touching.
  const compare = (other: number): number => {
    budget.take();
    const ox0 = xs[lo[other] as number] as number;
    const oy0 = ys[lo[other] as number] as number;
    const ox1 = xs[hi[other] as number] as number;
    const oy1 = ys[hi[other] as number] as number;
    const side = orient(ox0, oy0, ox1, oy1, px, py);
    if (side !== 0) return side;
    // Shared left end (only for the adjacent segment): order by where the right ends go.
    if (ox0 === px && oy0 === py) return orient(ox0, oy0, ox1, oy1, rx, ry);
    return 0; // the vertex lies on `other`'s interior
  };
  const checkPair = (a: number, b: number): SimplicityResult | undefined =>
    a >= 0 && b >= 0 && !adjacent(a, b) && intersects(a, b)
      ? { kind: "intersection", segmentA: a, segmentB: b }
      : undefined;
  // The two segments at a vertex are taken in an order fixed by geometry (their other ends),
  // so a ring and its reverse cost exactly the same comparisons.
  const pair: [number, number] = [0, 0];
  const byOtherEnd = (v: number): [number, number] => {
    const a = (v + n - 1) % n;
    const oa = lo[a] === v ? (hi[a] as number) : (lo[a] as number);
    const ob = lo[v] === v ? (hi[v] as number) : (lo[v] as number);
    const first = comparePoints(xs[oa] as number, ys[oa] as number, xs[ob] as number, ys[ob] as number) <= 0;
    pair[0] = first ? a : v;
    pair[1] = first ? v : a;
    return pair;
  };
  for (let k = 0; k < n; k++) {
    const v = order[k] as number;
    const segs = byOtherEnd(v);
    // Removals first: a segment ending here leaves before the one starting here enters.
    for (const seg of segs) {
      if (hi[seg] !== v) continue;
      const below = status.below(seg);
      const above = status.above(seg);
      status.remove(seg);
      const found = checkPair(below, above);
      if (found) return found;
    }
    for (const seg of segs) {
      if (lo[seg] !== v) continue;
      px = xs[v] as number;
      py = ys[v] as number;
      rx = xs[hi[seg] as number] as number;
      ry = ys[hi[seg] as number] as number;
      const hit = status.insert(seg, compare);
      if (hit >= 0) return { kind: "intersection", segmentA: hit, segmentB: seg };
      const found = checkPair(status.below(seg), seg) ?? checkPair(status.above(seg), seg);
      if (found) return found;
    }
  }
  return { kind: "simple" };
}

/** True when the segments meeting at vertex k are collinear and point the same way (a spike). */
function foldsBack(ring: WorkingRing, k: number): boolean {
  const { n, xs, ys } = ring;
  const a = (k + n - 1) % n;
  const c = (k + 1) % n;
  const bx = xs[k] as number;
  const by = ys[k] as number;
  const ax = xs[a] as number;
  const ay = ys[a] as number;
  const cx = xs[c] as number;
  const cy = ys[c] as number;
  if (orient(ax, ay, bx, by, cx, cy) !== 0) return false;
  // Collinear: a and c on the same side of b along the line means the ring doubles back.
  if (ax !== bx) return ax < bx === cx < bx;
  return ay < by === cy < by;
}
