// Census boundaries → the version's files: the compacted H3 cell index whose string table holds
// one answer record per distinct (state, county, district, resolution), and census.json.
import { cellToCenterChild, getResolution } from "h3-js";
import { CellIndexWriter } from "../../artifacts/format/cell-index-writer.ts";
import {
  CENSUS_FINE_RESOLUTION,
  type CensusMetadata,
  encodeCensusRecord,
} from "../../artifacts/format/census-record.ts";
import type { BoundaryFeature } from "./boundary-features.ts";
import { NEAR_COUNTY, NEAR_DISTRICT, wrongAnswerReachMetres } from "./boundary-proximity.ts";
import { CellClassifier, type CensusLayers, type FallbackCounts } from "./cell-classifier.ts";
import { CellCover, type CoverEntry, type CoverParameters, type CoverProgress } from "./cell-cover.ts";
import { checkCoverage, countyUnits, districtUnits, stateUnits } from "./census-units.ts";
import { UnitLayer } from "./unit-layer.ts";

export interface CensusBoundaries {
  states: BoundaryFeature[];
  counties: BoundaryFeature[];
  districts: BoundaryFeature[];
  /** Attribute rows of another county product (e.g. the 500k table) that must list the same counties. */
  countyCrossCheck?: Record<string, unknown>[];
  /**
   * The attribute table of a later district product of the same Congress (cb_2025_us_cd119_20m):
   * every district it lists must be a district of the geometry read; answers in those districts
   * report that product's vintage for the district code.
   */
  districtCodes?: { product: string; boundaryYear: number; rows: Record<string, unknown>[] };
}

export interface CensusDescription {
  boundaryYear: number;
  /** Names of the products read, e.g. `cb_2024_us_county_5m`. */
  products: string[];
  /** Scales, e.g. "states and districts at 1:500,000, counties at 1:5,000,000". */
  scales: string;
  /** State codes the files must hold exactly (default: the 50 states, DC, PR, AS, GU, MP, VI). */
  coveredStates?: readonly string[];
}

export interface CensusIndexResult {
  cells: Uint8Array;
  metadata: CensusMetadata;
  stats: {
    entriesByResolution: Record<string, number>;
    records: number;
    traced: number;
    fallbacks: FallbackCounts;
  };
}

const AREAS = [
  "50 states",
  "District of Columbia",
  "Puerto Rico",
  "American Samoa",
  "Guam",
  "Northern Mariana Islands",
  "U.S. Virgin Islands",
];

/** 119 → "119th", 121 → "121st". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * The GEOIDs `rows` list (sorted); throws unless each is a district of the geometry with the same
 * Congress (a district created by a redistricting would otherwise be answered with an old code).
 */
export function crossCheckDistrictCodes(
  districts: readonly { geoid: string; congress: number }[],
  rows: Record<string, unknown>[],
): string[] {
  const ours = new Map(districts.map((d) => [d.geoid, d.congress]));
  const problems: string[] = [];
  for (const r of rows) {
    const g = String(r.GEOID);
    const congress = Number(r.CDSESSN ?? ours.get(g));
    if (ours.get(g) !== congress)
      problems.push(`${g} (Congress ${congress}) is not a district of the geometry`);
  }
  if (problems.length > 0)
    throw new Error(`district code cross-check failed: ${problems.slice(0, 10).join("; ")}`);
  return rows.map((r) => String(r.GEOID)).sort();
}

/** Throws unless `rows` list exactly the counties (GEOID and NAMELSAD) of the geometry file. */
export function crossCheckCounties(geoids: Map<string, string>, rows: Record<string, unknown>[]): void {
  const other = new Map(rows.map((r) => [String(r.GEOID), String(r.NAMELSAD ?? r.NAME)]));
  const problems: string[] = [];
  for (const [g, name] of geoids)
    if (other.get(g) !== name) problems.push(`${g} ${name} → ${other.get(g) ?? "absent"}`);
  for (const g of other.keys()) if (!geoids.has(g)) problems.push(`${g} only in the cross-check table`);
  if (problems.length > 0) throw new Error(`county cross-check failed: ${problems.slice(0, 10).join("; ")}`);
}

export function buildCensusIndex(
  b: CensusBoundaries,
  parameters: CoverParameters,
  describe: CensusDescription,
  progress: CoverProgress,
  log: (message: string) => void,
): CensusIndexResult {
  const units = {
    states: stateUnits(b.states),
    counties: countyUnits(b.counties),
    districts: districtUnits(b.districts),
  };
  checkCoverage(units, describe.coveredStates);
  if (b.countyCrossCheck)
    crossCheckCounties(new Map(units.counties.map((c) => [c.geoid, c.name])), b.countyCrossCheck);
  const districtCodes = b.districtCodes && {
    product: b.districtCodes.product,
    boundaryYear: b.districtCodes.boundaryYear,
    geoids: crossCheckDistrictCodes(units.districts, b.districtCodes.rows),
  };
  log(
    `${units.states.length} states, ${units.counties.length} counties, ${units.districts.length} districts`,
  );
  const layers: CensusLayers = {
    states: new UnitLayer(units.states),
    counties: new UnitLayer(units.counties),
    districts: new UnitLayer(units.districts),
  };
  const classifier = new CellClassifier(layers);
  const cover = new CellCover(classifier, parameters);
  const traced = cover.trace(progress);
  log(`${traced.cells} resolution-${parameters.resolution} cells on outlines (${traced.samples} samples)`);

  const recordOf = (e: CoverEntry): string => {
    const s = units.states[e.units.state]!;
    const c = units.counties[e.units.county]!;
    const d = units.districts[e.units.district]!;
    return encodeCensusRecord({
      stateCode: s.geoid,
      stateAbbr: s.abbr,
      stateName: s.name,
      countyGeoid: c.geoid,
      countyName: c.name,
      districtGeoid: d.geoid,
      districtCode: d.districtCode,
      resolution: e.fine ? parameters.fineResolution : parameters.resolution,
      boundaryNear: { county: (e.near & NEAR_COUNTY) !== 0, district: (e.near & NEAR_DISTRICT) !== 0 },
    });
  };
  const cells: string[] = [];
  const records: string[] = [];
  const entriesByResolution: Record<string, number> = {};
  // The bound of a wrong answer's distance from the true outline, over the cells that may answer
  // wrongly (an outline within reach, or an inferred answer), by the resolution that answers.
  const accuracy: Record<number, number> = { [parameters.resolution]: 0, [parameters.fineResolution]: 0 };
  const start = cover.startCells();
  start.forEach((cell, i) => {
    for (const e of cover.walk(cell, parameters.coarsestResolution)) {
      cells.push(e.cell);
      records.push(recordOf(e));
      if (e.near !== 0) {
        // A compacted entry answers as its cells of the record's resolution do (its centre child
        // stands for them: their sizes differ by well under 1%).
        const res = e.fine ? parameters.fineResolution : parameters.resolution;
        const cell = getResolution(e.cell) < res ? cellToCenterChild(e.cell, res) : e.cell;
        accuracy[res] = Math.max(accuracy[res] as number, Math.ceil(wrongAnswerReachMetres(cell)));
      }
      const key = `${getResolution(e.cell)}${e.fine ? " (fine band)" : ""}`;
      entriesByResolution[key] = (entriesByResolution[key] ?? 0) + 1;
    }
    progress("cover", i + 1, start.length);
  });
  const table = [...new Set(records)].sort();
  const ids = new Map(table.map((r, i) => [r, i]));
  const writer = new CellIndexWriter({ maxResolution: CENSUS_FINE_RESOLUTION, strings: table });
  cells.forEach((cell, i) => {
    writer.add(cell, ids.get(records[i]!)!);
  });
  log(`${writer.size} cells, ${table.length} distinct answers`);

  const congress = units.districts[0]!.congress;
  const metadata: CensusMetadata = {
    vintage: {
      boundaryYear: describe.boundaryYear,
      congress,
      products: describe.products,
      statement:
        `${describe.boundaryYear} U.S. Census Bureau cartographic boundary files (${describe.scales}); congressional districts of the ${ordinal(congress)} Congress` +
        (districtCodes
          ? `. District codes listed in the Bureau's ${districtCodes.boundaryYear} file ${districtCodes.product} (${districtCodes.geoids.length} districts) are reported with that vintage in codeVintages; located on the ${describe.boundaryYear} outlines`
          : ""),
      ...(districtCodes && { districtCodes }),
    },
    coverage: {
      region: "United States: the 50 states, the District of Columbia, Puerto Rico and the Island Areas",
      stateEquivalents: units.states.length,
      areas: AREAS,
      waters:
        "Land and inland water inside the shoreline-clipped cartographic outlines. Coastal waters and the Great Lakes beyond about one index cell from the outline are outside (found: false).",
    },
    boundaryAccuracyMetres: accuracy,
  };
  return {
    cells: writer.finish(),
    metadata,
    stats: {
      entriesByResolution,
      records: table.length,
      traced: traced.cells,
      fallbacks: { ...classifier.fallbacks },
    },
  };
}
