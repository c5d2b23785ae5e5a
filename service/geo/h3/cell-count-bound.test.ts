import fc from "fast-check";
import { cellToLatLng, getPentagons } from "h3-js";
import { describe, expect, it } from "vitest";
import type { PolygonRings, Position, Ring } from "../areal-geometry.ts";
import { cellCountBound, coarseMeasurePart, measurePart } from "./cell-count-bound.ts";
import type { Containment } from "./part-cells.ts";
import { polyfill } from "./polyfill.ts";
import { ringFanAreaBoundKm2 } from "./ring-measures.ts";

const MODES: Containment[] = ["center", "full", "overlapping"];

/** The finest resolution whose overlapping bound stays under `budget`, to keep the test quick. */
function testResolution(rings: PolygonRings, budget: number): number {
  const m = measurePart(rings);
  let res = 0;
  while (res < 15 && cellCountBound(m, res + 1, "overlapping") <= budget) res++;
  return res;
}

/** Both bounds, the tight one and the coarse one that admits small jobs, hold the true count. */
function expectBounded(rings: PolygonRings, res: number): void {
  const tight = measurePart(rings);
  const coarse = coarseMeasurePart(rings);
  for (const mode of MODES) {
    const count = polyfill([rings], res, mode).length;
    expect(count).toBeLessThanOrEqual(cellCountBound(tight, res, mode));
    expect(count).toBeLessThanOrEqual(cellCountBound(coarse, res, mode));
  }
}

const PENTAGON_SITES = getPentagons(0).map((p) => cellToLatLng(p));

describe("cell count bound", () => {
  it("is within 20% of the count for the SF polygon at resolution 9 and 5% at resolution 11", () => {
    const sf: Ring = [
      [-122.40898669969356, 37.81331899988944],
      [-122.38054369969613, 37.78663019990699],
      [-122.35447369969584, 37.719806199904276],
      [-122.51234369969448, 37.70761319990403],
      [-122.52471869969825, 37.783587199903444],
      [-122.47987669969707, 37.81515719990604],
      [-122.40898669969356, 37.81331899988944],
    ];
    const m = measurePart([sf]);
    expect(cellCountBound(m, 9, "center")).toBeLessThanOrEqual(1.2 * 1253);
    expect(cellCountBound(m, 11, "full")).toBeLessThanOrEqual(1.05 * polyfill([[sf]], 11, "full").length);
  });

  it("bounds a figure-eight by its lobes, though its signed area is zero", () => {
    const eight: Ring = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(measurePart([eight]).tiles).toEqual([
      { areaKm2: ringFanAreaBoundKm2(eight), maxFaceAngle: measurePart([eight]).maxFaceAngle },
    ]);
    expectBounded([eight], testResolution([eight], 20_000));
  });

  it("bounds polygons around a pentagon (the smallest cells)", () => {
    for (const [lat, lon] of PENTAGON_SITES.slice(0, 4)) {
      const ring: Ring = [
        [lon - 0.5, lat - 0.5],
        [lon + 0.5, lat - 0.5],
        [lon + 0.5, lat + 0.5],
        [lon - 0.5, lat + 0.5],
        [lon - 0.5, lat - 0.5],
      ];
      expectBounded([ring], testResolution([ring], 20_000));
    }
  });

  it("never undercounts random polygons (holes, self-crossings, near poles and pentagons)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(
            fc.double({ min: -85, max: 85, noNaN: true }),
            fc.double({ min: -175, max: 175, noNaN: true }),
          ),
          fc.constantFrom(...PENTAGON_SITES.map(([lat, lon]) => [lat, lon] as [number, number])),
        ),
        fc.double({ min: 0.001, max: 3, noNaN: true }),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          ),
          {
            minLength: 3,
            maxLength: 25,
          },
        ),
        fc.boolean(),
        ([lat, lon], size, vertices, shuffled) => {
          // Vertices sorted by angle make a star-shaped ring; unsorted ones cross themselves.
          const ordered = shuffled ? vertices : [...vertices].sort((a, b) => a[1] - b[1]);
          const ring: Ring = ordered.map(([r, a]) => [
            Math.max(-180, Math.min(180, lon + size * (0.2 + r) * Math.cos(a))),
            Math.max(-90, Math.min(90, lat + size * (0.2 + r) * Math.sin(a))),
          ]);
          ring.push([...(ring[0] as Position)]);
          const hole: Ring = ring.map(([x, y]) => [
            lon + ((x as number) - lon) * 0.1,
            lat + ((y as number) - lat) * 0.1,
          ]);
          const rings = shuffled ? [ring] : [ring, hole];
          expectBounded(rings, testResolution(rings, 4_000));
        },
      ),
      { numRuns: 60 },
    );
  });
});
