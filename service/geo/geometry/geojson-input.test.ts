// The one GeoJSON reader (geometry, h3, pip and transform routes): structure, ring closure, coordinate ranges (refused, never
// normalised) and the position cap, each refusal naming the field and the path in the document.
import { describe, expect, it } from "vitest";
import { Refusal } from "../refusal.ts";
import { positionPath, readGeoJson } from "./geojson-input.ts";

const cap = { name: "positions", max: 10, unit: "positions", detail: "test cap" };
/** A closed unit square: five positions, the closing one included. */
const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];
const read = (doc: unknown) => readGeoJson(doc, { field: "geojson", cap });
const refusal = (doc: unknown): Refusal => {
  try {
    read(doc);
  } catch (e) {
    if (e instanceof Refusal) return e;
    throw e;
  }
  throw new Error("read");
};

describe("readGeoJson", () => {
  it("reads Features, FeatureCollections and bare geometries with their paths", () => {
    const doc = read({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          id: 7,
          properties: { a: 1 },
          geometry: { type: "Point", coordinates: [1, 2, 30] },
        },
        { type: "Feature", properties: null, geometry: null },
      ],
    });
    expect(doc.kind).toBe("FeatureCollection");
    expect(doc.positions).toBe(1);
    expect(doc.items[0]).toEqual({
      geometry: { type: "Point", coordinates: [1, 2, 30] },
      path: "$.geojson.features[0].geometry",
      feature: { id: 7, properties: { a: 1 } },
    });
    expect(doc.items[1]?.geometry).toBeNull();
    expect(read({ type: "LineString", coordinates: [] }).items[0]?.geometry).toEqual({
      type: "LineString",
      coordinates: [],
    });
  });

  it.each([
    [{ type: "Point", coordinates: [181, 0] }, "$.geojson.coordinates", "longitude"],
    [{ type: "Point", coordinates: [-180.0000001, 0] }, "$.geojson.coordinates", "longitude"],
    [
      {
        type: "LineString",
        coordinates: [
          [0, 0],
          [0, 90.5],
        ],
      },
      "$.geojson.coordinates[1]",
      "latitude",
    ],
  ])("refuses out-of-range positions by path, never normalising (%#)", (doc, path, axis) => {
    const e = refusal(doc);
    expect(e.code).toBe("coordinate_out_of_range");
    expect(e.details).toMatchObject({ field: "geojson", path, axis });
  });

  it("accepts the exact bounds ±180 and ±90", () => {
    expect(
      read({
        type: "MultiPoint",
        coordinates: [
          [-180, -90],
          [180, 90],
        ],
      }).positions,
    ).toBe(2);
  });

  it.each([
    [
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0.5],
          ],
        ],
      },
      "$.geojson.coordinates[0]",
    ],
    [
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      },
      "$.geojson.coordinates[0]",
    ],
    [{ type: "LineString", coordinates: [[0, 0]] }, "$.geojson.coordinates"],
    [{ type: "Circle", coordinates: [0, 0] }, "$.geojson.type"],
    [{ type: "GeometryCollection", geometries: [{ type: "Point" }] }, "$.geojson.geometries[0].coordinates"],
    [
      { type: "FeatureCollection", features: [{ type: "Point", coordinates: [0, 0] }] },
      "$.geojson.features[0]",
    ],
    [{ type: "Feature", properties: 3, geometry: null }, "$.geojson.properties"],
    ["not an object", "$.geojson"],
  ])("refuses malformed geometry by path (%#)", (doc, path) => {
    const e = refusal(doc);
    expect(e.code).toBe("invalid_geometry");
    expect(e.details).toMatchObject({ field: "geojson", path });
  });

  it("refuses collections nested deeper than 32", () => {
    let g: unknown = { type: "Point", coordinates: [0, 0] };
    for (let i = 0; i < 40; i++) g = { type: "GeometryCollection", geometries: [g] };
    expect(refusal(g).code).toBe("invalid_geometry");
  });

  it.each([
    [{ type: "Point", coordinates: [0] }, "$.geojson.coordinates"],
    [{ type: "Point", coordinates: [0, "1"] }, "$.geojson.coordinates"],
    [{ type: "LineString", coordinates: [[0, 0], 5] }, "$.geojson.coordinates[1]"],
  ])("refuses a malformed position as invalid_field at the position's path (%#)", (doc, path) => {
    const e = refusal(doc);
    expect(e.code).toBe("invalid_field");
    expect(e.details).toMatchObject({ field: "geojson", path });
  });

  it("accepts positions of four numbers (RFC 7946 allows further members) and keeps them as sent", () => {
    const doc = readGeoJson({ type: "Point", coordinates: [1, 2, 3, 4] }, { field: "geojson" });
    expect(doc.items[0]?.geometry).toEqual({ type: "Point", coordinates: [1, 2, 3, 4] });
  });

  it("counts ring closures against the cap and answers the count of every position as actual", () => {
    const ring = square;
    const e = refusal({ type: "MultiPolygon", coordinates: [[ring], [ring], [ring]] });
    expect(e.code).toBe("limit_exceeded");
    expect(e.details).toMatchObject({ field: "geojson", path: "$.geojson" });
    expect(e.details.limit).toEqual({ name: "positions", max: 10, unit: "positions", actual: 15 });
  });

  it("reads positions in a caller's CRS with the arity rule only (transform's source), never the lon/lat ranges", () => {
    const doc = readGeoJson(
      {
        type: "LineString",
        coordinates: [
          [500_000, 6_700_000],
          [500_010, 6_700_010, 3],
        ],
      },
      { field: "geojson", crs: "any" },
    );
    expect(doc.all).toEqual([
      [500_000, 6_700_000],
      [500_010, 6_700_010, 3],
    ]);
    const e = (() => {
      try {
        readGeoJson({ type: "MultiPoint", coordinates: [[1, 2], [3]] }, { field: "geojson", crs: "any" });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(Refusal);
    expect([(e as Refusal).code, (e as Refusal).details.path]).toEqual([
      "invalid_field",
      "$.geojson.coordinates[1]",
    ]);
  });

  it("lists every position in document order, the arrays as sent, and finds each one's path again", () => {
    const ring = square;
    const sent = {
      type: "FeatureCollection",
      features: [
        { type: "Feature", properties: null, geometry: null },
        { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [5, 6] } },
        {
          type: "Feature",
          properties: {},
          geometry: {
            type: "GeometryCollection",
            geometries: [{ type: "MultiPolygon", coordinates: [[], [ring]] }],
          },
        },
      ],
    };
    const doc = readGeoJson(sent, { field: "geojson" });
    expect(doc.all).toHaveLength(6);
    expect(doc.all[0]).toBe(sent.features[1]?.geometry?.coordinates);
    expect(doc.all[3]).toBe(ring[2]);
    expect(doc.all.map((_, i) => positionPath(doc, i))).toEqual([
      "$.geojson.features[1].geometry.coordinates",
      ...[0, 1, 2, 3, 4].map((k) => `$.geojson.features[2].geometry.geometries[0].coordinates[1][0][${k}]`),
    ]);
  });
});
