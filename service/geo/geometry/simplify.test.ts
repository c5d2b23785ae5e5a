// Simplify: Douglas–Peucker known answers, the exactly-one tolerance rule, both toleranceDegrees
// forms, rings keeping four positions, and the property that output positions are input positions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Refusal } from "../refusal.ts";
import { DEG, meridionalRadius, primeVerticalRadius } from "./ellipsoid.ts";
import type { Position } from "./geojson-input.ts";
import { simplify } from "./simplify.ts";

type Feature = { type: "Feature"; properties: unknown; geometry: { type: string; coordinates: unknown } };

const refusal = (body: Parameters<typeof simplify>[0]): Refusal => {
  try {
    simplify(body);
  } catch (e) {
    if (e instanceof Refusal) return e;
    throw e;
  }
  throw new Error("answered");
};

const zigzag: Position[] = [
  [0, 0],
  [1, 0.1],
  [2, -0.1],
  [3, 5],
  [4, 6],
  [5, 7],
  [6, 8.1],
  [7, 9],
  [8, 9],
  [9, 9],
];

describe("simplify known answers", () => {
  it("Douglas–Peucker in degrees keeps the corners and drops the jitter", () => {
    const r = simplify({
      geojson: { type: "LineString", coordinates: zigzag },
      tolerance: 0.5,
      highQuality: true,
    });
    expect((r.geojson as Feature).geometry.coordinates).toEqual([
      [0, 0],
      [2, -0.1],
      [3, 5],
      [7, 9],
      [9, 9],
    ]);
    expect(r).toMatchObject({ op: "simplify", inputVertices: 10, outputVertices: 5, toleranceDegrees: 0.5 });
    expect(r).not.toHaveProperty("toleranceMeters");
  });

  it("the radial pre-pass drops near neighbours before Douglas–Peucker unless highQuality", () => {
    const line: Position[] = [
      [0, 0],
      [0.3, 0.29],
      [0.6, 0],
      [10, 0],
    ];
    const fast = simplify({ geojson: { type: "LineString", coordinates: line }, tolerance: 0.5 });
    const hq = simplify({
      geojson: { type: "LineString", coordinates: line },
      tolerance: 0.28,
      highQuality: true,
    });
    expect((fast.geojson as Feature).geometry.coordinates).toEqual([
      [0, 0],
      [10, 0],
    ]);
    expect((hq.geojson as Feature).geometry.coordinates).toEqual([
      [0, 0],
      [0.3, 0.29],
      [0.6, 0],
      [10, 0],
    ]);
  });

  it("retained positions are the very arrays sent, third members included", () => {
    const line: Position[] = [
      [10.12345678901234, 50.1, 12.5],
      [10.2, 50.2, 13],
      [10.3, 50.1, 14],
    ];
    const r = simplify({ geojson: { type: "LineString", coordinates: line }, toleranceMeters: 1 });
    expect((r.geojson as Feature).geometry.coordinates).toEqual(line);
  });

  it("rings keep at least four positions even when the tolerance swallows them", () => {
    const ring: Position[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0.5, 1.0001],
      [0, 1],
      [0, 0],
    ];
    const r = simplify({ geojson: { type: "Polygon", coordinates: [ring] }, tolerance: 100 });
    const [out] = (r.geojson as Feature).geometry.coordinates as Position[][];
    expect(out).toHaveLength(4);
    expect(out?.[0]).toEqual(out?.[3]);
    expect(new Set(out?.slice(0, 3).map((p) => p.join()))).toHaveProperty("size", 3);
  });

  it("toleranceMeters is isotropic at the centre latitude and reported in degrees per axis", () => {
    const lat = 60;
    const r = simplify({
      geojson: {
        type: "LineString",
        coordinates: [
          [10, 59],
          [10.5, 61],
        ],
      },
      toleranceMeters: 1000,
    });
    const k = {
      lon: primeVerticalRadius(lat * DEG) * Math.cos(lat * DEG) * DEG,
      lat: meridionalRadius(lat * DEG) * DEG,
    };
    expect(r.toleranceMeters).toBe(1000);
    expect(r.toleranceDegrees).toEqual({ longitude: 1000 / k.lon, latitude: 1000 / k.lat });
  });

  it("at a pole the longitude form is null", () => {
    const r = simplify({
      geojson: {
        type: "MultiPoint",
        coordinates: [
          [0, 90],
          [100, 90],
        ],
      },
      toleranceMeters: 10,
    });
    expect(r.toleranceDegrees).toMatchObject({ longitude: null });
  });

  it("a metre tolerance drops a 5 m wiggle and keeps a 50 m one at 45°", () => {
    const m = 1 / 111_000;
    const line: Position[] = [
      [0, 45],
      [0.001, 45 + 5 * m],
      [0.002, 45],
      [0.003, 45 + 50 * m],
      [0.004, 45],
    ];
    const r = simplify({
      geojson: { type: "LineString", coordinates: line },
      toleranceMeters: 20,
      highQuality: true,
    });
    expect((r.geojson as Feature).geometry.coordinates).toEqual([line[0], line[2], line[3], line[4]]);
  });

  it("several geometries answer a FeatureCollection keeping properties; points pass through", () => {
    const r = simplify({
      geojson: {
        type: "FeatureCollection",
        features: [
          { type: "Feature", properties: { a: 1 }, geometry: { type: "Point", coordinates: [1, 2] } },
          { type: "Feature", properties: null, geometry: { type: "LineString", coordinates: zigzag } },
        ],
      },
      tolerance: 1,
    });
    const fc2 = r.geojson as { type: string; features: Feature[] };
    expect(fc2.type).toBe("FeatureCollection");
    expect(fc2.features[0]).toEqual({
      type: "Feature",
      properties: { a: 1 },
      geometry: { type: "Point", coordinates: [1, 2] },
    });
    expect(fc2.features[1]?.properties).toBeNull();
  });
});

describe("simplify refusals", () => {
  const geojson = { type: "LineString", coordinates: zigzag };
  it("both tolerances: conflicting_fields", () => {
    expect(refusal({ geojson, tolerance: 1, toleranceMeters: 1 }).code).toBe("conflicting_fields");
  });
  it("neither tolerance: missing_field", () => {
    expect(refusal({ geojson }).code).toBe("missing_field");
  });
});

describe("simplify properties", () => {
  const coord = fc
    .tuple(fc.integer({ min: -17_999, max: 17_999 }), fc.integer({ min: -8_999, max: 8_999 }))
    .map(([x, y]): Position => [x / 100, y / 100]);
  it("every output position is an input position, in order, ends kept", () => {
    fc.assert(
      fc.property(
        fc.array(coord, { minLength: 2, maxLength: 60 }),
        fc.oneof(
          fc.record({ tolerance: fc.double({ min: 0, max: 20, noNaN: true }) }),
          fc.record({ toleranceMeters: fc.double({ min: 0, max: 500_000, noNaN: true }) }),
        ),
        fc.boolean(),
        (line, tol, highQuality) => {
          const r = simplify({ geojson: { type: "LineString", coordinates: line }, ...tol, highQuality });
          const out = (r.geojson as Feature).geometry.coordinates as Position[];
          let j = 0;
          for (const p of out) {
            while (j < line.length && line[j] !== p) j++;
            expect(j).toBeLessThan(line.length);
            j++;
          }
          expect(out[0]).toBe(line[0]);
          expect(out[out.length - 1]).toBe(line[line.length - 1]);
          expect(r.outputVertices).toBe(out.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Largest distance (plane units) of an input vertex from the output segment spanning it. */
function deviation(input: Position[], output: Position[]): number {
  const seg = (p: Position, a: Position, b: Position) => {
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const len = dx * dx + dy * dy;
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
    return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
  };
  let max = 0;
  let j = 0;
  for (let k = 0; k + 1 < output.length; k++) {
    const a = output[k] as Position;
    const b = output[k + 1] as Position;
    while (j < input.length && input[j] !== b) max = Math.max(max, seg(input[j++] as Position, a, b));
  }
  return max;
}

describe("simplify never deviates more than its tolerance (issue 18.9)", () => {
  it("regression: [[0,0],[5,0.9],[5.5,1.7],[10,0]] at tolerance 1 keeps the vertex 1.46 away", () => {
    const line: Position[] = [
      [0, 0],
      [5, 0.9],
      [5.5, 1.7],
      [10, 0],
    ];
    const r = simplify({ geojson: { type: "LineString", coordinates: line }, tolerance: 1 });
    const out = (r.geojson as Feature).geometry.coordinates as Position[];
    expect(out).toEqual([
      [0, 0],
      [5.5, 1.7],
      [10, 0],
    ]);
    expect(deviation(line, out)).toBeLessThanOrEqual(1);
  });

  it("property: default and highQuality lines and rings stay within the tolerance", () => {
    const pos = fc.tuple(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }));
    fc.assert(
      fc.property(
        fc.array(pos, { minLength: 3, maxLength: 40 }),
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        (raw, tenths, highQuality) => {
          const line: Position[] = raw.map(([x, y]) => [x / 10, y / 10]);
          const ring: Position[] = [...line, line[0] as Position];
          const tolerance = tenths / 10;
          for (const [type, coords] of [
            ["LineString", line],
            ["Polygon", [ring]],
          ] as const) {
            const r = simplify({ geojson: { type, coordinates: coords }, tolerance, highQuality });
            const c = (r.geojson as Feature).geometry.coordinates as Position[] | Position[][];
            const out = type === "Polygon" ? (c as Position[][])[0] : (c as Position[]);
            const input = type === "Polygon" ? ring : line;
            expect(deviation(input, out as Position[])).toBeLessThanOrEqual(tolerance * (1 + 1e-12));
          }
        },
      ),
      { seed: 1809, numRuns: 2000 },
    );
  });
});
