// The planar buffer against brute force: a point well within d of the input is inside the result,
// a point farther than d is outside (a band of the chord error is allowed at the boundary).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MultiPoly } from "./clip.ts";
import type { XY } from "./offset-curves.ts";
import { planarBuffer } from "./planar-buffer.ts";

function segDist(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function inRings(rings: XY[][], p: XY): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as XY;
      const [xj, yj] = ring[j] as XY;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const inMulti = (m: MultiPoly, p: XY) => m.some((poly) => inRings(poly, p));
const boundaryDist = (rings: XY[][], p: XY) =>
  Math.min(...rings.flatMap((r) => r.slice(1).map((q, i) => segDist(p, r[i] as XY, q))));

/** A star-shaped ring about (0, 0): never self-intersecting. */
const starRing = (radii: number[]): XY[] => {
  const ring = radii.map((r, i): XY => {
    const a = (2 * Math.PI * i) / radii.length;
    return [r * Math.cos(a), r * Math.sin(a)];
  });
  ring.push(ring[0] as XY);
  return ring;
};

/** Centimetre-grid coordinates in metres (fast-check's doubles would also draw subnormals). */
const metres = (lo: number, hi: number) => fc.integer({ min: lo * 100, max: hi * 100 }).map((v) => v / 100);
const probes = fc.array(fc.tuple(metres(-3000, 3000), metres(-3000, 3000)), { minLength: 40, maxLength: 40 });

describe("planar buffer against brute-force distances", () => {
  const steps = 8;
  const band = (d: number) => Math.abs(d) * (1 - Math.cos(Math.PI / (4 * steps))) + 1e-6;

  it("grows a star polygon: inside iff within d of it", () => {
    fc.assert(
      fc.property(
        fc.array(metres(300, 1500), { minLength: 5, maxLength: 14 }),
        metres(20, 800),
        probes,
        (radii, d, pts) => {
          const ring = starRing(radii);
          const out = planarBuffer({ points: [], paths: [], polygons: [[ring]] }, d, steps).polygons;
          for (const p of pts as XY[]) {
            const inside = inRings([ring], p);
            const dist = inside ? 0 : boundaryDist([ring], p);
            if (dist < d - band(d)) expect(inMulti(out, p)).toBe(true);
            if (dist > d + 1e-6) expect(inMulti(out, p)).toBe(false);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  // the 300-vertex ring's curves are crowded (more than 100 pairs of segments within 2·|d| per
  // segment): its bands are resolved chunk by chunk and unioned
  const erosions = [
    [
      "a star polygon with a hole",
      fc.array(metres(900, 1500), { minLength: 5, maxLength: 12 }),
      20,
      500,
      true,
      20,
    ],
    [
      "a crowded 300-vertex star polygon",
      fc.array(metres(600, 1500), { minLength: 300, maxLength: 300 }),
      700,
      900,
      false,
      4,
    ],
  ] as const;
  for (const [name, radiiOf, eMin, eMax, withHole, numRuns] of erosions) {
    it(`erodes ${name}: inside iff in it and farther than |d| from every ring`, () => {
      fc.assert(
        fc.property(radiiOf, metres(eMin, eMax), probes, (radii, e, pts) => {
          const rings = [
            starRing(radii),
            ...(withHole ? [starRing([300, 250, 320, 280, 260]).reverse()] : []),
          ];
          const out = planarBuffer({ points: [], paths: [], polygons: [rings] }, -e, steps).polygons;
          for (const p of pts as XY[]) {
            const inside = inRings(rings, p);
            const dist = boundaryDist(rings, p);
            if (inside && dist > e + 1e-6) expect(inMulti(out, p)).toBe(true);
            if (!inside || dist < e - band(e)) expect(inMulti(out, p)).toBe(false);
          }
        }),
        { numRuns },
      );
    });
  }

  // the 300-position line's curves are crowded (more than 100 pairs of segments within 2·d per
  // segment): its bands are resolved chunk by chunk and unioned
  const lines = [
    ["a random polyline (self-crossing allowed)", 1500, 2, 10, 10, 600, 25],
    ["a crowded self-crossing 300-position polyline", 1000, 300, 300, 1500, 2000, 4],
  ] as const;
  for (const [name, extent, minLength, maxLength, dMin, dMax, numRuns] of lines) {
    it(`grows ${name}`, () => {
      const xy = metres(-extent, extent);
      fc.assert(
        fc.property(
          fc.array(fc.tuple(xy, xy), { minLength, maxLength }),
          metres(dMin, dMax),
          probes,
          (line, d, pts) => {
            const path = line as XY[];
            const out = planarBuffer({ points: [], paths: [path], polygons: [] }, d, steps).polygons;
            for (const p of pts as XY[]) {
              const dist = Math.min(
                ...path.map((q, i) =>
                  i === 0 ? Math.hypot(p[0] - q[0], p[1] - q[1]) : segDist(p, path[i - 1] as XY, q),
                ),
              );
              if (dist < d - band(d)) expect(inMulti(out, p)).toBe(true);
              if (dist > d + 1e-6) expect(inMulti(out, p)).toBe(false);
            }
          },
        ),
        { numRuns },
      );
    });
  }

  it("collapses a polygon eroded by more than its inradius", () => {
    const square: XY[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    expect(planarBuffer({ points: [], paths: [], polygons: [[square]] }, -51, 24).polygons).toEqual([]);
  });

  it("gives points and lines nothing at a negative or zero distance", () => {
    expect(
      planarBuffer(
        {
          points: [[0, 0]],
          paths: [
            [
              [0, 0],
              [10, 0],
            ],
          ],
          polygons: [],
        },
        -5,
        24,
      ).polygons,
    ).toEqual([]);
    expect(planarBuffer({ points: [[0, 0]], paths: [], polygons: [] }, 0, 24).polygons).toEqual([]);
  });
});
