// Is a ring simple (no two non-adjacent edges meet, not even by touching)? Edges are binned in
// a uniform grid over the ring's box by their bounding boxes, so two edges that meet share a
// bin; only pairs within a bin are tested, exactly (Shewchuk's orientation predicate).
// The answer is "proven simple" or "not proven": past a work budget (pathological rings with
// many long edges) the check gives up and says not proven, which callers treat as not simple.
import { orient2d } from "robust-predicates";
import type { Ring } from "../areal-geometry.ts";

const BIN_INCIDENCES_PER_EDGE = 16;
const PAIR_TESTS_PER_EDGE = 200;

/** Answers per ring object: the self-crossing check and the cell-count bound ask about the same rings. */
const proven = new WeakMap<Ring, boolean>();

export function isProvenSimpleRing(ring: Ring): boolean {
  let answer = proven.get(ring);
  if (answer === undefined) {
    answer = provenSimple(ring);
    proven.set(ring, answer);
  }
  return answer;
}

function provenSimple(ring: Ring): boolean {
  // Distinct consecutive vertices; the closing vertex repeats the first.
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of ring) {
    const x = p[0] as number;
    const y = p[1] as number;
    const last = xs.length - 1;
    if (last >= 0 && xs[last] === x && ys[last] === y) continue;
    xs.push(x);
    ys.push(y);
  }
  const n = xs.length - 1; // edges; edge i runs from vertex i to vertex i + 1
  if (n < 3) return false;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xs[i] as number);
    maxX = Math.max(maxX, xs[i] as number);
    minY = Math.min(minY, ys[i] as number);
    maxY = Math.max(maxY, ys[i] as number);
  }
  const side = Math.max(1, Math.ceil(Math.sqrt(n)));
  const sx = maxX > minX ? side / (maxX - minX) : 0;
  const sy = maxY > minY ? side / (maxY - minY) : 0;
  const col = (x: number): number => Math.min(side - 1, Math.floor((x - minX) * sx));
  const row = (y: number): number => Math.min(side - 1, Math.floor((y - minY) * sy));

  const bins = new Map<number, number[]>();
  let incidences = 0;
  for (let e = 0; e < n; e++) {
    const x0 = xs[e] as number;
    const x1 = xs[e + 1] as number;
    const y0 = ys[e] as number;
    const y1 = ys[e + 1] as number;
    const c0 = col(Math.min(x0, x1));
    const c1 = col(Math.max(x0, x1));
    const r0 = row(Math.min(y0, y1));
    const r1 = row(Math.max(y0, y1));
    incidences += (c1 - c0 + 1) * (r1 - r0 + 1);
    if (incidences > BIN_INCIDENCES_PER_EDGE * n) return false;
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const key = c * side + r;
        const bin = bins.get(key);
        if (bin) bin.push(e);
        else bins.set(key, [e]);
      }
    }
  }
  let budget = PAIR_TESTS_PER_EDGE * n;
  for (const bin of bins.values()) {
    budget -= (bin.length * (bin.length - 1)) / 2;
    if (budget < 0) return false;
    for (let i = 0; i < bin.length; i++) {
      for (let j = i + 1; j < bin.length; j++) {
        const a = bin[i] as number;
        const b = bin[j] as number;
        const adjacent = b - a === 1 || (a === 0 && b === n - 1);
        if (!adjacent && segmentsMeet(xs, ys, a, b)) return false;
      }
    }
  }
  return true;
}

/** Do closed segments a and b (edge indices) share at least one point? */
function segmentsMeet(xs: number[], ys: number[], a: number, b: number): boolean {
  const ax = xs[a] as number;
  const ay = ys[a] as number;
  const bx = xs[a + 1] as number;
  const by = ys[a + 1] as number;
  const cx = xs[b] as number;
  const cy = ys[b] as number;
  const dx = xs[b + 1] as number;
  const dy = ys[b + 1] as number;
  if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx)) return false;
  if (Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by)) return false;
  const o1 = Math.sign(orient2d(ax, ay, bx, by, cx, cy));
  const o2 = Math.sign(orient2d(ax, ay, bx, by, dx, dy));
  const o3 = Math.sign(orient2d(cx, cy, dx, dy, ax, ay));
  const o4 = Math.sign(orient2d(cx, cy, dx, dy, bx, by));
  if (o1 !== o2 && o3 !== o4 && o1 * o2 <= 0 && o3 * o4 <= 0) return true;
  // Collinear touching or overlap: an endpoint lies on the other segment (boxes already overlap).
  return (
    (o1 === 0 && onSegment(ax, ay, bx, by, cx, cy)) ||
    (o2 === 0 && onSegment(ax, ay, bx, by, dx, dy)) ||
    (o3 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) ||
    (o4 === 0 && onSegment(cx, cy, dx, dy, bx, by))
  );
}

/** Is the collinear point (px, py) within the box of segment (x0, y0)–(x1, y1)? */
function onSegment(x0: number, y0: number, x1: number, y1: number, px: number, py: number): boolean {
  return px >= Math.min(x0, x1) && px <= Math.max(x0, x1) && py >= Math.min(y0, y1) && py <= Math.max(y0, y1);
}
