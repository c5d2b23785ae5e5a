// The strip-indexed point-in-polygon against turf's booleanPointInPolygon on random star-shaped
// polygons with a hole, and known answers on the edges that matter (holes, lat strips, bbox).
import { booleanPointInPolygon, polygon } from "@turf/turf";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flattenRing } from "./boundary-features.ts";
import { PartIndex } from "./part-index.ts";

/** A star-shaped ring around (cx, cy): radii at increasing angles never self-intersect. */
function star(cx: number, cy: number, radii: number[], scale: number): number[][] {
  const ring = radii.map((r, i) => {
    const a = (2 * Math.PI * i) / radii.length;
    return [cx + Math.cos(a) * r * scale, cy + Math.sin(a) * r * scale];
  });
  return [...ring, ring[0]!];
}

const radii = (n: number) =>
  fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: n, maxLength: 40 });

describe("PartIndex", () => {
  it("agrees with turf on random star polygons with a hole", () => {
    fc.assert(
      fc.property(
        radii(3),
        radii(3),
        fc.array(
          fc.tuple(
            fc.double({ min: -1.2, max: 1.2, noNaN: true }),
            fc.double({ min: -1.2, max: 1.2, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 50,
          },
        ),
        (outerRadii, holeRadii, points) => {
          const outer = star(-100, 40, outerRadii, 1);
          const hole = star(-100, 40, holeRadii, 0.4);
          const index = new PartIndex([flattenRing(outer, "outer"), flattenRing(hole, "hole")]);
          const reference = polygon([outer, hole]);
          for (const [dx, dy] of points) {
            const p: [number, number] = [-100 + dx, 40 + dy];
            expect(index.contains(p[0], p[1])).toBe(
              booleanPointInPolygon(p, reference, { ignoreBoundary: true }),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("answers a square with a hole, outside its bbox and in its hole", () => {
    const square = flattenRing(
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      "square",
    );
    const hole = flattenRing(
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
      "hole",
    );
    const index = new PartIndex([square, hole]);
    expect(index.contains(1, 1)).toBe(true);
    expect(index.contains(5, 5)).toBe(false);
    expect(index.contains(11, 5)).toBe(false);
    expect(index.contains(5, -0.1)).toBe(false);
    expect(index.distanceMetres(5, 5)).toBeCloseTo(111_195, -3);
  });
});
