import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ComparisonBudget } from "./budget.ts";
import { orient, segmentsIntersect } from "./predicates.ts";
import { checkRingSimple, simplicityCostBound } from "./ring-simplicity.ts";
import { ringOrientation, workingRing } from "./working-ring.ts";

const big = () => new ComparisonBudget(1e12);
const ring = (pts: number[][]) => workingRing([...pts, pts[0] as number[]]);

/** All-pairs reference: what "simple" means, in the plainest possible code. */
function bruteForceSimple(pts: number[][]): boolean {
  const w = ring(pts);
  const n = w.n;
  if (n < 3) return false;
  const p = (i: number): [number, number] => [w.xs[i % n] as number, w.ys[i % n] as number];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) if (p(i)[0] === p(j)[0] && p(i)[1] === p(j)[1]) return false;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = p(i);
    const [bx, by] = p(i + 1);
    for (let j = i + 1; j < n; j++) {
      const [cx, cy] = p(j);
      const [dx, dy] = p(j + 1);
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Shared vertex: they fail only by overlapping along a line.
        const [sx, sy, ox, oy, qx, qy] = j === i + 1 ? [bx, by, ax, ay, dx, dy] : [ax, ay, bx, by, cx, cy];
        if (orient(ox, oy, sx, sy, qx, qy) === 0 && (ox - sx) * (qx - sx) + (oy - sy) * (qy - sy) > 0)
          return false;
      } else if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return false;
    }
  }
  return true;
}

describe("checkRingSimple", () => {
  it("square is simple and counterclockwise", () => {
    const w = ring([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
    expect(checkRingSimple(w, big()).kind).toBe("simple");
    expect(ringOrientation(w)).toBe(1);
  });
  it("bowtie crosses at a non-vertex point", () => {
    expect(
      checkRingSimple(
        ring([
          [0, 40],
          [0, 0],
          [40, 40],
          [40, 0],
        ]),
        big(),
      ).kind,
    ).toBe("intersection");
  });
  it("shell touching itself at a vertex is a repeated vertex", () => {
    const r = checkRingSimple(
      ring([
        [340, 320],
        [340, 200],
        [200, 280],
        [200, 80],
        [340, 200],
        [340, 20],
        [60, 20],
        [60, 340],
      ]),
      big(),
    );
    expect(r).toEqual({ kind: "repeated_vertex", first: 1, second: 4 });
  });
  it("vertex touching another segment's interior is an intersection", () => {
    const r = checkRingSimple(
      ring([
        [300, 320],
        [300, 220],
        [260, 260],
        [180, 220],
        [360, 220],
        [360, 140],
        [120, 140],
        [120, 320],
      ]),
      big(),
    );
    expect(r.kind).toBe("intersection");
  });
  it("spike that doubles back along its own edge", () => {
    expect(
      checkRingSimple(
        ring([
          [0, 60],
          [0, 0],
          [60, 0],
          [60, 20],
          [100, 20],
          [60, 20],
          [60, 60],
        ]),
        big(),
      ).kind,
    ).not.toBe("simple");
    expect(
      checkRingSimple(
        ring([
          [10, 90],
          [80, 90],
          [20, 90],
          [90, 90],
          [90, 10],
          [10, 10],
        ]),
        big(),
      ).kind,
    ).toBe("spike");
  });
  it("collinear zero-area ring with three distinct points", () => {
    expect(
      checkRingSimple(
        ring([
          [0, 0],
          [10, 0],
          [20, 0],
        ]),
        big(),
      ).kind,
    ).toBe("spike");
  });
  it("fewer than three distinct vertices is degenerate", () => {
    expect(
      checkRingSimple(
        ring([
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ]),
        big(),
      ),
    ).toEqual({ kind: "degenerate", distinct: 1 });
  });
  it("vertical collinear overlap between non-adjacent segments", () => {
    expect(
      checkRingSimple(
        ring([
          [0, 0],
          [0, 10],
          [5, 5],
          [0, 8],
          [0, 2],
          [-5, 5],
        ]),
        big(),
      ).kind,
    ).not.toBe("simple");
  });
  it("a budget too small for the ring throws instead of answering", () => {
    const pts = Array.from({ length: 200 }, (_, i) => [
      Math.cos((i / 200) * 2 * Math.PI),
      Math.sin((i / 200) * 2 * Math.PI),
    ]);
    expect(() => checkRingSimple(ring(pts), new ComparisonBudget(100))).toThrow("budget");
  });
  it("cost stays within the documented bound on a 20,000-vertex circle", () => {
    const n = 20_000;
    const pts = Array.from({ length: n }, (_, i) => [
      Math.cos((i / n) * 2 * Math.PI),
      Math.sin((i / n) * 2 * Math.PI),
    ]);
    const budget = big();
    expect(checkRingSimple(ring(pts), budget).kind).toBe("simple");
    expect(budget.spent).toBeLessThanOrEqual(simplicityCostBound(n));
    expect(budget.spent).toBeLessThan(8 * n);
  });

  it("agrees with the all-pairs reference on small grids full of degeneracies", () => {
    const pt = (max: number) => fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }));
    fc.assert(
      fc.property(fc.array(pt(4), { minLength: 3, maxLength: 10 }), (pts) => {
        const w = ring(pts);
        const ours = checkRingSimple(w, big()).kind === "simple";
        expect(ours).toBe(bruteForceSimple(pts));
      }),
      { numRuns: 4000 },
    );
  });
  it("agrees with the all-pairs reference on star-shaped rings (mostly simple)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 6.28, noNaN: true }), fc.integer({ min: 1, max: 5 })), {
          minLength: 3,
          maxLength: 40,
        }),
        (polar) => {
          const pts = [...polar]
            .sort((a, b) => a[0] - b[0])
            .map(([t, r]) => [Math.round(r * Math.cos(t) * 4), Math.round(r * Math.sin(t) * 4)]);
          expect(checkRingSimple(ring(pts), big()).kind === "simple").toBe(bruteForceSimple(pts));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it("agrees with the all-pairs reference on larger random rings", () => {
    const pt = fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }));
    fc.assert(
      fc.property(fc.array(pt, { minLength: 3, maxLength: 60 }), (pts) => {
        expect(checkRingSimple(ring(pts), big()).kind === "simple").toBe(bruteForceSimple(pts));
      }),
      { numRuns: 1500 },
    );
  });
});
