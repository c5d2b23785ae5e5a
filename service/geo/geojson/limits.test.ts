// The published limits: a 1 MiB FeatureCollection and a 100,000-vertex ring answer correctly
// within the 2,000,000-comparison self-intersection budget; a ring that does not fit is listed in
// checksSkipped with its reason and path, never reported clean; cheapest ring first.
import { describe, expect, it } from "vitest";
import {
  circleRing,
  collectionOfSize,
  MIB,
  polygonFeature,
  serpentineRing,
  square,
} from "../../../test/geojson/documents.ts";
import { ComparisonBudget, SELF_INTERSECTION_BUDGET } from "./budget.ts";
import { walkDocument } from "./document-structure.ts";
import { analysePolygons } from "./polygon-analysis.ts";
import { repairGeoJSON } from "./repair.ts";
import { validateGeoJSON } from "./validate.ts";

/** Comparisons a full validation of `doc` spends. */
function spent(doc: unknown): number {
  const budget = new ComparisonBudget(SELF_INTERSECTION_BUDGET);
  analysePolygons(
    walkDocument(doc, () => {}),
    budget,
  );
  return budget.spent;
}

describe("100,000-vertex ring", () => {
  const ring = circleRing(100_000);
  const doc = { type: "Polygon", coordinates: [ring] };

  it("is fully checked and valid, well inside the budget", () => {
    const r = validateGeoJSON(doc);
    expect(r).toMatchObject({ valid: true, errorCount: 0, checksSkipped: [] });
    expect(spent(doc)).toBeLessThan(SELF_INTERSECTION_BUDGET / 4);
  });
  it("a crossing near its end is found and located", () => {
    const crossed = ring.map((p) => [...p]);
    [crossed[99_990], crossed[99_991]] = [crossed[99_991] as number[], crossed[99_990] as number[]];
    const r = validateGeoJSON({ type: "Polygon", coordinates: [crossed] });
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => e.code)).toEqual(["self_intersection"]);
    expect(r.errors[0]?.path).toMatch(/^\$\.coordinates\[0\]\[999[89]\d\]$/);
  });
  it("the worst everyday shape (a 100,000-vertex serpentine under 1 MiB) still fits", () => {
    const serpentine = { type: "Polygon", coordinates: [serpentineRing(100_000, 1, 0.0001)] };
    expect(validateGeoJSON(serpentine)).toMatchObject({ valid: true, checksSkipped: [] });
    const cost = spent(serpentine);
    expect(cost).toBeGreaterThan(1_000_000);
    expect(cost).toBeLessThanOrEqual(SELF_INTERSECTION_BUDGET);
  });
  it("repair leaves it untouched", () => {
    const r = repairGeoJSON(doc);
    expect(r).toMatchObject({ changed: false, changeCount: 0, unrepaired: [] });
    expect(r.geojson).toBe(doc);
  });
});

describe("1 MiB FeatureCollection", () => {
  it("of polygons with holes: every ring and nesting checked", () => {
    const doc = collectionOfSize(MIB, (i) => {
      const [lon, lat] = [(i % 300) - 150, Math.floor(i / 300) - 60];
      return polygonFeature([circleRing(40, lon, lat, 0.4), circleRing(12, lon, lat, 0.1).reverse()], i);
    });
    expect(JSON.stringify(doc).length).toBeGreaterThan(MIB - 2000);
    const r = validateGeoJSON(doc);
    expect(r).toMatchObject({ valid: true, errorCount: 0, warningCount: 0, checksSkipped: [] });
  });
  it("of rings just under 1400 vertices in their worst everyday shape: all covered", () => {
    const doc = collectionOfSize(MIB, (i) => {
      const [dx, dy] = [(i % 100) * 1.5 - 150, Math.floor(i / 100) * 2];
      const ring = serpentineRing(1399).map(([x, y]) => [
        (x as number) + dx,
        Math.round(((y as number) + dy) * 1000) / 1000,
      ]);
      return polygonFeature([ring], i);
    });
    expect(doc.features.length).toBeGreaterThan(40);
    const r = validateGeoJSON(doc);
    expect(r).toMatchObject({ valid: true, checksSkipped: [] });
    expect(spent(doc)).toBeLessThan(SELF_INTERSECTION_BUDGET);
  });
  it("with one bad feature among thousands: the error carries its feature's path and index", () => {
    const doc = collectionOfSize(MIB, (i) =>
      polygonFeature([circleRing(30, (i % 300) - 150, Math.floor(i / 300) - 60, 0.4)], i),
    );
    const k = Math.floor(doc.features.length * 0.6);
    const bad = doc.features[k] as { geometry: { coordinates: number[][][] } };
    bad.geometry.coordinates[0]?.reverse();
    const r = validateGeoJSON(doc);
    expect(r.errors).toEqual([
      expect.objectContaining({
        code: "ring_winding",
        path: `$.features[${k}].geometry.coordinates[0]`,
        featureIndex: k,
        ringIndex: 0,
      }),
    ]);
  });
});

describe("MultiPolygon of 5,000 members in one row (rays only where a ring could be contained)", () => {
  it("nesting is checked for all of them, well inside the budget", () => {
    const members = Array.from({ length: 5000 }, (_, i) => [square(-170 + i * 0.06, 0, 0.05)]);
    const doc = { type: "MultiPolygon", coordinates: members };
    expect(validateGeoJSON(doc)).toMatchObject({ valid: true, checksSkipped: [] });
    expect(spent(doc)).toBeLessThan(100_000);
    members.push([square(-169.99, 0.01, 0.01)]);
    expect(validateGeoJSON(doc).errors.map((e) => [e.code, e.geometryIndex])).toEqual([
      ["overlapping_polygons", 5000],
    ]);
  });
});

describe("budget rules", () => {
  const small = circleRing(50, 0, 0, 1);
  const big = circleRing(5000, 20, 20, 5);
  const doc = { type: "MultiPolygon", coordinates: [[big], [small]] };

  it("a ring that does not fit is listed in checksSkipped with reason and path, never reported clean", () => {
    const r = validateGeoJSON(doc, { budget: 1000 });
    expect(r.checksSkipped).toEqual([
      expect.objectContaining({ check: "ring_nesting", path: "$" }),
      expect.objectContaining({ check: "self_intersection", path: "$.coordinates[0][0]" }),
    ]);
    expect(r.checksSkipped[1]?.reason).toMatch(/budget/);
  });
  it("cheapest ring first: the small ring is checked even though it comes last", () => {
    const crossedSmall = small.map((p) => [...p]);
    [crossedSmall[10], crossedSmall[11]] = [crossedSmall[11] as number[], crossedSmall[10] as number[]];
    const r = validateGeoJSON(
      { type: "MultiPolygon", coordinates: [[big], [crossedSmall]] },
      { budget: 1000 },
    );
    expect(r.errors.map((e) => [e.code, e.geometryIndex])).toEqual([["self_intersection", 1]]);
    expect(r.checksSkipped.map((s) => s.path)).toEqual(["$", "$.coordinates[0][0]"]);
  });
  it("a skipped ring still gets its winding checked", () => {
    const r = validateGeoJSON({ type: "Polygon", coordinates: [[...big].reverse()] }, { budget: 10 });
    expect(r.errors.map((e) => e.code)).toEqual(["ring_winding"]);
    expect(r.checksSkipped).toHaveLength(1);
  });
  it("the spend never exceeds the budget", () => {
    for (const limit of [0, 1, 50, 500, 5000, 50_000]) {
      const budget = new ComparisonBudget(limit);
      analysePolygons(
        walkDocument(doc, () => {}),
        budget,
      );
      expect(budget.spent).toBeLessThanOrEqual(limit);
    }
  });
});
