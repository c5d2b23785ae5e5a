// Douglas–Peucker line simplification with an optional radial-distance pre-pass, on positions
// mapped to a plane by the caller. Returns the kept positions themselves (never copies), so
// retained vertices stay exactly as sent. Rings keep at least four positions. The pre-pass only
// narrows the candidates: every dropped vertex is then checked against the kept segment that
// replaces it, and a span with a vertex beyond the tolerance is simplified again over all of its
// vertices, so no answer ever deviates more than the tolerance (Douglas–Peucker alone never does).
import type { Position } from "./geojson-input.ts";

export type Planar = (p: Position) => readonly [number, number];

function sqSegDist(
  p: readonly [number, number],
  a: readonly [number, number],
  b: readonly [number, number],
): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      [x, y] = b;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

function sqDist(a: readonly [number, number], b: readonly [number, number]): number {
  const dx = a[0] - b[0];
  const dy = a[1] - b[1];
  return dx * dx + dy * dy;
}

/** Indices kept by the radial pass: a vertex closer than the tolerance to the last kept one is dropped. */
function radialPass(xy: (readonly [number, number])[], sqTol: number): number[] {
  const kept = [0];
  let prev = 0;
  for (let i = 1; i < xy.length; i++) {
    if (sqDist(xy[i] as [number, number], xy[prev] as [number, number]) > sqTol) {
      kept.push(i);
      prev = i;
    }
  }
  if (prev !== xy.length - 1) kept.push(xy.length - 1);
  return kept;
}

/** Douglas–Peucker over the candidate indices (first and last always kept). */
function dpPass(xy: (readonly [number, number])[], idx: number[], sqTol: number): number[] {
  const keep = new Uint8Array(idx.length);
  keep[0] = 1;
  keep[idx.length - 1] = 1;
  const stack: [number, number][] = [[0, idx.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let maxD = sqTol;
    let at = -1;
    const a = xy[idx[first] as number] as [number, number];
    const b = xy[idx[last] as number] as [number, number];
    for (let i = first + 1; i < last; i++) {
      const d = sqSegDist(xy[idx[i] as number] as [number, number], a, b);
      if (d > maxD) {
        maxD = d;
        at = i;
      }
    }
    if (at >= 0) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return idx.filter((_, i) => keep[i] === 1);
}

/** Re-runs Douglas–Peucker over every vertex of each kept span that a dropped vertex exceeds. */
function bound(xy: (readonly [number, number])[], kept: number[], sqTol: number): number[] {
  const out: number[] = [kept[0] as number];
  for (let k = 0; k + 1 < kept.length; k++) {
    const from = kept[k] as number;
    const to = kept[k + 1] as number;
    const span = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const a = xy[from] as [number, number];
    const b = xy[to] as [number, number];
    const exceeds = span.some((i) => sqSegDist(xy[i] as [number, number], a, b) > sqTol);
    out.push(...(exceeds ? dpPass(xy, span, sqTol).slice(1) : [to]));
  }
  return out;
}

/** The two interior vertices that span a ring best: farthest from the start, then farthest from that triangle's sides. */
function ringFrame(xy: (readonly [number, number])[]): number[] {
  const last = xy.length - 1;
  const p0 = xy[0] as [number, number];
  let i1 = 1;
  for (let i = 1; i < last; i++)
    if (sqDist(xy[i] as [number, number], p0) > sqDist(xy[i1] as [number, number], p0)) i1 = i;
  const p1 = xy[i1] as [number, number];
  const pl = xy[last] as [number, number];
  let i2 = -1;
  let best = -1;
  for (let i = 1; i < last; i++) {
    if (i === i1) continue;
    const d =
      i < i1 ? sqSegDist(xy[i] as [number, number], p0, p1) : sqSegDist(xy[i] as [number, number], p1, pl);
    if (d > best) {
      best = d;
      i2 = i;
    }
  }
  return [0, Math.min(i1, i2), Math.max(i1, i2), last];
}

/**
 * Simplifies a line (`minPositions` 2) or a closed ring (`minPositions` 4) with a tolerance in the
 * units of `planar`. Paths already at their minimum are returned as they are.
 */
export function simplifyPath(
  path: Position[],
  tolerance: number,
  planar: Planar,
  opts: { highQuality: boolean; minPositions: 2 | 4 },
): Position[] {
  if (path.length <= opts.minPositions) return path;
  const xy = path.map(planar);
  const sqTol = tolerance * tolerance;
  const candidates = opts.highQuality ? path.map((_, i) => i) : radialPass(xy, sqTol);
  let kept = dpPass(xy, candidates, sqTol);
  if (kept.length < opts.minPositions) kept = ringFrame(xy);
  return bound(xy, kept, sqTol).map((i) => path[i] as Position);
}
