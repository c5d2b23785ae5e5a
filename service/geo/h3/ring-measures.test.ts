import { greatCircleDistance } from "h3-js";
import { describe, expect, it } from "vitest";
import type { Ring } from "../areal-geometry.ts";
import { EARTH_RADIUS_KM } from "./cell-size-bounds.ts";
import {
  ringBox,
  ringFanAreaBoundKm2,
  ringLengthBoundKm,
  ringSignedAreaKm2,
  ringTileAreasKm2,
} from "./ring-measures.ts";

const RAD = Math.PI / 180;
const R2 = EARTH_RADIUS_KM ** 2;

const rectangle = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

describe("ring measures", () => {
  it("a lon/lat rectangle encloses R²·Δlon·(sin north − sin south), counterclockwise positive", () => {
    const ring = rectangle(10, 20, 14, 23);
    const expected = R2 * 4 * RAD * (Math.sin(23 * RAD) - Math.sin(20 * RAD));
    expect(ringSignedAreaKm2(ring) / expected).toBeCloseTo(1, 12);
    expect(ringSignedAreaKm2([...ring].reverse()) / expected).toBeCloseTo(-1, 12);
  });

  it("tiles of a rectangle hold the rectangle's pieces", () => {
    const ring = rectangle(10, 20, 14, 23);
    const tiles = ringTileAreasKm2(ring, ringBox(ring), 2);
    const band = (s: number, n: number) => R2 * 2 * RAD * (Math.sin(n * RAD) - Math.sin(s * RAD));
    expect((tiles[0]?.[0] as number) / band(20, 21.5)).toBeCloseTo(1, 12);
    expect((tiles[1]?.[0] as number) / band(20, 21.5)).toBeCloseTo(1, 12);
    expect((tiles[1]?.[1] as number) / band(21.5, 23)).toBeCloseTo(1, 12);
  });

  it("tiles of a triangle add up to its area, and tiles it misses hold nothing", () => {
    const tri: Ring = [
      [0, 0],
      [6, 1],
      [2, 5],
      [0, 0],
    ];
    const tiles = ringTileAreasKm2(tri, ringBox(tri), 4);
    const sum = tiles.flat().reduce((a, b) => a + b, 0);
    expect(sum / ringSignedAreaKm2(tri)).toBeCloseTo(1, 12);
    expect(Math.abs(tiles[3]?.[3] as number)).toBeLessThan(1e-9 * sum);
    expect(tiles.flat().every((a) => a > -1e-9 * sum)).toBe(true);
  });

  it("a rectangle reaching the pole (an edge along latitude 90) has the polar cap's area", () => {
    const ring = rectangle(0, 80, 90, 90);
    const expected = R2 * (Math.PI / 2) * (1 - Math.sin(80 * RAD));
    expect(ringSignedAreaKm2(ring) / expected).toBeCloseTo(1, 12);
  });

  it("a ring with a sliver edge (tiny latitude change) keeps full precision", () => {
    const ring: Ring = [
      [0, 0],
      [1, 1e-12],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(ringSignedAreaKm2(ring) / (R2 * RAD * Math.sin(RAD))).toBeCloseTo(1, 9);
  });

  it("the fan bound equals the area of a convex ring and covers both lobes of a figure-eight", () => {
    const square = rectangle(0, 0, 2, 2);
    expect(ringFanAreaBoundKm2(square) / ringSignedAreaKm2(square)).toBeCloseTo(1, 12);
    const eight: Ring = [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ];
    expect(Math.abs(ringSignedAreaKm2(eight))).toBeLessThan(1e-6 * ringSignedAreaKm2(square));
    const lobes =
      2 *
      Math.abs(
        ringSignedAreaKm2([
          [0, 0],
          [1, 1],
          [0, 2],
          [0, 0],
        ]),
      );
    expect(ringFanAreaBoundKm2(eight)).toBeGreaterThanOrEqual(lobes * (1 - 1e-12));
  });

  it("the length bound is at least the great-circle length of every edge, and equal along a meridian", () => {
    const meridian: Ring = [
      [5, 10],
      [5, 40],
      [5, 10],
      [5, 10],
    ];
    expect(ringLengthBoundKm(meridian) / (2 * 30 * RAD * EARTH_RADIUS_KM)).toBeCloseTo(1, 12);
    const ring: Ring = [
      [-170, 60],
      [170, 62],
      [100, -10],
      [-20, -75],
      [-170, 60],
    ];
    let geodesic = 0;
    for (let i = 0; i + 1 < ring.length; i++) {
      const a = ring[i] as number[];
      const b = ring[i + 1] as number[];
      geodesic += greatCircleDistance(
        [a[1] as number, a[0] as number],
        [b[1] as number, b[0] as number],
        "km",
      );
    }
    expect(ringLengthBoundKm(ring)).toBeGreaterThanOrEqual(geodesic);
  });

  it("the box spans the ring's extremes", () => {
    expect(ringBox(rectangle(-3, 4, 7, 9))).toEqual({ minLon: -3, minLat: 4, maxLon: 7, maxLat: 9 });
  });
});
