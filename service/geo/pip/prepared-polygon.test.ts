import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ExactLocation, locateExact } from "../../../test/reference/exact-point-in-polygon.ts";
import type { PolygonRings, Position, Ring } from "../areal-geometry.ts";
import { pipMatrix } from "./pip-matrix.ts";
import {
  BOUNDARY,
  INSIDE,
  type Location,
  locateInPolygon,
  OUTSIDE,
  preparePolygon,
} from "./prepared-polygon.ts";

const NAMES: Record<Location, ExactLocation> = {
  [OUTSIDE]: "outside",
  [INSIDE]: "inside",
  [BOUNDARY]: "boundary",
};
const locate = (parts: PolygonRings[], x: number, y: number): ExactLocation =>
  NAMES[locateInPolygon(preparePolygon(parts), x, y)];

const square: Ring = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
  [0, 0],
];
const hole: Ring = [
  [1, 1],
  [1, 3],
  [3, 3],
  [3, 1],
  [1, 1],
];

describe("point in polygon: known answers", () => {
  it("interior and exterior points of a square", () => {
    expect(locate([[square]], 2, 2)).toBe("inside");
    expect(locate([[square]], 5, 2)).toBe("outside");
    expect(locate([[square]], -1, 2)).toBe("outside");
  });
  it("a point on an edge is on the boundary", () => {
    expect(locate([[square]], 2, 0)).toBe("boundary");
    expect(locate([[square]], 4, 1.5)).toBe("boundary");
  });
  it("a point on a vertex is on the boundary", () => {
    for (const [x, y] of square) expect(locate([[square]], x as number, y as number)).toBe("boundary");
  });
  it("a point on the line of an edge but beyond it is outside", () => {
    expect(locate([[square]], 5, 0)).toBe("outside");
    expect(locate([[square]], -0.5, 4)).toBe("outside");
  });
  it("a ray through a vertex counts the crossing once", () => {
    const diamond: Ring = [
      [0, -2],
      [2, 0],
      [0, 2],
      [-2, 0],
      [0, -2],
    ];
    expect(locate([[diamond]], -1, 0)).toBe("inside");
    expect(locate([[diamond]], -3, 0)).toBe("outside");
    expect(locate([[diamond]], 0, 2)).toBe("boundary");
  });
  it("a ray along a horizontal edge does not flip parity", () => {
    const step: Ring = [
      [0, 0],
      [4, 0],
      [4, 2],
      [2, 2],
      [2, 4],
      [0, 4],
      [0, 0],
    ];
    expect(locate([[step]], 1, 2)).toBe("inside");
    expect(locate([[step]], 3, 2)).toBe("boundary");
    expect(locate([[step]], -1, 2)).toBe("outside");
    expect(locate([[step]], 5, 2)).toBe("outside");
  });
  it("a hole: inside the hole is outside, on the hole's edge is boundary", () => {
    expect(locate([[square, hole]], 2, 2)).toBe("outside");
    expect(locate([[square, hole]], 2, 1)).toBe("boundary");
    expect(locate([[square, hole]], 0.5, 2)).toBe("inside");
  });
  it("a MultiPolygon contains a point inside any part, also when another part's edge holds it", () => {
    const right: Ring = [
      [2, 0],
      [6, 0],
      [6, 4],
      [2, 4],
      [2, 0],
    ];
    expect(locate([[square], [right]], 5, 1)).toBe("inside");
    expect(locate([[square], [right]], 2, 1)).toBe("inside");
    expect(locate([[square], [right]], 6, 1)).toBe("boundary");
  });
  it("repeated consecutive vertices change nothing", () => {
    const dup: Ring = [
      [0, 0],
      [4, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 4],
      [0, 0],
    ];
    expect(locate([[dup]], 4, 0)).toBe("boundary");
    expect(locate([[dup]], 2, 2)).toBe("inside");
  });
  it("near-collinear points ulps away from an edge are decided exactly (robust orientation)", () => {
    const thin: Ring = [
      [0.5, 0.5],
      [12, 12],
      [24, 24],
      [-3, 30],
      [0.5, 0.5],
    ];
    const prepared = preparePolygon([[thin]]);
    const ulp = 2 ** -49;
    for (let i = 0; i < 16; i++) {
      for (let j = 0; j < 16; j++) {
        const x = 0.5 + i * ulp;
        const y = 0.5 + j * ulp;
        expect(NAMES[locateInPolygon(prepared, x, y)]).toBe(locateExact([[thin]], x, y));
      }
    }
    expect(locate([[thin]], 12, 12)).toBe("boundary");
  });
  it("ignoreBoundary turns boundary points outside, interior points stay inside", () => {
    const polys = [preparePolygon([[square, hole]])];
    const points = [
      [0.5, 0.5],
      [2, 0],
      [2, 1],
      [2, 2],
    ];
    expect(pipMatrix(points, polys, false).matrix).toEqual([[1], [1], [1], [0]]);
    expect(pipMatrix(points, polys, true).matrix).toEqual([[1], [0], [0], [0]]);
    expect(pipMatrix(points, polys, false).containing).toEqual([[0], [0], [0], []]);
  });
});

// Random rings on a small integer lattice: collinear edges, horizontal edges, vertices on the
// ray, self-crossings and repeated vertices all occur often.
const coord = fc.integer({ min: -12, max: 12 });
const ringArb = fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 24 }).map((pts) => {
  const ring: Ring = pts.map(([x, y]) => [x, y]);
  ring.push([pts[0]?.[0] as number, pts[0]?.[1] as number]);
  return ring;
});
const partArb = fc.array(ringArb, { minLength: 1, maxLength: 3 });
const polygonArb = fc.array(partArb, { minLength: 1, maxLength: 3 });

/** Points that stress the boundary: vertices, points at k/16 along edges, lattice and random points. */
function probePoints(parts: PolygonRings[], ks: number[], randoms: [number, number][]): number[][] {
  const out: number[][] = [];
  let i = 0;
  for (const rings of parts) {
    for (const ring of rings) {
      for (let v = 0; v + 1 < ring.length; v++) {
        const a = ring[v] as number[];
        const b = ring[v + 1] as number[];
        out.push([a[0] as number, a[1] as number]);
        const t = (ks[i++ % ks.length] as number) / 16;
        out.push([
          (a[0] as number) + t * ((b[0] as number) - (a[0] as number)),
          (a[1] as number) + t * ((b[1] as number) - (a[1] as number)),
        ]);
      }
    }
  }
  for (const [x, y] of randoms) out.push([x, y], [Math.round(x), Math.round(y)], [Math.round(x * 2) / 2, y]);
  return out;
}

describe("point in polygon: property tests against the exact reference", () => {
  it("agrees on random lattice polygons with holes, MultiPolygons, edge and vertex points", () => {
    fc.assert(
      fc.property(
        polygonArb,
        fc.array(fc.integer({ min: 0, max: 16 }), { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.tuple(
            fc.double({ min: -14, max: 14, noNaN: true }),
            fc.double({ min: -14, max: 14, noNaN: true }),
          ),
          {
            maxLength: 20,
          },
        ),
        (parts, ks, randoms) => {
          const prepared = preparePolygon(parts);
          for (const [x, y] of probePoints(parts, ks, randoms)) {
            expect(NAMES[locateInPolygon(prepared, x as number, y as number)]).toBe(
              locateExact(parts, x as number, y as number),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("agrees on large star polygons (many bands) with a hole and off-lattice coordinates", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.2, max: 1, noNaN: true }), { minLength: 200, maxLength: 800 }),
        fc.array(
          fc.tuple(
            fc.double({ min: -1.2, max: 1.2, noNaN: true }),
            fc.double({ min: -1.2, max: 1.2, noNaN: true }),
          ),
          {
            minLength: 50,
            maxLength: 200,
          },
        ),
        (radii, randoms) => {
          const star = (scale: number): Ring => {
            const ring: Ring = radii.map((r, i) => {
              const angle = (2 * Math.PI * i) / radii.length;
              return [scale * r * Math.cos(angle) + 10, scale * r * Math.sin(angle) + 50];
            });
            ring.push([...(ring[0] as Position)]);
            return ring;
          };
          const parts: PolygonRings[] = [[star(1), star(0.15)], [star(0.1)]];
          const prepared = preparePolygon(parts);
          const shifted = randoms.map(([x, y]) => [x + 10, y + 50] as [number, number]);
          for (const [x, y] of probePoints(parts, [1, 3, 8, 13], shifted)) {
            expect(NAMES[locateInPolygon(prepared, x as number, y as number)]).toBe(
              locateExact(parts, x as number, y as number),
            );
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe("prepared polygon index", () => {
  it("bins a 4000-vertex ring into many bands with few edges each", () => {
    const ring: Ring = [];
    for (let i = 0; i < 4000; i++) {
      const angle = (2 * Math.PI * i) / 4000;
      const r = 1 + 0.1 * Math.sin(37 * angle);
      ring.push([r * Math.cos(angle), r * Math.sin(angle)]);
    }
    ring.push([...(ring[0] as Position)]);
    const part = preparePolygon([[ring]]).parts[0];
    expect(part?.bandCount).toBeGreaterThan(1000);
    let widest = 0;
    for (let b = 0; b < (part?.bandCount ?? 0); b++) {
      widest = Math.max(widest, (part?.bandStart[b + 1] ?? 0) - (part?.bandStart[b] ?? 0));
    }
    expect(widest).toBeLessThan(60);
    expect(part?.bandEdges.length).toBeLessThanOrEqual(9 * 4000);
  });
});
