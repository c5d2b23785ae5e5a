// Known answers of validate's ring and nesting checks: closure, length, winding, degenerate rings,
// self-intersections of every kind, holes outside or inside holes, cut interiors, overlapping members.
import { describe, expect, it } from "vitest";
import { clockwise as cw, square } from "../../../test/geojson/documents.ts";
import { validateGeoJSON } from "./validate.ts";

const codes = (doc: unknown) => validateGeoJSON(doc).errors.map((e) => e.code);
const poly = (...rings: number[][][]) => ({ type: "Polygon", coordinates: rings });

describe("rings", () => {
  it("unclosed ring: error at its last position", () => {
    expect(validateGeoJSON(poly(square(0, 0, 1).slice(0, 4))).errors).toEqual([
      expect.objectContaining({ code: "unclosed_ring", path: "$.coordinates[0][3]", positionIndex: 3 }),
    ]);
  });
  it("first and last differing only in altitude is unclosed", () => {
    const ring = square(0, 0, 1);
    ring[4] = [0, 0, 5];
    expect(codes(poly(ring))).toEqual(["unclosed_ring"]);
  });
  it("three positions: short ring", () =>
    expect(
      codes(
        poly([
          [0, 0],
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toEqual(["short_ring"]));
  it("exterior clockwise, hole counterclockwise: ring_winding on each", () => {
    expect(
      validateGeoJSON(poly(cw(square(0, 0, 10)), square(2, 2, 2))).errors.map((e) => [e.code, e.ringIndex]),
    ).toEqual([
      ["ring_winding", 0],
      ["ring_winding", 1],
    ]);
  });
  it("all positions equal: degenerate ring (no area)", () => {
    expect(
      codes(
        poly([
          [1, 1],
          [1, 1],
          [1, 1],
          [1, 1],
        ]),
      ),
    ).toEqual(["degenerate_ring", "duplicate_vertex", "duplicate_vertex", "duplicate_vertex"]);
  });
  it("bowtie: self_intersection, and no winding verdict on a ring without one", () => {
    expect(
      codes(
        poly([
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ]),
      ),
    ).toEqual(["self_intersection"]);
  });
  it("spike: self_intersection at the spike's tip", () => {
    const r = validateGeoJSON(
      poly([
        [0, 0],
        [4, 0],
        [4, 4],
        [6, 4],
        [5, 4],
        [0, 4],
        [0, 0],
      ]),
    );
    expect(r.errors.map((e) => [e.code, e.path])).toEqual([["self_intersection", "$.coordinates[0][3]"]]);
  });
  it("ring touching itself at a vertex: self_intersection at the repeat", () => {
    const r = validateGeoJSON(
      poly([
        [0, 0],
        [4, 0],
        [2, 2],
        [4, 4],
        [0, 4],
        [2, 2],
        [0, 0],
      ]),
    );
    expect(r.errors.map((e) => [e.code, e.positionIndex])).toEqual([["self_intersection", 5]]);
  });
  it("a self-intersecting hole blocks the nesting check, which is listed as skipped", () => {
    const r = validateGeoJSON(
      poly(square(0, 0, 10), [
        [2, 2],
        [4, 4],
        [4, 2],
        [2, 4],
        [2, 2],
      ]),
    );
    expect(r.errors.map((e) => e.code)).toEqual(["self_intersection"]);
    expect(r.checksSkipped).toEqual([
      { check: "ring_nesting", path: "$", reason: expect.stringContaining("hole 1") },
    ]);
  });
});

describe("nesting", () => {
  it("hole outside the exterior", () => {
    expect(validateGeoJSON(poly(square(0, 0, 2), cw(square(5, 5, 1)))).errors).toEqual([
      expect.objectContaining({ code: "hole_outside_exterior", path: "$.coordinates[1]", ringIndex: 1 }),
    ]);
  });
  it("hole crossing the exterior: located at a position", () => {
    expect(validateGeoJSON(poly(square(0, 0, 4), cw(square(3, 1, 2)))).errors).toEqual([
      expect.objectContaining({
        code: "hole_outside_exterior",
        path: expect.stringMatching(/^\$\.coordinates\[1\]\[\d\]$/),
      }),
    ]);
  });
  it("hole sharing an edge with the exterior", () => {
    expect(
      codes(
        poly(
          square(0, 0, 4),
          cw([
            [0, 0],
            [2, 0],
            [2, 2],
            [0, 2],
            [0, 0],
          ]),
        ),
      ),
    ).toEqual(["hole_outside_exterior"]);
  });
  it("hole inside a hole", () =>
    expect(codes(poly(square(0, 0, 10), cw(square(1, 1, 8)), cw(square(3, 3, 2))))).toEqual([
      "nested_holes",
    ]));
  it("holes overlapping each other", () =>
    expect(codes(poly(square(0, 0, 10), cw(square(1, 1, 4)), cw(square(3, 3, 4))))).toEqual([
      "overlapping_holes",
    ]));
  it("hole touching the exterior twice cuts the interior", () => {
    expect(
      codes(
        poly(square(0, 0, 6), [
          [0, 4],
          [6, 2],
          [2, 2],
          [0, 4],
        ]),
      ),
    ).toEqual(["disconnected_interior"]);
  });
  it("MultiPolygon member inside another member's exterior (really a hole)", () => {
    expect(codes({ type: "MultiPolygon", coordinates: [[square(0, 0, 10)], [square(2, 2, 2)]] })).toEqual([
      "overlapping_polygons",
    ]);
  });
  it("MultiPolygon members sharing an edge", () => {
    expect(codes({ type: "MultiPolygon", coordinates: [[square(0, 0, 2)], [square(2, 0, 2)]] })).toEqual([
      "overlapping_polygons",
    ]);
  });
});
