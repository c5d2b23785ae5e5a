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
  const repeated = findRepeatedVertex(ring);
  if (repeated) return repeated;
  for (let k = 0; k < n; k++) {
    budget.take();
    if (foldsBack(ring, k)) return { kind: "spike", vertex: k };
  }
  if (n === 3) return { kind: "simple" };

  // Segment i runs from vertex i to vertex i+1; its left end is the lexicographically smaller one.
  const leftOf = (seg: number): number => {
    const b = (seg + 1) % n;
    return comparePoints(xs[seg] as number, ys[seg] as number, xs[b] as number, ys[b] as number) < 0
      ? seg
      : b;
  };
  const adjacent = (a: number, b: number): boolean => (a + 1) % n === b || (b + 1) % n === a;
  const endsOf = (seg: number): [number, number] => {
    const l = leftOf(seg);
    return [l, l === seg ? (seg + 1) % n : seg];
  };
  const intersects = (a: number, b: number): boolean => {
    budget.take();
    const [a0, a1] = endsOf(a);
    const [b0, b1] = endsOf(b);
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

  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => comparePoints(xs[a] as number, ys[a] as number, xs[b] as number, ys[b] as number));
  const status = new SweepStatus(n);
  for (const v of order) {
    const segs = [(v + n - 1) % n, v];
    // Removals first: a segment ending here leaves before the one starting here enters.
    for (const seg of segs) {
      if (leftOf(seg) === v) continue;
      const below = status.below(seg);
      const above = status.above(seg);
      status.remove(seg);
      if (below >= 0 && above >= 0 && !adjacent(below, above) && intersects(below, above)) {
        return { kind: "intersection", segmentA: below, segmentB: above };
      }
    }
    for (const seg of segs) {
      if (leftOf(seg) !== v) continue;
      const [, r] = endsOf(seg);
      const px = xs[v] as number;
      const py = ys[v] as number;
      const hit = status.insert(seg, (other) => {
        budget.take();
        const [o0, o1] = endsOf(other);
        const ox0 = xs[o0] as number;
        const oy0 = ys[o0] as number;
        const side = orient(ox0, oy0, xs[o1] as number, ys[o1] as number, px, py);
        if (side !== 0) return side;
        // Shared left end (only for the adjacent segment): order by where the right ends go.
        if (ox0 === px && oy0 === py)
          return orient(ox0, oy0, xs[o1] as number, ys[o1] as number, xs[r] as number, ys[r] as number);
        return 0; // v lies on `other`'s interior
      });
      if (hit >= 0) return { kind: "intersection", segmentA: hit, segmentB: seg };
      for (const other of [status.below(seg), status.above(seg)]) {
        if (other >= 0 && !adjacent(seg, other) && intersects(seg, other)) {
          return { kind: "intersection", segmentA: other, segmentB: seg };
        }
      }
    }
  }
  return { kind: "simple" };
}

function findRepeatedVertex(ring: WorkingRing): SimplicityResult | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < ring.n; i++) {
    const key = `${ring.xs[i]},${ring.ys[i]}`;
    const first = seen.get(key);
    if (first !== undefined) return { kind: "repeated_vertex", first, second: i };
    seen.set(key, i);
  }
  return undefined;
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
