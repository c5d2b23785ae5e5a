// A small synthetic census geography in the published GeoJSON form (two states, four counties
// of which one is small, districts incl. a "ZZ" water district), built into a real census
// version (G4H3IDX + census.json) for tests that must not depend on the 18 MB inputs.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CENSUS_FILES } from "../../artifacts/format/census-record.ts";
import { geometryPolygons, upperKeys } from "../../ingest/census/boundary-features.ts";
import { buildCensusIndex, type CensusIndexResult } from "../../ingest/census/census-index.ts";
import { CENSUS_COVER } from "../../ingest/census/family.ts";

type Box = [west: number, south: number, east: number, north: number];

const ring = ([w, s, e, n]: Box): number[][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

export interface FixtureFeature {
  type: "Feature";
  properties: Record<string, string>;
  geometry: { type: "Polygon"; coordinates: number[][][] };
}

const feature = (properties: Record<string, string>, outer: Box, holes: Box[] = []): FixtureFeature => ({
  type: "Feature",
  properties,
  geometry: { type: "Polygon", coordinates: [ring(outer), ...holes.map(ring)] },
});

/** The small county 01005 (about 94 km²): a hole in 01003. */
export const SMALL_COUNTY: Box = [-99.3, 40.5, -99.2, 40.6];

export const FIXTURE = {
  states: [
    feature({ geoid: "01", stusps: "AA", name: "Alpha" }, [-100, 40, -99, 41]),
    feature({ geoid: "02", stusps: "BB", name: "Beta" }, [-99, 40, -98.6, 41]),
  ],
  counties: [
    feature({ GEOID: "01001", NAMELSAD: "West County" }, [-100, 40, -99.5, 41]),
    feature({ GEOID: "01003", NAMELSAD: "East County" }, [-99.5, 40, -99, 41], [SMALL_COUNTY]),
    feature({ GEOID: "01005", NAMELSAD: "Small City" }, SMALL_COUNTY),
    feature({ GEOID: "02001", NAMELSAD: "Beta County" }, [-99, 40, -98.6, 41]),
  ],
  districts: [
    feature({ GEOID: "0101", CD119FP: "01", NAMELSAD: "Congressional District 1" }, [-100, 40, -99, 40.5]),
    feature({ GEOID: "0102", CD119FP: "02", NAMELSAD: "Congressional District 2" }, [-100, 40.5, -99, 41]),
    feature(
      { GEOID: "0200", CD119FP: "00", NAMELSAD: "Congressional District (at Large)" },
      [-99, 40, -98.6, 40.8],
    ),
    feature(
      { GEOID: "02ZZ", CD119FP: "ZZ", NAMELSAD: "Congressional Districts not defined" },
      [-99, 40.8, -98.6, 41],
    ),
  ],
};

const asBoundaries = (features: FixtureFeature[]) =>
  features.map((f, i) => ({
    properties: upperKeys(f.properties),
    polygons: geometryPolygons(f.geometry, `fixture[${i}]`),
  }));

/** Builds the fixture into a fresh version folder; returns the folder and the build result. */
export function buildFixtureVersion(): { dir: string; result: CensusIndexResult } {
  const dir = mkdtempSync(path.join(tmpdir(), "geo402-census-"));
  const result = buildCensusIndex(
    {
      states: asBoundaries(FIXTURE.states),
      counties: asBoundaries(FIXTURE.counties),
      districts: asBoundaries(FIXTURE.districts),
    },
    CENSUS_COVER,
    {
      boundaryYear: 2024,
      products: ["synthetic"],
      scales: "synthetic rectangles",
      coveredStates: ["01", "02"],
    },
    () => {},
    () => {},
  );
  writeFileSync(path.join(dir, CENSUS_FILES.cells), result.cells);
  writeFileSync(path.join(dir, CENSUS_FILES.metadata), JSON.stringify(result.metadata));
  return { dir, result };
}

/** Writes the fixture layers as GeoJSON FeatureCollections (the published GeoJSON form). */
export function writeFixtureGeoJson(dir: string): { states: string; counties: string; districts: string } {
  const out = { states: "", counties: "", districts: "" };
  for (const layer of ["states", "counties", "districts"] as const) {
    out[layer] = path.join(dir, `${layer}.geojson`);
    writeFileSync(out[layer], JSON.stringify({ type: "FeatureCollection", features: FIXTURE[layer] }));
  }
  return out;
}
