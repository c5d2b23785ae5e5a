// Exact point-in-ring test (crossing number with exact orientation), for points known not to lie
// on the ring. Charges one comparison per ring edge.
import type { ComparisonBudget } from "./budget.ts";
import { orient } from "./predicates.ts";
import type { WorkingRing } from "./working-ring.ts";

export function pointInRing(ring: WorkingRing, px: number, py: number, budget: ComparisonBudget): boolean {
  const { n, xs, ys } = ring;
  budget.take(n);
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = ys[i] as number;
    const yj = ys[j] as number;
    if (yi > py === yj > py) continue;
    // Edge j→i straddles the horizontal through P: does it pass to the right of P?
    const o = orient(xs[j] as number, yj, xs[i] as number, yi, px, py);
    if (yi > yj ? o > 0 : o < 0) inside = !inside;
  }
  return inside;
}
