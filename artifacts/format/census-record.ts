// The census family's answer records (artifacts/README.md §Census family): one string per
// distinct answer in the cell index's string table, and the version's `census.json` metadata.
import { ArtifactError } from "./artifact-error.ts";

export const CENSUS_FILES = { cells: "geographies.h3i", metadata: "census.json" } as const;
/** Resolution of the index along ordinary outlines, and along the outlines of small units. */
export const CENSUS_RESOLUTION = 7;
export const CENSUS_FINE_RESOLUTION = 9;

export interface CensusRecord {
  stateCode: string;
  stateAbbr: string;
  stateName: string;
  countyGeoid: string;
  countyName: string;
  /** 4 characters: state code + district code ("ZZ" where the file codes water with no district). */
  districtGeoid: string;
  /** "01".."53", "00" at large, "98" delegate / resident commissioner, "ZZ" none. */
  districtCode: string;
  /** Resolution the answer was resolved at: 7, or 9 along the outlines of small units. */
  resolution: number;
  /**
   * Whether a real county (district) outline, or a state outline, comes within reach of some point
   * this record's cell answers: then the answer may be wrong there and is never stated as certain.
   */
  boundaryNear: { county: boolean; district: boolean };
}

const FIELDS = 9;
const NEAR_CODES = ["none", "county", "district", "both"] as const;
const PATTERNS: Record<string, RegExp> = {
  stateCode: /^\d{2}$/,
  stateAbbr: /^[A-Z]{2}$/,
  countyGeoid: /^\d{5}$/,
  districtGeoid: /^\d{2}(\d{2}|ZZ)$/,
  districtCode: /^(\d{2}|ZZ)$/,
};

/**
 * Record → `stateCode|stateAbbr|stateName|countyGeoid|countyName|districtGeoid|districtCode|resolution|near`,
 * `near` one of none, county, district, both.
 */
export function encodeCensusRecord(r: CensusRecord): string {
  for (const [k, v] of Object.entries(r)) {
    if (typeof v === "string" && v.includes("|"))
      throw new RangeError(`census record ${k} contains "|": ${v}`);
  }
  return [
    r.stateCode,
    r.stateAbbr,
    r.stateName,
    r.countyGeoid,
    r.countyName,
    r.districtGeoid,
    r.districtCode,
    String(r.resolution),
    NEAR_CODES[(r.boundaryNear.county ? 1 : 0) | (r.boundaryNear.district ? 2 : 0)],
  ].join("|");
}

export function decodeCensusRecord(text: string): CensusRecord {
  const f = text.split("|");
  if (f.length !== FIELDS)
    throw new ArtifactError("malformed", `census record has ${f.length} fields: ${text}`);
  const [
    stateCode,
    stateAbbr,
    stateName,
    countyGeoid,
    countyName,
    districtGeoid,
    districtCode,
    res,
    nearCode,
  ] = f as [string, string, string, string, string, string, string, string, string];
  const near = NEAR_CODES.indexOf(nearCode as (typeof NEAR_CODES)[number]);
  if (near < 0) throw new ArtifactError("malformed", `census record boundary code: ${text}`);
  const r: CensusRecord = {
    stateCode,
    stateAbbr,
    stateName,
    countyGeoid,
    countyName,
    districtGeoid,
    districtCode,
    resolution: Number(res),
    boundaryNear: { county: (near & 1) !== 0, district: (near & 2) !== 0 },
  };
  for (const [k, re] of Object.entries(PATTERNS)) {
    if (!re.test(String(r[k as keyof CensusRecord])))
      throw new ArtifactError("malformed", `census record ${k}: ${text}`);
  }
  const consistent =
    countyGeoid.startsWith(stateCode) &&
    districtGeoid === `${stateCode}${districtCode}` &&
    stateName &&
    countyName;
  if (!consistent || (r.resolution !== CENSUS_RESOLUTION && r.resolution !== CENSUS_FINE_RESOLUTION)) {
    throw new ArtifactError("malformed", `census record is inconsistent: ${text}`);
  }
  return r;
}

/** `census.json`: what the version answers from, stated in every response. */
export interface CensusMetadata {
  vintage: {
    /** Year of the boundary files (the `cb_YYYY` of their names). */
    boundaryYear: number;
    /** Congress whose districts the district file holds. */
    congress: number;
    /** The products read, e.g. `cb_2024_us_county_5m`. */
    products: string[];
    statement: string;
    /** District codes a later product of the same Congress lists (answers report its vintage). */
    districtCodes?: { product: string; boundaryYear: number; geoids: string[] };
  };
  coverage: {
    region: string;
    stateEquivalents: number;
    areas: string[];
    waters: string;
  };
  /**
   * The farthest from a true outline a wrong answer can be, in metres, by the resolution that
   * answered ("7" for 7 and the coarser compacted cells, "9" for the fine band): the build's bound
   * over the cells whose answer may be wrong (ingest/census/boundary-proximity.ts).
   */
  boundaryAccuracyMetres: Record<string, number>;
}

/** Parses and checks `census.json`. */
export function parseCensusMetadata(text: string): CensusMetadata {
  const m = JSON.parse(text) as CensusMetadata;
  const v = m?.vintage;
  const c = m?.coverage;
  const ok =
    v &&
    Number.isInteger(v.boundaryYear) &&
    Number.isInteger(v.congress) &&
    Array.isArray(v.products) &&
    typeof v.statement === "string" &&
    (v.districtCodes === undefined ||
      (typeof v.districtCodes.product === "string" &&
        Number.isInteger(v.districtCodes.boundaryYear) &&
        Array.isArray(v.districtCodes.geoids))) &&
    c &&
    typeof c.region === "string" &&
    Number.isInteger(c.stateEquivalents) &&
    Array.isArray(c.areas) &&
    typeof c.waters === "string" &&
    [CENSUS_RESOLUTION, CENSUS_FINE_RESOLUTION].every((res) =>
      Number.isInteger(m.boundaryAccuracyMetres?.[String(res)]),
    );
  if (!ok)
    throw new ArtifactError(
      "malformed",
      "census.json lacks its vintage, coverage or boundaryAccuracyMetres members",
    );
  return m;
}
