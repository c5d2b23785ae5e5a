import { describe, expect, it } from "vitest";
import { ArtifactError } from "./artifact-error.ts";
import {
  type CensusRecord,
  decodeCensusRecord,
  encodeCensusRecord,
  parseCensusMetadata,
} from "./census-record.ts";

const dc: CensusRecord = {
  stateCode: "11",
  stateAbbr: "DC",
  stateName: "District of Columbia",
  countyGeoid: "11001",
  countyName: "District of Columbia",
  districtGeoid: "1198",
  districtCode: "98",
  resolution: 7,
  boundaryNear: { county: false, district: false },
};

describe("census answer records", () => {
  it("round-trips a record through its string form", () => {
    expect(encodeCensusRecord(dc)).toBe(
      "11|DC|District of Columbia|11001|District of Columbia|1198|98|7|none",
    );
    expect(decodeCensusRecord(encodeCensusRecord(dc))).toEqual(dc);
    for (const [county, district] of [
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      const near = { ...dc, boundaryNear: { county, district } };
      expect(decodeCensusRecord(encodeCensusRecord(near))).toEqual(near);
    }
    expect(() =>
      decodeCensusRecord("11|DC|District of Columbia|11001|District of Columbia|1198|98|7|maybe"),
    ).toThrow(ArtifactError);
  });

  it("keeps a ZZ water district and names with apostrophes and diacritics", () => {
    const r = {
      ...dc,
      countyName: "Doña Ana County",
      districtGeoid: "11ZZ",
      districtCode: "ZZ",
      resolution: 9,
    };
    expect(decodeCensusRecord(encodeCensusRecord(r))).toEqual(r);
  });

  it("refuses a name holding the field separator", () => {
    expect(() => encodeCensusRecord({ ...dc, countyName: "A|B" })).toThrow(RangeError);
  });

  it.each([
    ["a missing field", "11|DC|District of Columbia|11001|District of Columbia|1198|98"],
    ["a county of another state", "11|DC|District of Columbia|24001|Allegany County|1198|98|7"],
    ["a district GEOID that disagrees with its code", "11|DC|District of Columbia|11001|DC|1101|98|7"],
    ["a resolution without a published accuracy", "11|DC|District of Columbia|11001|DC|1198|98|8"],
    ["a three-letter state abbreviation", "11|DCX|District of Columbia|11001|DC|1198|98|7"],
  ])("refuses %s as malformed", (_name, text) => {
    expect(() => decodeCensusRecord(text)).toThrow(ArtifactError);
  });

  it("refuses census.json without its vintage", () => {
    expect(() => parseCensusMetadata(JSON.stringify({ coverage: {} }))).toThrow(ArtifactError);
  });
});
