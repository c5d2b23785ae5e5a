// The readers on the real 2024 files (the county shapefile as published, the state and district
// GeoJSON conversions) and on small files written here in the same formats.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writeFixtureGeoJson } from "../../test/support/census-fixtures.ts";
import type { BoundaryFeature } from "./boundary-features.ts";
import { crossCheckCounties } from "./census-index.ts";
import { countyUnits, districtUnits, stateUnits } from "./census-units.ts";
import { readBoundaries } from "./read-boundaries.ts";
import { readGeoJsonBoundaries } from "./read-geojson.ts";
import { checkGeographicPrj, readDbfRows, shapefileSiblings } from "./read-shapefile.ts";

const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");
const CENSUS = path.join(SHARED, "data/census");
const COUNTY_5M = path.join(CENSUS, "county-5m-2024/cb_2024_us_county_5m.shp");

let counties: BoundaryFeature[];
beforeAll(async () => {
  counties = await readBoundaries(COUNTY_5M);
});

describe("the published county shapefile (cb_2024_us_county_5m)", () => {
  it("reads all 3235 counties with their GEOIDs and UTF-8 names", () => {
    const units = countyUnits(counties);
    expect(units).toHaveLength(3235);
    const byGeoid = new Map(units.map((u) => [u.geoid, u.name]));
    expect(byGeoid.get("35013")).toBe("Doña Ana County");
    expect(byGeoid.get("72127")).toBe("San Juan Municipio");
    expect(byGeoid.get("09110")).toBe("Capitol Planning Region");
    expect(byGeoid.has("09003")).toBe(false);
    expect(byGeoid.has("02261")).toBe(false);
    expect(byGeoid.get("02063")).toBe("Chugach Census Area");
  });

  it("keeps Aleutians West as parts on both sides of the antimeridian", () => {
    const aleutians = countyUnits(counties).find((u) => u.geoid === "02016")!;
    const lons = aleutians.polygons.map((p) => p[0]![0]!);
    expect(lons.some((lon) => lon > 170)).toBe(true);
    expect(lons.some((lon) => lon < -170)).toBe(true);
  });

  it("lists the same counties and names as the 1:500,000 attribute table", async () => {
    const base = path.join(CENSUS, "county-500k-2024-attributes/cb_2024_us_county_500k");
    const rows = await readDbfRows(`${base}.dbf`, `${base}.cpg`);
    const names = new Map(countyUnits(counties).map((u) => [u.geoid, u.name]));
    expect(() => crossCheckCounties(names, rows)).not.toThrow();
    names.set("35013", "Dona Ana County");
    expect(() => crossCheckCounties(names, rows)).toThrow(/35013/);
  });

  it("finds the .dbf, .prj and .cpg beside the .shp", () => {
    const p = shapefileSiblings(COUNTY_5M);
    expect(p.dbf).toMatch(/\.dbf$/);
    expect(p.prj).toMatch(/\.prj$/);
    expect(p.cpg).toMatch(/\.cpg$/);
  });
});

describe("the state and district GeoJSON (cb_2024 1:500,000 conversions)", () => {
  it("reads 56 states and equivalents and 441 districts of the 119th Congress", async () => {
    const states = stateUnits(
      await readBoundaries(
        path.join(CENSUS, "state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson"),
      ),
    );
    expect(states).toHaveLength(56);
    expect(states.find((s) => s.geoid === "11")).toMatchObject({ abbr: "DC", name: "District of Columbia" });
    const districts = districtUnits(
      await readBoundaries(path.join(CENSUS, "cd119-500k-2024/cd119_500k_USAboundariesData.DERIVED.geojson")),
    );
    expect(districts).toHaveLength(441);
    expect(new Set(districts.map((d) => d.congress))).toEqual(new Set([119]));
    expect(districts.find((d) => d.geoid === "0200")?.districtCode).toBe("00");
    expect(districts.filter((d) => d.districtCode === "98").map((d) => d.stateCode)).toEqual([
      "11",
      "60",
      "66",
      "69",
      "72",
      "78",
    ]);
  });
});

describe("refusals", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "geo402-census-read-"));

  it("reads GeoJSON written in the published form, holes included", async () => {
    const files = writeFixtureGeoJson(dir);
    const counties = await readGeoJsonBoundaries(files.counties);
    expect(counties[1]!.polygons[0]).toHaveLength(2);
    expect(counties[0]!.properties.GEOID).toBe("01001");
  });

  it("refuses GeoJSON in a projected CRS", async () => {
    const file = path.join(dir, "projected.geojson");
    writeFileSync(
      file,
      JSON.stringify({
        type: "FeatureCollection",
        crs: { type: "name", properties: { name: "EPSG:3857" } },
        features: [],
      }),
    );
    await expect(readGeoJsonBoundaries(file)).rejects.toThrow(/not geographic/);
  });

  it("refuses a feature that is not a polygon", async () => {
    const file = path.join(dir, "point.geojson");
    const point = { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [0, 0] } };
    writeFileSync(file, JSON.stringify({ type: "FeatureCollection", features: [point] }));
    await expect(readGeoJsonBoundaries(file)).rejects.toThrow(/not a Polygon or MultiPolygon/);
  });

  it("refuses positions that are not degrees", async () => {
    const file = path.join(dir, "metres.geojson");
    const ring = [
      [500000, 4000000],
      [500100, 4000000],
      [500100, 4000100],
      [500000, 4000000],
    ];
    const f = { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } };
    writeFileSync(file, JSON.stringify({ type: "FeatureCollection", features: [f] }));
    await expect(readGeoJsonBoundaries(file)).rejects.toThrow(/not a geographic position/);
  });

  it("accepts the NAD83 .prj of the cb files and refuses a projected one", () => {
    const nad83 =
      'GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]';
    expect(() => checkGeographicPrj(nad83, "cb.prj")).not.toThrow();
    const albers =
      'PROJCS["USA_Contiguous_Albers_Equal_Area_Conic",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]],PROJECTION["Albers"],UNIT["Meter",1]]';
    expect(() => checkGeographicPrj(albers, "albers.prj")).toThrow(/not geographic/);
  });

  it("refuses an unknown file type", async () => {
    await expect(readBoundaries(path.join(dir, "x.kml"))).rejects.toThrow(/unknown boundary format/);
  });
});
