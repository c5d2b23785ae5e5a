// The planar ring the topology checks run on: (x, y) of each position, consecutive repeats
// (equal in x and y) collapsed, the closing position dropped. The ring is implicitly closed:
// segment i runs from vertex i to vertex (i + 1) mod n. `source[i]` is the index of the
// position in the GeoJSON array that vertex i came from, for paths in issues.

import { orient } from "./predicates.ts";

export type Position = readonly number[];

export interface WorkingRing {
  readonly n: number;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly source: Int32Array;
}

/** Builds the working ring of an array of positions already known to hold finite x and y. */
export function workingRing(positions: readonly Position[]): WorkingRing {
  const xs = new Float64Array(positions.length);
  const ys = new Float64Array(positions.length);
  const source = new Int32Array(positions.length);
  let n = 0;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i] as Position;
    const x = p[0] as number;
    const y = p[1] as number;
    if (n > 0 && xs[n - 1] === x && ys[n - 1] === y) continue;
    xs[n] = x;
    ys[n] = y;
    source[n] = i;
    n++;
  }
  while (n > 1 && xs[n - 1] === xs[0] && ys[n - 1] === ys[0]) n--;
  return { n, xs: xs.subarray(0, n), ys: ys.subarray(0, n), source: source.subarray(0, n) };
}

/** Index of the lexicographically smallest vertex (x, then y): always on the convex hull. */
export function lowestVertex(ring: WorkingRing): number {
  let best = 0;
  for (let i = 1; i < ring.n; i++) {
    const x = ring.xs[i] as number;
    const bx = ring.xs[best] as number;
    if (x < bx || (x === bx && (ring.ys[i] as number) < (ring.ys[best] as number))) best = i;
  }
  return best;
}

/**
 * Orientation of a ring with at least three vertices: +1 counterclockwise, -1 clockwise, 0 when
 * the turn at the lowest vertex is flat (only possible for a ring that is not simple). Exact: the
 * turn at a convex-hull vertex of a simple ring has the sign of the ring's area.
 */
export function ringOrientation(ring: WorkingRing): number {
  const k = lowestVertex(ring);
  const prev = (k + ring.n - 1) % ring.n;
  const next = (k + 1) % ring.n;
  return orient(
    ring.xs[prev] as number,
    ring.ys[prev] as number,
    ring.xs[k] as number,
    ring.ys[k] as number,
    ring.xs[next] as number,
    ring.ys[next] as number,
  );
}
