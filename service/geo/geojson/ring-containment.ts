// Containment between rings that meet nowhere: ring X lies inside ring Y when a ray from a vertex
// of X crosses Y an odd number of times. Only rings whose box holds X's box can contain X, so a
// ray is cast only when there is such a ring, and only as far as the widest of them; it answers
// for all of them at once. Each segment of a candidate container met by the ray is one comparison.
import Flatbush from "flatbush";
import type { ComparisonBudget } from "./budget.ts";
import { orient } from "./predicates.ts";
import type { RelationFacts, RelationRing } from "./ring-relations.ts";
import type { WorkingRing } from "./working-ring.ts";

type Box = readonly [number, number, number, number];

function boxOf(ring: WorkingRing): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < ring.n; i++) {
    const x = ring.xs[i] as number;
    const y = ring.ys[i] as number;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

/**
 * Adds `${inner},${outer}` to facts.inside for every pair of rings that do not meet and nest.
 * `segments` indexes every segment; `segRing` and `offsets` map a segment id to its ring and index.
 */
export function findContainment(
  rings: readonly RelationRing[],
  facts: RelationFacts,
  segments: Flatbush,
  segRing: Int32Array,
  offsets: readonly number[],
  budget: ComparisonBudget,
): void {
  const boxes = rings.map((r) => boxOf(r.ring));
  const ringIndex = new Flatbush(rings.length);
  for (const b of boxes) ringIndex.add(...b);
  ringIndex.finish();
  boxes.forEach(([x0, y0, x1, y1], b) => {
    const containers = new Set<number>();
    let reach = -Infinity;
    for (const a of ringIndex.search(x0, y0, x1, y1)) {
      const [ax0, ay0, ax1, ay1] = boxes[a] as Box;
      if (a === b || ax0 > x0 || ay0 > y0 || ax1 < x1 || ay1 < y1) continue;
      if (facts.pairs.has(`${Math.min(a, b)},${Math.max(a, b)}`)) continue; // decided at their contacts
      containers.add(a);
      reach = Math.max(reach, ax1);
    }
    if (containers.size === 0) return;
    const { ring: inner } = rings[b] as RelationRing;
    const px = inner.xs[0] as number;
    const py = inner.ys[0] as number;
    const odd = new Set<number>();
    for (const g of segments.search(px, py, reach, py)) {
      const a = segRing[g] as number;
      if (!containers.has(a)) continue;
      budget.take();
      const { ring } = rings[a] as RelationRing;
      const j = g - (offsets[a] as number);
      const i = (j + 1) % ring.n;
      const yj = ring.ys[j] as number;
      const yi = ring.ys[i] as number;
      if (yi > py === yj > py) continue;
      // The edge straddles the ray's line: does it pass to the right of P?
      const o = orient(ring.xs[j] as number, yj, ring.xs[i] as number, yi, px, py);
      if (yi > yj ? o > 0 : o < 0) {
        if (odd.has(a)) odd.delete(a);
        else odd.add(a);
      }
    }
    for (const a of odd) facts.inside.add(`${b},${a}`);
  });
}
