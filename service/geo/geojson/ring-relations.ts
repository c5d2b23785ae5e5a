// How the rings of one Polygon or MultiPolygon meet: for every pair of rings, whether they cross,
// share a stretch of boundary, or only touch at points (and where), and which ring lies inside
// which. Rings must each be simple already. Candidate segment pairs come from a packed R-tree
// (flatbush) over segment boxes; each candidate pair is one comparison charged to the budget,
// and so is each segment met by a containment ray and each touch point resolved.
import Flatbush from "flatbush";
import type { ComparisonBudget } from "./budget.ts";
import { type BoundaryLocation, sideAt } from "./local-side.ts";
import { orient } from "./predicates.ts";
import { findContainment } from "./ring-containment.ts";
import type { WorkingRing } from "./working-ring.ts";

export interface RelationRing {
  ring: WorkingRing;
  /** +1 counterclockwise, -1 clockwise (from ringOrientation). */
  orientation: number;
}

export interface PairFacts {
  /** The boundaries cross (properly, or at a shared point where they interleave). */
  cross: boolean;
  /** The boundaries share a stretch of positive length. */
  overlap: boolean;
  /** Points where they touch without crossing, as exact "x,y" keys. */
  touches: Set<string>;
  /** A vertex of the higher-numbered ring where the first crossing or overlap shows. */
  vertex: number;
}

export interface RelationFacts {
  /** Keyed `${a},${b}` with a < b. */
  pairs: Map<string, PairFacts>;
  /** `${inner},${outer}`: ring inner lies in the interior of ring outer (never for crossing pairs). */
  inside: Set<string>;
}

interface Contact {
  a: number;
  b: number;
  segA: number;
  segB: number;
  x: number;
  y: number;
}

/** Upper estimate of the cost, for ordering checks cheapest first. */
export function relationCostBound(rings: readonly RelationRing[]): number {
  let n = 0;
  for (const r of rings) n += r.ring.n;
  return 4 * n;
}

export function relateRings(rings: readonly RelationRing[], budget: ComparisonBudget): RelationFacts {
  const facts: RelationFacts = { pairs: new Map(), inside: new Set() };
  const offsets: number[] = [];
  let total = 0;
  for (const r of rings) {
    offsets.push(total);
    total += r.ring.n;
  }
  if (rings.length < 2 || total === 0) return facts;
  const segRing = new Int32Array(total);
  const boxes = new Float64Array(4 * total);
  const index = new Flatbush(total);
  rings.forEach((r, k) => {
    const { n, xs, ys } = r.ring;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      segRing[(offsets[k] as number) + i] = k;
      const x0 = xs[i] as number;
      const y0 = ys[i] as number;
      const x1 = xs[j] as number;
      const y1 = ys[j] as number;
      const box = [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)] as const;
      boxes.set(box, 4 * ((offsets[k] as number) + i));
      index.add(...box);
    }
  });
  index.finish();

  const contacts: Contact[] = [];
  for (let g = 0; g < total; g++) {
    const s = 4 * g;
    const ra = segRing[g] as number;
    for (const h of index.search(
      boxes[s] as number,
      boxes[s + 1] as number,
      boxes[s + 2] as number,
      boxes[s + 3] as number,
    )) {
      const rb = segRing[h] as number;
      if (h <= g || rb === ra) continue;
      budget.take();
      classifyPair(rings, facts, contacts, ra, g - (offsets[ra] as number), rb, h - (offsets[rb] as number));
    }
  }
  for (const c of contacts) resolveContact(rings, facts, c, budget);
  findContainment(rings, facts, index, segRing, offsets, budget);
  return facts;
}

function pairOf(facts: RelationFacts, a: number, b: number): PairFacts {
  const key = `${a},${b}`;
  let p = facts.pairs.get(key);
  if (!p) {
    p = { cross: false, overlap: false, touches: new Set(), vertex: -1 };
    facts.pairs.set(key, p);
  }
  return p;
}

function classifyPair(
  rings: readonly RelationRing[],
  facts: RelationFacts,
  contacts: Contact[],
  a: number,
  i: number,
  b: number,
  j: number,
): void {
  const A = (rings[a] as RelationRing).ring;
  const B = (rings[b] as RelationRing).ring;
  const i1 = (i + 1) % A.n;
  const j1 = (j + 1) % B.n;
  const [p1x, p1y, p2x, p2y] = [A.xs[i] as number, A.ys[i] as number, A.xs[i1] as number, A.ys[i1] as number];
  const [q1x, q1y, q2x, q2y] = [B.xs[j] as number, B.ys[j] as number, B.xs[j1] as number, B.ys[j1] as number];
  const o1 = orient(p1x, p1y, p2x, p2y, q1x, q1y);
  const o2 = orient(p1x, p1y, p2x, p2y, q2x, q2y);
  if (o1 !== 0 && o1 === o2) return;
  const o3 = orient(q1x, q1y, q2x, q2y, p1x, p1y);
  const o4 = orient(q1x, q1y, q2x, q2y, p2x, p2y);
  if (o3 !== 0 && o3 === o4) return;
  const add = (x: number, y: number) => contacts.push({ a, b, segA: i, segB: j, x, y });
  if (o1 === 0 && o2 === 0) {
    // Collinear: compare extents along the line's dominant axis.
    const vertical = p1x === p2x;
    const [a0, a1] = vertical
      ? [Math.min(p1y, p2y), Math.max(p1y, p2y)]
      : [Math.min(p1x, p2x), Math.max(p1x, p2x)];
    const [b0, b1] = vertical
      ? [Math.min(q1y, q2y), Math.max(q1y, q2y)]
      : [Math.min(q1x, q2x), Math.max(q1x, q2x)];
    const lo = Math.max(a0, b0);
    const hi = Math.min(a1, b1);
    if (lo < hi) {
      const p = pairOf(facts, a, b);
      if (!p.overlap && !p.cross) p.vertex = j;
      p.overlap = true;
    } else if (lo === hi) {
      // Touch end to end: the shared point is an endpoint of both.
      for (const [x, y] of [
        [q1x, q1y],
        [q2x, q2y],
      ] as const)
        if ((vertical ? y : x) === lo) add(x, y);
    }
    return;
  }
  if (o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) {
    const p = pairOf(facts, a, b);
    if (!p.overlap && !p.cross) p.vertex = j;
    p.cross = true;
    return;
  }
  if (o1 === 0) add(q1x, q1y);
  else if (o2 === 0) add(q2x, q2y);
  else if (o3 === 0) add(p1x, p1y);
  else add(p2x, p2y);
}

/** Where point (x, y), known to lie on segment `seg` of the ring, sits: at a vertex or inside the segment. */
function locate(ring: WorkingRing, seg: number, x: number, y: number): BoundaryLocation {
  if (ring.xs[seg] === x && ring.ys[seg] === y) return { kind: "vertex", index: seg };
  const next = (seg + 1) % ring.n;
  if (ring.xs[next] === x && ring.ys[next] === y) return { kind: "vertex", index: next };
  return { kind: "segment", index: seg };
}

/** The two directions a ring leaves a boundary point in, as points. */
function rays(ring: WorkingRing, at: BoundaryLocation): [number, number, number, number] {
  const { n, xs, ys } = ring;
  const [u, w] =
    at.kind === "vertex" ? [(at.index + n - 1) % n, (at.index + 1) % n] : [at.index, (at.index + 1) % n];
  return [xs[u] as number, ys[u] as number, xs[w] as number, ys[w] as number];
}

function resolveContact(
  rings: readonly RelationRing[],
  facts: RelationFacts,
  c: Contact,
  budget: ComparisonBudget,
): void {
  const p = pairOf(facts, c.a, c.b);
  const key = `${c.x},${c.y}`;
  if (p.touches.has(key)) return;
  budget.take();
  const A = rings[c.a] as RelationRing;
  const B = rings[c.b] as RelationRing;
  const atA = locate(A.ring, c.segA, c.x, c.y);
  const atB = locate(B.ring, c.segB, c.x, c.y);
  const [u1x, u1y, u2x, u2y] = rays(B.ring, atB);
  const s1 = sideAt(A.ring, A.orientation, atA, c.x, c.y, u1x, u1y);
  const s2 = sideAt(A.ring, A.orientation, atA, c.x, c.y, u2x, u2y);
  const vertexB = atB.index;
  if (s1 * s2 < 0) {
    if (!p.overlap && !p.cross) p.vertex = vertexB;
    p.cross = true;
  } else if (s1 === 0 && s2 === 0) {
    if (!p.overlap && !p.cross) p.vertex = vertexB;
    p.overlap = true;
  }
  p.touches.add(key);
  if (s1 + s2 > 0) facts.inside.add(`${c.b},${c.a}`);
  // Is A locally inside B at this point?
  const [v1x, v1y, v2x, v2y] = rays(A.ring, atA);
  const t =
    sideAt(B.ring, B.orientation, atB, c.x, c.y, v1x, v1y) +
    sideAt(B.ring, B.orientation, atB, c.x, c.y, v2x, v2y);
  if (t > 0) facts.inside.add(`${c.a},${c.b}`);
}
