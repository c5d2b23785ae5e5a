// The GET /v1/us/geographies answer from a census lookup hit: codes, names, the district number,
// which index resolution answered, the uncertainty flags, vintage and coverage.
import type { CensusHit } from "../../../artifacts/format/census-lookup.ts";
import { CENSUS_RESOLUTION, type CensusMetadata } from "../../../artifacts/format/census-record.ts";

export interface GeographiesAnswer {
  found: boolean;
  stateCode: string | null;
  stateAbbr: string | null;
  stateName: string | null;
  countyGeoid: string | null;
  countyName: string | null;
  congressionalDistrictGeoid: string | null;
  congressionalDistrict: number | null;
  vintage: Omit<CensusMetadata["vintage"], "districtCodes"> & { codeVintages: CodeVintages };
  boundaryAccuracyMetres: number;
  boundaryUncertain: { county: boolean; congressionalDistrict: boolean };
  coverage: CensusMetadata["coverage"] & { reason?: string };
}

/** Year of the Census product each answered code comes from (null when no code is answered). */
export interface CodeVintages {
  stateCode: number | null;
  countyGeoid: number | null;
  congressionalDistrictGeoid: number | null;
}

export const OUTSIDE_REASON =
  "The position lies outside the cartographic outlines of the 56 covered states and equivalents: abroad, or open water (coastal waters, the Great Lakes).";

/** "07" → 7, "00" (at large) → 0, "98" (delegate) → 98, "ZZ" (water, no district) → null. */
export function districtNumber(code: string): number | null {
  return /^\d{2}$/.test(code) ? Number(code) : null;
}

export function geographiesAnswer(hit: CensusHit, metadata: CensusMetadata): GeographiesAnswer {
  const r = hit.record;
  const { districtCodes, ...vintage } = metadata.vintage;
  const year = vintage.boundaryYear;
  const codeVintages: CodeVintages = {
    stateCode: r ? year : null,
    countyGeoid: r ? year : null,
    congressionalDistrictGeoid: r
      ? districtCodes?.geoids.includes(r.districtGeoid)
        ? districtCodes.boundaryYear
        : year
      : null,
  };
  return {
    found: r !== null,
    stateCode: r?.stateCode ?? null,
    stateAbbr: r?.stateAbbr ?? null,
    stateName: r?.stateName ?? null,
    countyGeoid: r?.countyGeoid ?? null,
    countyName: r?.countyName ?? null,
    congressionalDistrictGeoid: r?.districtGeoid ?? null,
    congressionalDistrict: r ? districtNumber(r.districtCode) : null,
    vintage: { ...vintage, codeVintages },
    boundaryAccuracyMetres:
      metadata.boundaryAccuracyMetres[String(hit.resolution)] ??
      (metadata.boundaryAccuracyMetres[String(CENSUS_RESOLUTION)] as number),
    boundaryUncertain: { county: hit.uncertain.county, congressionalDistrict: hit.uncertain.district },
    coverage: r ? metadata.coverage : { ...metadata.coverage, reason: OUTSIDE_REASON },
  };
}
