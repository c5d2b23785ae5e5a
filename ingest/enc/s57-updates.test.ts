// ENC update files applied in order, against GDAL's S-57 reader on the same real files (NOAA's
// US4MD81M edition 31 with updates 1–3; fixtures by test/fixtures/enc/make-gdal-update-fixtures.ts):
// GDAL with UPDATES=APPLY reads update 3 and 7,340 features in 66 layers, with UPDATES=IGNORE
// update 0 and 7,335. Every feature's LNAM, record version and attributes agree class by class;
// the features the updates touched agree one by one, with their point and area geometry.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  canonicalFeature,
  classDigest,
  type UpdateFixture,
  updateFixture,
} from "../../test/fixtures/enc/gdal-update-fixture.ts";
import { polygonDigest } from "../../test/fixtures/enc/ring-digest.ts";
import { areaGeometry, pointPositions } from "./s57-geometry.ts";
import { type FeatureRecord, longName, readS57Records, type S57Records } from "./s57-records.ts";
import { applyS57Updates } from "./s57-updates.ts";

const dir = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data/enc-updates/US4MD81M",
);
const file = (n: number) => new Uint8Array(readFileSync(path.join(dir, `US4MD81M.00${n}`)));
const base = readS57Records(file(0));
const updates = [1, 2, 3].map(file);

const canonical = (f: FeatureRecord) => canonicalFeature(longName(f), f.rver, f.attributes);

function geometry(rec: S57Records, f: FeatureRecord): unknown {
  if (f.primitive === 3) {
    const a = areaGeometry(rec, f);
    return { polygon: polygonDigest([a.exterior, ...a.holes]) };
  }
  if (f.primitive === 1) {
    const points = pointPositions(rec, f);
    return { points: points.length === 1 && points[0]?.length === 2 ? points[0] : points };
  }
  return { type: f.primitive === 2 ? "LineString" : "none" };
}

function expectAgreement(rec: S57Records, fx: UpdateFixture): void {
  expect([rec.dataset.edition, rec.dataset.update, rec.dataset.issued, rec.dataset.updateApplied]).toEqual([
    Number(fx.dsid.EDTN),
    Number(fx.dsid.UPDN),
    fx.dsid.ISDT,
    fx.dsid.UADT,
  ]);
  // GDAL lists the DSID as a layer of one feature
  const gdalFeatures = Object.values(fx.layers).reduce((s, n) => s + n, 0);
  expect(rec.features.length + 1).toBe(gdalFeatures);
  const byClass = new Map<number, string[]>();
  for (const f of rec.features)
    byClass.set(f.objectClass, [...(byClass.get(f.objectClass) ?? []), canonical(f)]);
  expect(byClass.size + 1).toBe(Object.keys(fx.layers).length);
  expect(Object.fromEntries([...byClass].map(([objl, list]) => [String(objl), classDigest(list)]))).toEqual(
    fx.classDigests,
  );
  const ours = new Map(rec.features.map((f) => [longName(f), f]));
  for (const t of fx.touched) {
    const f = ours.get(t.canonical.split("|")[0] as string);
    expect(f && canonical(f), t.canonical).toBe(t.canonical);
    if (f && t.geometry && !("type" in t.geometry)) expect(geometry(rec, f), t.canonical).toEqual(t.geometry);
  }
}

describe("ENC update files (US4MD81M edition 31, updates 1–3) against GDAL", () => {
  it("applied in order: update 3, 7,340 features in 66 layers, every class and touched feature as GDAL reads them", () => {
    const fx = updateFixture("US4MD81M", "apply");
    expect(Number(fx.dsid.UPDN)).toBe(3);
    expect(Object.values(fx.layers).reduce((s, n) => s + n, 0)).toBe(7340);
    expect(Object.keys(fx.layers)).toHaveLength(66);
    expect(fx.touched.length).toBeGreaterThan(20);
    expectAgreement(applyS57Updates(base, updates), fx);
  });

  it("without updates: update 0 and 7,335 features, as GDAL reads the base cell with UPDATES=IGNORE", () => {
    const fx = updateFixture("US4MD81M", "ignore");
    expect(Object.values(fx.layers).reduce((s, n) => s + n, 0)).toBe(7335);
    expectAgreement(base, fx);
  });

  it("leaves the base records unchanged", () => {
    const before = base.features.map(canonical);
    applyS57Updates(base, updates);
    expect(base.features.map(canonical)).toEqual(before);
    expect(base.dataset.update).toBe(0);
  });

  it("refuses a gap, a repeat and the wrong order", () => {
    expect(() => applyS57Updates(base, [file(1), file(3)])).toThrow(/update 3, expected 2/);
    expect(() => applyS57Updates(base, [file(1), file(1)])).toThrow(/update 1, expected 2/);
    expect(() => applyS57Updates(base, [file(2)])).toThrow(/update 2, expected 1/);
  });

  it("refuses an update of another edition (the real .001 with its DSID EDTN changed from 31 to 30)", () => {
    const bytes = file(1);
    const text = new TextDecoder("latin1").decode(bytes);
    const at = text.indexOf("US4MD81M.001\x1f31\x1f") + "US4MD81M.001\x1f".length;
    expect(at).toBeGreaterThan(20);
    bytes[at + 1] = "0".charCodeAt(0);
    expect(() => applyS57Updates(base, [bytes])).toThrow(/updates edition 30, the cell is edition 31/);
  });

  it("refuses a record version that does not follow the cell's (an update applied to a cell it already holds)", () => {
    const updated = applyS57Updates(base, [file(1)]);
    const reset = { ...updated, dataset: { ...updated.dataset, update: 0 } };
    expect(() => applyS57Updates(reset, [file(1)])).toThrow(/S-57: US4MD81M\.001 /);
  });
});
