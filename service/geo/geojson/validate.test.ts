// Known answers of validate, one per edge: paths and indexes, severities, document order,
// structure rules, and what RFC 7946 allows (empty coordinates, null geometry, foreign members).
import { describe, expect, it } from "vitest";
import { clockwise as cw, square } from "../../../test/geojson/documents.ts";
import { validateGeoJSON } from "./validate.ts";

const codes = (doc: unknown) => validateGeoJSON(doc).errors.map((e) => e.code);
const poly = (...rings: number[][][]) => ({ type: "Polygon", coordinates: rings });

describe("valid documents", () => {
  it("polygon with a clockwise hole", () => {
    expect(validateGeoJSON(poly(square(0, 0, 10), cw(square(2, 2, 2))))).toEqual({
      valid: true,
      errorCount: 0,
      warningCount: 0,
      errors: [],
      checksSkipped: [],
    });
  });
  it("null geometry, null properties, string and number ids, foreign members", () => {
    const fc = {
      type: "FeatureCollection",
      title: "foreign",
      features: [
        { type: "Feature", id: "a", properties: null, geometry: null },
        {
          type: "Feature",
          id: 7,
          properties: { x: 1 },
          geometry: { type: "Point", coordinates: [1, 2, 3] },
          extra: [],
        },
      ],
    };
    expect(validateGeoJSON(fc).valid).toBe(true);
  });
  it("empty coordinates stand for an empty geometry (RFC 7946 §3.1)", () => {
    for (const type of ["Point", "LineString", "Polygon", "MultiPolygon"])
      expect(codes({ type, coordinates: [] })).toEqual([]);
  });
  it("island inside a lake of another MultiPolygon member", () => {
    const doc = {
      type: "MultiPolygon",
      coordinates: [[square(0, 0, 10), cw(square(2, 2, 6))], [square(4, 4, 2)]],
    };
    expect(codes(doc)).toEqual([]);
  });
  it("hole touching the exterior at one vertex", () => {
    expect(
      codes(
        poly(square(0, 0, 10), [
          [0, 5],
          [3, 6],
          [3, 4],
          [0, 5],
        ]),
      ),
    ).toEqual([]);
  });
  it("MultiPolygon members touching at one point", () => {
    expect(codes({ type: "MultiPolygon", coordinates: [[square(0, 0, 1)], [square(1, 1, 1)]] })).toEqual([]);
  });
  it("antimeridian cut into two polygons (RFC 7946 §3.1.9)", () => {
    const doc = { type: "MultiPolygon", coordinates: [[square(170, 40, 10)], [square(-180, 40, 10)]] };
    expect(codes(doc)).toEqual([]);
  });
});

describe("paths and indexes", () => {
  it("a repeated position: warning at the repeated position's index, valid stays true", () => {
    const ring = square(0, 0, 1);
    ring.splice(2, 0, [1, 0]);
    const r = validateGeoJSON({
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: {}, geometry: poly(ring) }],
    });
    expect(r.valid).toBe(true);
    expect(r.errors).toEqual([
      {
        code: "duplicate_vertex",
        severity: "warning",
        message: expect.any(String),
        path: "$.features[0].geometry.coordinates[0][2]",
        featureIndex: 0,
        ringIndex: 0,
        positionIndex: 2,
      },
    ]);
    expect(r.warningCount).toBe(1);
  });
  it("MultiPolygon issues carry the polygon index as geometryIndex", () => {
    const r = validateGeoJSON({
      type: "MultiPolygon",
      coordinates: [[square(0, 0, 1)], [cw(square(5, 5, 1))]],
    });
    expect(r.errors).toEqual([
      expect.objectContaining({
        code: "ring_winding",
        path: "$.coordinates[1][0]",
        geometryIndex: 1,
        ringIndex: 0,
      }),
    ]);
  });
  it("GeometryCollection members carry their index as geometryIndex", () => {
    const gc = {
      type: "GeometryCollection",
      geometries: [
        { type: "Point", coordinates: [0, 0] },
        { type: "LineString", coordinates: [[0, 0]] },
      ],
    };
    expect(validateGeoJSON(gc).errors).toEqual([
      expect.objectContaining({
        code: "short_linestring",
        path: "$.geometries[1].coordinates",
        geometryIndex: 1,
      }),
    ]);
  });
  it("issues come in document order (a container before what it holds), whatever check found them", () => {
    const fc = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: {},
          geometry: poly([
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ]),
        },
        { type: "Feature", geometry: { type: "Point", coordinates: [200, 0] } },
      ],
    };
    expect(validateGeoJSON(fc).errors.map((e) => e.path)).toEqual([
      "$.features[0].geometry.coordinates[0][2]",
      "$.features[1].geometry.coordinates",
      "$.features[1].properties",
    ]);
  });
});

describe("structure", () => {
  it.each([
    [{ type: "Feature", geometry: null }, ["missing_member"]],
    [{ type: "Feature", properties: [], geometry: null }, ["invalid_member"]],
    [{ type: "Feature", properties: {}, geometry: null, id: true }, ["invalid_member"]],
    [{ type: "Feature", properties: {}, geometry: { type: "Feature" } }, ["invalid_type"]],
    [{ type: "Feature", properties: {}, geometry: null, coordinates: [] }, ["changed_semantics"]],
    [
      { type: "FeatureCollection", features: [{ type: "feature", properties: {}, geometry: null }] },
      ["invalid_type"],
    ],
    [{ type: "Point", coordinates: [1, 2], bbox: [0, 0, 1] }, ["invalid_bbox"]],
    [{ type: "Point", coordinates: [1] }, ["invalid_position"]],
    [{ type: "Point", coordinates: [1, "2"] }, ["invalid_position"]],
    [{ type: "MultiPoint", coordinates: [1, 2] }, ["invalid_position", "invalid_position"]],
    [{ type: "Polygon", coordinates: [1] }, ["invalid_coordinates"]],
    [{ type: "GeometryCollection" }, ["missing_member"]],
    [[], ["invalid_root"]],
  ])("%j → %j", (doc, want) => {
    expect(codes(doc)).toEqual(want);
  });
  it("obsolete crs, a 4th ordinate, nested and one-type collections are warnings only", () => {
    const gc = {
      type: "GeometryCollection",
      crs: { type: "name", properties: { name: "EPSG:4326" } },
      geometries: [
        { type: "GeometryCollection", geometries: [{ type: "Point", coordinates: [1, 2, 3, 4] }] },
      ],
    };
    const r = validateGeoJSON(gc);
    expect(r.valid).toBe(true);
    expect(r.errors.map((e) => [e.code, e.path])).toEqual([
      ["homogeneous_geometry_collection", "$"],
      ["obsolete_crs", "$.crs"],
      ["nested_geometry_collection", "$.geometries[0]"],
      ["homogeneous_geometry_collection", "$.geometries[0]"],
      ["position_extra_elements", "$.geometries[0].geometries[0].coordinates"],
    ]);
    expect(r.warningCount).toBe(5);
  });
  it("out-of-range coordinates are reported, never normalised", () => {
    const doc = {
      type: "LineString",
      coordinates: [
        [181, 0],
        [0, -91],
      ],
    };
    const r = validateGeoJSON(doc);
    expect(r.errors.map((e) => [e.code, e.path])).toEqual([
      ["coordinate_out_of_range", "$.coordinates[0]"],
      ["coordinate_out_of_range", "$.coordinates[1]"],
    ]);
    expect(doc.coordinates).toEqual([
      [181, 0],
      [0, -91],
    ]);
  });
});

describe("hostile nesting", () => {
  it("geometry collections nested 20,000 deep: no crash, the deep part listed as not checked", () => {
    let g: object = { type: "Point", coordinates: [0, 0] };
    for (let i = 0; i < 20_000; i++) g = { type: "GeometryCollection", geometries: [g] };
    const r = validateGeoJSON(g);
    expect(r.checksSkipped).toEqual([expect.objectContaining({ check: "structure" })]);
    expect(r.checksSkipped[0]?.path.split("[0]").length).toBe(65);
  });
});
