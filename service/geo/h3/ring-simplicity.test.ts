import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactScaled } from "../../../test/reference/exact-point-in-polygon.ts";
import type { Position, Ring } from "../areal-geometry.ts";
import { isProvenSimpleRing } from "./ring-simplicity.ts";

const close = (pts: Position[]): Ring => [...pts, [...(pts[0] as Position)]];

/** Brute force over all non-adjacent edge pairs with exact BigInt arithmetic. */
function simpleByBruteForce(ring: Ring): boolean {
  const pts = ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]?.[0] || p[1] !== ring[i - 1]?.[1]);
  const n = pts.length - 1;
  if (n < 3) return false;
  const v = pts.map((p) => [exactScaled(p[0] as number), exactScaled(p[1] as number)] as const);
  const orient = (a: readonly bigint[], b: readonly bigint[], c: readonly bigint[]): number => {
    const d =
      ((b[0] as bigint) - (a[0] as bigint)) * ((c[1] as bigint) - (a[1] as bigint)) -
      ((b[1] as bigint) - (a[1] as bigint)) * ((c[0] as bigint) - (a[0] as bigint));
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  };
  const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
  const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
  /** Is c (collinear with a–b) within the box of a–b? */
  const within = (a: readonly bigint[], b: readonly bigint[], c: readonly bigint[]): boolean =>
    [0, 1].every((k) => {
      const [ak, bk, ck] = [a[k] as bigint, b[k] as bigint, c[k] as bigint];
      return ck >= min(ak, bk) && ck <= max(ak, bk);
    });
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const [a, b, c, d] = [v[i], v[i + 1], v[j], v[j + 1]] as (readonly bigint[])[];
      const o1 = orient(a as readonly bigint[], b as readonly bigint[], c as readonly bigint[]);
      const o2 = orient(a as readonly bigint[], b as readonly bigint[], d as readonly bigint[]);
      const o3 = orient(c as readonly bigint[], d as readonly bigint[], a as readonly bigint[]);
      const o4 = orient(c as readonly bigint[], d as readonly bigint[], b as readonly bigint[]);
      if (o1 * o2 < 0 && o3 * o4 < 0) return false;
      if (o1 === 0 && within(a as readonly bigint[], b as readonly bigint[], c as readonly bigint[]))
        return false;
      if (o2 === 0 && within(a as readonly bigint[], b as readonly bigint[], d as readonly bigint[]))
        return false;
      if (o3 === 0 && within(c as readonly bigint[], d as readonly bigint[], a as readonly bigint[]))
        return false;
      if (o4 === 0 && within(c as readonly bigint[], d as readonly bigint[], b as readonly bigint[]))
        return false;
    }
  }
  return true;
}

describe("ring simplicity", () => {
  it("a square and a triangle are simple; repeated consecutive vertices change nothing", () => {
    expect(
      isProvenSimpleRing(
        close([
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
        ]),
      ),
    ).toBe(true);
    expect(
      isProvenSimpleRing(
        close([
          [0, 0],
          [2, 0],
          [1, 3],
        ]),
      ),
    ).toBe(true);
    expect(
      isProvenSimpleRing(
        close([
          [0, 0],
          [2, 0],
          [2, 0],
          [2, 2],
          [0, 2],
        ]),
      ),
    ).toBe(true);
  });
  it("a figure-eight crosses itself", () => {
    expect(
      isProvenSimpleRing(
        close([
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
        ]),
      ),
    ).toBe(false);
  });
  it("a vertex touching a non-adjacent edge, or a vertex visited twice, is not simple", () => {
    expect(
      isProvenSimpleRing(
        close([
          [0, 0],
          [4, 0],
          [4, 4],
          [2, 0],
          [0, 4],
        ]),
      ),
    ).toBe(false);
    expect(
      isProvenSimpleRing(
        close([
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 0],
          [-2, 0],
          [-2, -2],
        ]),
      ),
    ).toBe(false);
  });
  it("a simple star of 2000 long spikes exceeds the work budget and is not proven simple", () => {
    const pts: Position[] = [];
    for (let i = 0; i < 2000; i++) {
      const a = (2 * Math.PI * i) / 2000;
      const r = i % 2 === 0 ? 10 : 0.001;
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    expect(isProvenSimpleRing(close(pts))).toBe(false);
  });
  it("agrees with an exact brute force on random lattice rings whenever it claims simplicity", () => {
    const coord = fc.integer({ min: -6, max: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 12 }), (pts) => {
        const ring = close(pts.map(([x, y]) => [x, y]));
        const brute = simpleByBruteForce(ring);
        expect(isProvenSimpleRing(ring)).toBe(brute);
      }),
      { numRuns: 2000 },
    );
  });
});
