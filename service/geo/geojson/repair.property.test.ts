// Properties of repair (and validate) over generated documents: idempotent, never moves a
// coordinate, never mutates its input, same shape out as in, and validate(repair(x)) reports
// nothing that is not in repair(x).unrepaired. Also: neither ever throws on any JSON value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze, document, positionsOf } from "../../../test/geojson/arbitraries.ts";
import { repairGeoJSON } from "./repair.ts";
import { validateGeoJSON } from "./validate.ts";

const RUNS = { numRuns: 600 };
const key = (i: { code: string; path: string; severity: string }) => `${i.severity}:${i.code}@${i.path}`;

describe("repair properties", () => {
  it("is idempotent: repairing the answer again changes nothing", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const once = repairGeoJSON(doc);
        const twice = repairGeoJSON(once.geojson);
        expect(twice.changes).toEqual([]);
        expect(twice.changed).toBe(false);
        expect(twice.geojson).toBe(once.geojson);
        expect(twice.unrepaired).toEqual(once.unrepaired);
      }),
      RUNS,
    );
  });
  it("is idempotent under a tiny budget too (skipped checks stay skipped)", () => {
    fc.assert(
      fc.property(document, fc.integer({ min: 0, max: 40 }), (doc, budget) => {
        const once = repairGeoJSON(doc, { budget });
        expect(repairGeoJSON(once.geojson, { budget }).changed).toBe(false);
      }),
      RUNS,
    );
  });
  it("never moves, rounds or invents a coordinate", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const before = positionsOf(doc);
        for (const p of positionsOf(repairGeoJSON(doc).geojson)) expect(before.has(p)).toBe(true);
      }),
      RUNS,
    );
  });
  it("never mutates its input (frozen input, same JSON after)", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const text = JSON.stringify(doc);
        repairGeoJSON(deepFreeze(doc));
        expect(JSON.stringify(doc)).toBe(text);
      }),
      RUNS,
    );
  });
  it("keeps the shape: type, features, properties, id and foreign members", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const out = repairGeoJSON(doc).geojson as Record<string, unknown>;
        const d = doc as Record<string, unknown>;
        expect(Object.keys(out)).toEqual(Object.keys(d));
        expect(out.type).toBe(d.type);
        if (d.type === "FeatureCollection") {
          const fin = d.features as Record<string, unknown>[];
          const fout = out.features as Record<string, unknown>[];
          expect(fout).toHaveLength(fin.length);
          fout.forEach((f, i) => {
            const posted = fin[i] as Record<string, unknown>;
            expect(Object.keys(f)).toEqual(Object.keys(posted));
            expect(f.properties).toBe(posted.properties);
            expect(f.id).toBe(posted.id);
            expect(f["x-foreign"]).toBe(posted["x-foreign"]);
            expect((f.geometry as { type: string }).type).toBe((posted.geometry as { type: string }).type);
          });
        }
      }),
      RUNS,
    );
  });
  it("validate(repair(x)) reports no issue that is not in repair(x).unrepaired", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const r = repairGeoJSON(doc);
        const listed = new Set(r.unrepaired.map(key));
        for (const issue of validateGeoJSON(r.geojson).errors) expect(listed.has(key(issue))).toBe(true);
      }),
      RUNS,
    );
  });
  it("changeCount counts changes, changed says whether there are any", () => {
    fc.assert(
      fc.property(document, (doc) => {
        const r = repairGeoJSON(doc);
        expect(r.changeCount).toBe(r.changes.length);
        expect(r.changed).toBe(r.changes.length > 0);
      }),
      RUNS,
    );
  });
  it("leaves no fixable ring issue: winding always fixed; repeats and closure only stay on rings too short to fix", () => {
    const blockers = new Set(["short_ring", "degenerate_ring", "short_linestring", "invalid_position"]);
    fc.assert(
      fc.property(document, (doc) => {
        const { unrepaired } = repairGeoJSON(doc);
        expect(unrepaired.map((i) => i.code)).not.toContain("ring_winding");
        const ringIssues = unrepaired.filter((x) => x.ringIndex !== undefined);
        for (const i of ringIssues.filter(
          (x) => x.code === "duplicate_vertex" || x.code === "unclosed_ring",
        )) {
          const ringPath = i.path.replace(/\[\d+\]$/, "");
          expect(unrepaired.some((j) => blockers.has(j.code) && j.path.startsWith(ringPath))).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe("robustness", () => {
  it("validate and repair never throw on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        validateGeoJSON(v);
        repairGeoJSON(v);
      }),
      { numRuns: 2000 },
    );
  });
  it("validate and repair never throw on documents with random members", () => {
    const anyType = fc.constantFrom(
      "FeatureCollection",
      "Feature",
      "Point",
      "Polygon",
      "MultiPolygon",
      "GeometryCollection",
      "LineString",
    );
    fc.assert(
      fc.property(
        anyType,
        fc.dictionary(
          fc.constantFrom(
            "features",
            "geometry",
            "coordinates",
            "geometries",
            "properties",
            "bbox",
            "crs",
            "id",
          ),
          fc.jsonValue(),
        ),
        (type, members) => {
          validateGeoJSON({ ...members, type });
          repairGeoJSON({ ...members, type });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
