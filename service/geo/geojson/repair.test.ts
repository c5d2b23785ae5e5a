// Known answers of repair, one per edge: every change code, what is left alone and why, and the
// promises (same shape, members kept, input untouched, conformant documents returned as they are).
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../../test/geojson/arbitraries.ts";
import { clockwise as cw, square } from "../../../test/geojson/documents.ts";
import { repairGeoJSON } from "./repair.ts";
import { validateGeoJSON } from "./validate.ts";

const changes = (doc: unknown) => repairGeoJSON(doc).changes.map((c) => [c.code, c.path]);

describe("ring repairs", () => {
  it("rewinds a clockwise exterior and a counterclockwise hole", () => {
    const r = repairGeoJSON({ type: "Polygon", coordinates: [cw(square(0, 0, 10)), square(2, 2, 2)] });
    expect(r.geojson).toEqual({ type: "Polygon", coordinates: [square(0, 0, 10), cw(square(2, 2, 2))] });
    expect(r.changes.map((c) => [c.code, c.ringIndex])).toEqual([
      ["rewound_ring", 0],
      ["rewound_ring", 1],
    ]);
  });
  it("drops consecutive repeats, keeping the first of each run", () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const r = repairGeoJSON({ type: "Polygon", coordinates: [ring] });
    expect(r.geojson).toEqual({ type: "Polygon", coordinates: [square(0, 0, 1)] });
    expect(r.changes).toEqual([
      expect.objectContaining({ code: "deduped_vertices", path: "$.coordinates[0]", ringIndex: 0 }),
    ]);
  });
  it("drops repeats in a LineString too", () => {
    expect(
      repairGeoJSON({
        type: "LineString",
        coordinates: [
          [0, 0],
          [0, 0],
          [1, 1],
        ],
      }).geojson,
    ).toEqual({
      type: "LineString",
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
  });
  it("closes an unclosed ring with a copy of its first position (altitude included)", () => {
    const r = repairGeoJSON({
      type: "Polygon",
      coordinates: [
        [
          [0, 0, 5],
          [1, 0, 5],
          [1, 1, 5],
          [0, 1, 5],
        ],
      ],
    });
    expect(r.geojson).toEqual({
      type: "Polygon",
      coordinates: [
        [
          [0, 0, 5],
          [1, 0, 5],
          [1, 1, 5],
          [0, 1, 5],
          [0, 0, 5],
        ],
      ],
    });
    expect(r.changes.map((c) => c.code)).toEqual(["closed_ring"]);
  });
  it("leaves a ring too short to repair alone and reports it", () => {
    const doc = {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
      ],
    };
    const r = repairGeoJSON(doc);
    expect(r.changed).toBe(false);
    expect(r.geojson).toBe(doc);
    expect(r.unrepaired.map((i) => i.code)).toEqual(["short_ring", "unclosed_ring"]);
  });
});

describe("nesting repairs", () => {
  it("reordered_rings: the exterior listed after its hole moves to the front", () => {
    const r = repairGeoJSON({ type: "Polygon", coordinates: [cw(square(2, 2, 2)), square(0, 0, 10)] });
    expect(r.geojson).toEqual({ type: "Polygon", coordinates: [square(0, 0, 10), cw(square(2, 2, 2))] });
    expect(r.changes.map((c) => [c.code, c.path, c.ringIndex])).toEqual([
      ["reordered_rings", "$.coordinates", 1],
    ]);
  });
  it("split_hole: a hole in the wrong MultiPolygon member moves to the member that contains it", () => {
    const doc = {
      type: "MultiPolygon",
      coordinates: [[square(0, 0, 4), cw(square(21, 1, 2))], [square(20, 0, 4)]],
    };
    const r = repairGeoJSON(doc);
    expect(r.geojson).toEqual({
      type: "MultiPolygon",
      coordinates: [[square(0, 0, 4)], [square(20, 0, 4), cw(square(21, 1, 2))]],
    });
    expect(changes(doc)).toEqual([["split_hole", "$.coordinates[0][1]"]]);
    expect(r.unrepaired).toEqual([]);
  });
  it("folded_hole: a member lying inside another member's exterior becomes its hole (and is rewound)", () => {
    const doc = { type: "MultiPolygon", coordinates: [[square(0, 0, 10)], [square(2, 2, 2)]] };
    const r = repairGeoJSON(doc);
    expect(r.geojson).toEqual({
      type: "MultiPolygon",
      coordinates: [[square(0, 0, 10), cw(square(2, 2, 2))]],
    });
    expect(changes(doc)).toEqual([
      ["folded_hole", "$.coordinates[1]"],
      ["rewound_ring", "$.coordinates[1][0]"],
    ]);
    expect(validateGeoJSON(r.geojson).valid).toBe(true);
  });
  it("an island inside a lake stays its own member", () => {
    const doc = {
      type: "MultiPolygon",
      coordinates: [[square(0, 0, 10), cw(square(2, 2, 6))], [square(4, 4, 2)]],
    };
    expect(repairGeoJSON(doc)).toMatchObject({ changed: false, geojson: doc, unrepaired: [] });
  });
  it("a Polygon's hole outside its exterior stays (a new polygon would change the shape): unrepaired", () => {
    const doc = { type: "Polygon", coordinates: [square(0, 0, 2), cw(square(5, 5, 1))] };
    const r = repairGeoJSON(doc);
    expect(r.changed).toBe(false);
    expect(r.unrepaired.map((i) => i.code)).toEqual(["hole_outside_exterior"]);
  });
  it("self-intersections are never guessed at: unrepaired, and the ring is not rewound", () => {
    const doc = {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    const r = repairGeoJSON(doc);
    expect(r.changed).toBe(false);
    expect(r.unrepaired).toEqual([
      expect.objectContaining({ code: "self_intersection", severity: "error", path: "$.coordinates[0][2]" }),
    ]);
  });
  it("crossing rings block every nesting repair", () => {
    const doc = { type: "MultiPolygon", coordinates: [[square(0, 0, 4)], [square(2, 2, 4)]] };
    const r = repairGeoJSON(doc);
    expect(r.changes).toEqual([]);
    expect(r.unrepaired.map((i) => i.code)).toEqual(["overlapping_polygons"]);
  });
});

describe("promises", () => {
  it("a conformant document comes back as the same object, changed:false", () => {
    const doc = {
      type: "Feature",
      properties: { a: 1 },
      geometry: { type: "Polygon", coordinates: [square(0, 0, 1)] },
    };
    expect(repairGeoJSON(doc)).toEqual({
      geojson: doc,
      changed: false,
      changeCount: 0,
      changes: [],
      unrepaired: [],
    });
    expect(repairGeoJSON(doc).geojson).toBe(doc);
  });
  it("keeps properties, id, foreign members and key order; never writes to the (frozen) input", () => {
    const doc = deepFreeze({
      type: "FeatureCollection",
      name: "kept",
      features: [
        {
          id: "x",
          type: "Feature",
          geometry: { type: "Polygon", coordinates: [cw(square(0, 0, 1))], extra: 1 },
          properties: { p: [1] },
          foo: "bar",
        },
      ],
    });
    const out = repairGeoJSON(doc).geojson as typeof doc;
    expect(Object.keys(out)).toEqual(["type", "name", "features"]);
    const f = out.features[0];
    expect(Object.keys(f ?? {})).toEqual(["id", "type", "geometry", "properties", "foo"]);
    expect(f?.properties).toBe(doc.features[0]?.properties);
    expect(f?.geometry).toEqual({ type: "Polygon", coordinates: [square(0, 0, 1)], extra: 1 });
    expect(doc.features[0]?.geometry.coordinates).toEqual([cw(square(0, 0, 1))]);
  });
  it("unrepaired lists skipped checks as check_skipped warnings", () => {
    const r = repairGeoJSON(
      { type: "Polygon", coordinates: [square(0, 0, 1), cw(square(0.2, 0.2, 0.1))] },
      { budget: 3 },
    );
    expect(r.unrepaired.map((i) => [i.code, i.severity])).toContainEqual(["check_skipped", "warning"]);
  });
});
