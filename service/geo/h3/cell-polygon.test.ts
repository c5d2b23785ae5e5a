import { cellArea, cellToChildren, getRes0Cells, latLngToCell } from "h3-js";
import { describe, expect, it } from "vitest";
import { validateGeoJSON } from "../geojson/validate.ts";
import { polygonArea } from "../geometry/ellipsoidal-area.ts";
import { cellPolygon } from "./cell-polygon.ts";

const errorsOf = (cell: string) => {
  const r = validateGeoJSON({ type: "Feature", properties: {}, geometry: cellPolygon(cell) });
  return r.errors.filter((e) => e.severity === "error").map((e) => `${cell} ${e.code} ${e.path}`);
};

describe("cellPolygon", () => {
  it("is a counter-clockwise Polygon for a cell away from the antimeridian (San Francisco)", () => {
    const g = cellPolygon(latLngToCell(37.7749, -122.4194, 9));
    expect(g.type).toBe("Polygon");
    expect(errorsOf(latLngToCell(37.7749, -122.4194, 9))).toEqual([]);
  });

  it("cuts a cell on the antimeridian (Fiji) into a MultiPolygon inside ±180", () => {
    const cell = latLngToCell(-17, 180, 3);
    const g = cellPolygon(cell);
    expect(g.type).toBe("MultiPolygon");
    const lons = (g.coordinates as number[][][][]).flat(2).map((p) => p[0] as number);
    expect(Math.min(...lons)).toBeGreaterThanOrEqual(-180);
    expect(Math.max(...lons)).toBeLessThanOrEqual(180);
    expect(errorsOf(cell)).toEqual([]);
  });

  it("closes a polar cell along its pole (north and south)", () => {
    for (const lat of [90, -90]) {
      const cell = latLngToCell(lat, 0, 0);
      const g = cellPolygon(cell);
      const lats = (g.type === "Polygon" ? g.coordinates.flat() : g.coordinates.flat(2)).map((p) => p[1]);
      expect(lats).toContain(lat);
      expect(errorsOf(cell)).toEqual([]);
    }
  });

  it("is valid by our validator for every cell of resolutions 0 and 1 (pentagons, poles, antimeridian)", () => {
    const cells = getRes0Cells().flatMap((c) => [c, ...cellToChildren(c, 1)]);
    expect(cells.length).toBe(122 + 842);
    expect(cells.flatMap(errorsOf)).toEqual([]);
  });

  // H3's edges are great-circle arcs and ours straight in longitude/latitude: close, not equal, at
  // resolution 4 in the tropics.
  it("a cut cell keeps the area of the whole: pieces summed as the uncut cell nearby", () => {
    for (const cell of [latLngToCell(-17, 180, 4), latLngToCell(10, 10, 4)]) {
      const g = cellPolygon(cell);
      const parts = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
      const area = parts.reduce((sum, rings) => sum + polygonArea(rings), 0);
      expect(Math.abs(area / cellArea(cell, "m2") - 1)).toBeLessThan(0.01);
    }
  });
});
