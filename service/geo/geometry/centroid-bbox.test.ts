// Centroid (equal-area centre of mass, vertex-mean fallback) and bbox (naive extent, antimeridian flag).
import { describe, expect, it } from "vitest";
import { Refusal } from "../refusal.ts";
import { bbox } from "./bbox.ts";
import { centroid } from "./centroid.ts";

const square = (x: number, y: number, s: number) => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];

describe("centroid", () => {
  it("a small square's centroid is its middle (to the equal-area map's second order)", () => {
    const r = centroid({ geojson: { type: "Polygon", coordinates: [square(10, 50, 0.01)] } });
    expect(r.method).toBe("area");
    expect(r.longitude).toBeCloseTo(10.005, 9);
    expect(r.latitude).toBeCloseTo(50.005, 6);
  });

  it("at high latitude the equal-area centre sits poleward of the lon/lat midpoint (more area there)", () => {
    const r = centroid({ geojson: { type: "Polygon", coordinates: [square(0, 60, 10)] } });
    expect(r.longitude).toBeCloseTo(5, 9);
    expect(r.latitude).toBeLessThan(65);
    expect(r.latitude).toBeGreaterThan(64);
  });

  it("a hole pulls the centroid away from itself", () => {
    const holed = centroid({
      geojson: { type: "Polygon", coordinates: [square(0, 0, 1), square(0.1, 0.1, 0.3).reverse()] },
    });
    expect(holed.longitude).toBeGreaterThan(0.5);
    expect(holed.latitude).toBeGreaterThan(0.5);
  });

  it("a ring-shaped polygon's centroid falls in its hole and is returned anyway", () => {
    const r = centroid({
      geojson: { type: "Polygon", coordinates: [square(0, 0, 1), square(0.2, 0.2, 0.6).reverse()] },
    });
    expect(r.method).toBe("area");
    expect(r.longitude).toBeCloseTo(0.5, 6);
  });

  it("a MultiPolygon cut at the antimeridian has its centroid on the antimeridian, not at 0°", () => {
    const r = centroid({
      geojson: { type: "MultiPolygon", coordinates: [[square(179, -1, 1)], [square(-180, -1, 1)]] },
    });
    expect(Math.abs(r.longitude)).toBeCloseTo(180, 6);
    expect(r.latitude).toBeCloseTo(-0.5, 4);
  });

  it("points and lines fall back to the vertex mean and say so", () => {
    const r = centroid({
      geojson: {
        type: "MultiPoint",
        coordinates: [
          [0, 0],
          [2, 0],
        ],
      },
    });
    expect(r).toMatchObject({ method: "vertex-mean" });
    expect(r.longitude).toBeCloseTo(1, 12);
    expect(r.latitude).toBeCloseTo(0, 12);
    expect(r.notes.length).toBeGreaterThan(0);
  });

  it("a single point is its own centroid exactly", () => {
    expect(centroid({ geojson: { type: "Point", coordinates: [12.3456789, -45.6] } })).toMatchObject({
      longitude: 12.3456789,
      latitude: -45.6,
    });
  });

  it("a polygon enclosing zero area falls back to the vertex mean", () => {
    const flat = [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 0],
    ];
    const r = centroid({ geojson: { type: "Polygon", coordinates: [flat] } });
    expect(r.method).toBe("vertex-mean");
    expect(r.longitude).toBeCloseTo(1, 3);
  });

  it("points alongside polygons do not move the area centroid", () => {
    const alone = centroid({ geojson: { type: "Polygon", coordinates: [square(10, 50, 0.01)] } });
    const mixed = centroid({
      geojson: {
        type: "GeometryCollection",
        geometries: [
          { type: "Polygon", coordinates: [square(10, 50, 0.01)] },
          { type: "Point", coordinates: [40, 10] },
        ],
      },
    });
    expect(mixed.longitude).toBeCloseTo(alone.longitude, 9);
    expect(mixed.latitude).toBeCloseTo(alone.latitude, 9);
  });

  it("vertices balanced about the Earth's centre have no mean: refused, not guessed", () => {
    try {
      centroid({
        geojson: {
          type: "MultiPoint",
          coordinates: [
            [0, 0],
            [180, 0],
          ],
        },
      });
      throw new Error("answered");
    } catch (e) {
      expect((e as Refusal).code).toBe("invalid_geometry");
    }
  });
});

describe("bbox", () => {
  it("is the naive per-axis extent of every position", () => {
    const r = bbox({
      geojson: {
        type: "FeatureCollection",
        features: [
          { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [-5, 3] } },
          {
            type: "Feature",
            properties: {},
            geometry: {
              type: "LineString",
              coordinates: [
                [1, -2],
                [7, 9],
              ],
            },
          },
        ],
      },
    });
    expect(r).toEqual({
      op: "bbox",
      inputVertices: 3,
      notes: [],
      bbox: [-5, -2, 7, 9],
      crossesAntimeridian: false,
    });
  });

  it("an edge across the antimeridian gives the full-width range and the flag", () => {
    const r = bbox({
      geojson: {
        type: "LineString",
        coordinates: [
          [179, 10],
          [-179, 11],
        ],
      },
    });
    expect(r.bbox).toEqual([-179, 10, 179, 11]);
    expect(r.crossesAntimeridian).toBe(true);
  });

  it("a geometry cut at the antimeridian (RFC 7946) is flagged too", () => {
    const r = bbox({
      geojson: { type: "MultiPolygon", coordinates: [[square(179, -1, 1)], [square(-180, -1, 1)]] },
    });
    expect(r).toMatchObject({ bbox: [-180, -1, 180, 0], crossesAntimeridian: true });
  });

  it("a geometry touching only one side is not flagged", () => {
    expect(
      bbox({ geojson: { type: "Polygon", coordinates: [square(170, 0, 10)] } }).crossesAntimeridian,
    ).toBe(false);
  });

  it("an empty collection has no extent: refused", () => {
    expect(() => bbox({ geojson: { type: "FeatureCollection", features: [] } })).toThrow(Refusal);
  });
});
