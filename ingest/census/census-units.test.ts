import { describe, expect, it } from "vitest";
import { FIXTURE } from "../../test/support/census-fixtures.ts";
import { geometryPolygons, upperKeys } from "./boundary-features.ts";
import { checkCoverage, countyUnits, districtUnits, stateUnits } from "./census-units.ts";

const features = (list: { properties: Record<string, string>; geometry: unknown }[]) =>
  list.map((f) => ({ properties: upperKeys(f.properties), polygons: geometryPolygons(f.geometry, "t") }));

const units = () => ({
  states: stateUnits(features(FIXTURE.states)),
  counties: countyUnits(features(FIXTURE.counties)),
  districts: districtUnits(features(FIXTURE.districts)),
});

describe("census units", () => {
  it("reads codes, names, the Congress and the area as drawn", () => {
    const u = units();
    expect(u.states.map((s) => `${s.geoid} ${s.abbr} ${s.name}`)).toEqual(["01 AA Alpha", "02 BB Beta"]);
    expect(u.districts.map((d) => `${d.geoid} ${d.districtCode} ${d.congress}`)).toEqual([
      "0101 01 119",
      "0102 02 119",
      "0200 00 119",
      "02ZZ ZZ 119",
    ]);
    const small = u.counties.find((c) => c.geoid === "01005")!;
    // 0.1° × 0.1° at 40.55°N: about 11.1 km × 8.45 km.
    expect(small.areaSquareMetres / 1e6).toBeGreaterThan(92);
    expect(small.areaSquareMetres / 1e6).toBeLessThan(96);
    // The hole of 01003 is subtracted.
    const east = u.counties.find((c) => c.geoid === "01003")!;
    expect(east.areaSquareMetres / 1e6).toBeCloseTo(0.5 * 84.5 * 111.1 - small.areaSquareMetres / 1e6, -2);
  });

  it("accepts exactly the covered states and reports every missing or extra one at once", () => {
    expect(() => checkCoverage(units(), ["01", "02"])).not.toThrow();
    expect(() => checkCoverage(units(), ["01", "02", "72"])).toThrow(/state 72 is missing/);
    expect(() => checkCoverage(units())).toThrow(/state 06 is missing[\s\S]*state 78 is missing/);
    expect(() => checkCoverage(units(), ["01"])).toThrow(/state 02 is not covered/);
  });

  it("refuses a state without counties", () => {
    const u = units();
    u.counties = u.counties.filter((c) => c.stateCode !== "02");
    expect(() => checkCoverage(u, ["01", "02"])).toThrow(/counties: none in state 02/);
  });

  it("refuses duplicate GEOIDs, malformed codes and a district GEOID that disagrees with its code", () => {
    const counties = features(FIXTURE.counties);
    expect(() => countyUnits([...counties, counties[0]!])).toThrow(/01001 appears twice/);
    const bad = features([
      { properties: { GEOID: "1001", NAMELSAD: "x" }, geometry: FIXTURE.counties[0]!.geometry },
    ]);
    expect(() => countyUnits(bad)).toThrow(/GEOID/);
    const district = features([
      {
        properties: { GEOID: "0103", CD119FP: "01", NAMELSAD: "x" },
        geometry: FIXTURE.districts[0]!.geometry,
      },
    ]);
    expect(() => districtUnits(district)).toThrow(/disagrees with CD119FP/);
    const noCongress = features([
      { properties: { GEOID: "0101" }, geometry: FIXTURE.districts[0]!.geometry },
    ]);
    expect(() => districtUnits(noCongress)).toThrow(/CDnnnFP/);
  });
});
