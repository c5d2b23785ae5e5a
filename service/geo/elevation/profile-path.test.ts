import fc from "fast-check";
import geographiclib from "geographiclib-geodesic";
import { describe, expect, it } from "vitest";
import { defaultSampleCount, pathLength, samplePath } from "./profile-path.ts";

const { Geodesic } = geographiclib;

const dist = (a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) =>
  Geodesic.WGS84.Inverse(a.latitude, a.longitude, b.latitude, b.longitude).s12 as number;

describe("samplePath", () => {
  it("spaces samples equally in geodesic distance on a single segment (GeographicLib)", () => {
    const path: [number, number][] = [
      [-150.6, 59.75],
      [-149.1, 60.4],
    ];
    const length = pathLength(path);
    const s = samplePath(path, length, 11);
    for (let i = 1; i < s.length; i++)
      expect(dist(s[i - 1] as never, s[i] as never)).toBeCloseTo(length.lengthMeters / 10, 6);
    expect(s[0]).toEqual({ distanceMeters: 0, longitude: -150.6, latitude: 59.75 });
    expect(s[10]).toEqual({ distanceMeters: length.lengthMeters, longitude: -149.1, latitude: 60.4 });
  });
  it("follows a bend: each sample lies on its segment at the right distance from both ends", () => {
    const path: [number, number][] = [
      [-150, 60],
      [-150, 60.1],
      [-149.8, 60.1],
    ];
    const length = pathLength(path);
    const vertex = { longitude: -150, latitude: 60.1 };
    const end = { longitude: -149.8, latitude: 60.1 };
    const start = { longitude: -150, latitude: 60 };
    const first = length.cumulative[1] as number;
    for (const s of samplePath(path, length, 7)) {
      if (s.distanceMeters <= first) {
        expect(dist(start, s)).toBeCloseTo(s.distanceMeters, 6);
        expect(dist(s, vertex)).toBeCloseTo(first - s.distanceMeters, 6);
      } else {
        expect(dist(vertex, s)).toBeCloseTo(s.distanceMeters - first, 6);
        expect(dist(s, end)).toBeCloseTo(length.lengthMeters - s.distanceMeters, 6);
      }
    }
  });
  it("crosses the antimeridian in the short direction, longitudes stay in -180..180", () => {
    const path: [number, number][] = [
      [179.9, 52],
      [-179.9, 52],
    ];
    const s = samplePath(path, pathLength(path), 5);
    expect(s.every((p) => Math.abs(p.longitude) >= 179.9 && Math.abs(p.longitude) <= 180)).toBe(true);
  });
  it("property: consecutive samples are equally spaced along any 2–5 position path", () => {
    const pos = fc.tuple(
      fc.double({ min: -152, max: -148, noNaN: true }),
      fc.double({ min: 58, max: 62, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(pos, { minLength: 2, maxLength: 5 }),
        fc.integer({ min: 2, max: 50 }),
        (path, n) => {
          const length = pathLength(path);
          const s = samplePath(path, length, n);
          const step = length.lengthMeters / (n - 1);
          return (
            s.length === n &&
            s.every((p, i) => Math.abs(p.distanceMeters - i * step) < 1e-6 * Math.max(1, length.lengthMeters))
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("defaultSampleCount", () => {
  it("every 60 m or closer, at least 2, at most the cap", () => {
    expect(defaultSampleCount(0, 2000)).toBe(2);
    expect(defaultSampleCount(60, 2000)).toBe(2);
    expect(defaultSampleCount(61, 2000)).toBe(3);
    expect(defaultSampleCount(119_940, 2000)).toBe(2000);
    expect(defaultSampleCount(500_000, 2000)).toBe(2000);
  });
});
