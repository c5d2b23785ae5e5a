// The census family: 2024 cartographic boundaries (states, counties, 119th Congress districts)
// → one compacted H3 cell index (resolution 7, 9 along the outlines of small units) + census.json.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import {
  CENSUS_FILES,
  CENSUS_FINE_RESOLUTION,
  CENSUS_RESOLUTION,
} from "../../artifacts/format/census-record.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import type { CoverParameters } from "./cell-cover.ts";
import { buildCensusIndex, type CensusBoundaries, type CensusDescription } from "./census-index.ts";
import { type CensusCountRanges, censusSanity } from "./census-sanity.ts";
import { CENSUS_KNOWN_ANSWERS, type CensusKnownAnswer, checkKnownAnswers } from "./known-answers.ts";
import { readGeoJsonBoundaries } from "./read-geojson.ts";
import { readDbfRows, readShapefileBoundaries } from "./read-shapefile.ts";

export const CENSUS_COVER: CoverParameters = {
  resolution: CENSUS_RESOLUTION,
  fineResolution: CENSUS_FINE_RESOLUTION,
  coarsestResolution: 3,
  smallUnitSquareKilometres: 1000,
  traceStepMetres: 100,
};

export interface CensusFamilyOptions {
  sources: string[];
  describe: CensusDescription;
  read(inputs: Record<string, string>): Promise<CensusBoundaries>;
  knownAnswers: readonly CensusKnownAnswer[];
  cover?: CoverParameters;
  /** Unit counts the refresh sanity check holds a new upstream version to. */
  expected?: CensusCountRanges;
}

export function createCensusFamily(options: CensusFamilyOptions): FamilyBuilder {
  const cover = options.cover ?? CENSUS_COVER;
  return {
    ...FAMILY_SPECS.census,
    sources: options.sources,
    parameters: {
      products: options.describe.products,
      h3Resolution: cover.resolution,
      fineResolution: cover.fineResolution,
      coarsestResolution: cover.coarsestResolution,
      smallUnitSquareKilometres: cover.smallUnitSquareKilometres,
      traceStepMetres: cover.traceStepMetres,
      cellRule: "centre; corner majority where an outline crosses; nearest unit of the state last",
    },
    description: `state, county and congressional district per H3 res-${cover.resolution} cell (res ${cover.fineResolution} along units under ${cover.smallUnitSquareKilometres} km²)`,
    async build(ctx) {
      const boundaries = await options.read(ctx.inputs);
      const built = buildCensusIndex(boundaries, cover, options.describe, ctx.progress, ctx.log);
      ctx.log(`cells by resolution: ${JSON.stringify(built.stats.entriesByResolution)}`);
      ctx.log(`fallbacks: ${JSON.stringify(built.stats.fallbacks)}`);
      await writeFile(path.join(ctx.outDir, CENSUS_FILES.cells), built.cells);
      await writeFile(
        path.join(ctx.outDir, CENSUS_FILES.metadata),
        `${JSON.stringify(built.metadata, null, 2)}\n`,
      );
    },
    async sanity(inputs) {
      censusSanity(await options.read(inputs), options.describe, options.expected);
      return {};
    },
    async verify(dir) {
      const lookup = await CensusLookup.open(dir);
      try {
        await checkKnownAnswers(lookup, options.knownAnswers);
      } finally {
        lookup.close();
      }
    },
  };
}

/** The registered family: the 2024 files in the mirror (../shared/data/census). */
export const censusFamily = createCensusFamily({
  sources: [
    "census-state-500k-2024-geojson",
    "census-county-5m-2024-shp",
    "census-county-5m-2024-dbf",
    "census-county-5m-2024-prj",
    "census-county-5m-2024-cpg",
    "census-county-500k-2024-dbf",
    "census-county-500k-2024-cpg",
    "census-cd119-500k-2024-geojson",
    "census-cd119-20m-2025-dbf",
    "census-cd119-20m-2025-cpg",
  ],
  describe: {
    boundaryYear: 2024,
    products: [
      "cb_2024_us_state_500k",
      "cb_2024_us_county_5m",
      "cb_2024_us_cd119_500k",
      "cb_2025_us_cd119_20m (district codes only)",
    ],
    scales: "states and districts at 1:500,000, counties at 1:5,000,000",
  },
  read: async (inputs) => ({
    states: await readGeoJsonBoundaries(inputs["census-state-500k-2024-geojson"]!),
    counties: await readShapefileBoundaries({
      shp: inputs["census-county-5m-2024-shp"]!,
      dbf: inputs["census-county-5m-2024-dbf"]!,
      prj: inputs["census-county-5m-2024-prj"]!,
      cpg: inputs["census-county-5m-2024-cpg"]!,
    }),
    districts: await readGeoJsonBoundaries(inputs["census-cd119-500k-2024-geojson"]!),
    countyCrossCheck: await readDbfRows(
      inputs["census-county-500k-2024-dbf"]!,
      inputs["census-county-5m-2024-cpg"],
    ),
    districtCodes: {
      product: "cb_2025_us_cd119_20m",
      boundaryYear: 2025,
      rows: await readDbfRows(inputs["census-cd119-20m-2025-dbf"]!, inputs["census-cd119-20m-2025-cpg"]),
    },
  }),
  knownAnswers: CENSUS_KNOWN_ANSWERS,
  // 3235 counties and 441 districts in the 2024 files.
  expected: { counties: [3000, 3400], districts: [430, 450] },
});
