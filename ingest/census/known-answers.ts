// Known answers every built census version must give (checked by verify and by the tests):
// the edges the issue names — the antimeridian, Puerto Rico, the Island Areas, DC, open water
// of the Great Lakes, and a point abroad.
import type { CensusLookup } from "../../artifacts/format/census-lookup.ts";

export interface CensusKnownAnswer {
  name: string;
  lat: number;
  lon: number;
  /** null: outside every state outline (found: false). */
  expect: { stateCode: string; countyGeoid: string; districtGeoid: string } | null;
}

export const CENSUS_KNOWN_ANSWERS: readonly CensusKnownAnswer[] = [
  {
    name: "DC, the White House (delegate district 1198)",
    lat: 38.8977,
    lon: -77.0365,
    expect: { stateCode: "11", countyGeoid: "11001", districtGeoid: "1198" },
  },
  {
    name: "Aleutians West east of the antimeridian (Attu Island)",
    lat: 52.9,
    lon: 172.9,
    expect: { stateCode: "02", countyGeoid: "02016", districtGeoid: "0200" },
  },
  {
    name: "Aleutians West west of the antimeridian (Adak)",
    lat: 51.874,
    lon: -176.636,
    expect: { stateCode: "02", countyGeoid: "02016", districtGeoid: "0200" },
  },
  {
    name: "Puerto Rico, Old San Juan",
    lat: 18.4655,
    lon: -66.1057,
    expect: { stateCode: "72", countyGeoid: "72127", districtGeoid: "7298" },
  },
  {
    name: "Guam, Hagåtña",
    lat: 13.4745,
    lon: 144.7504,
    expect: { stateCode: "66", countyGeoid: "66010", districtGeoid: "6698" },
  },
  {
    name: "American Samoa, Pago Pago",
    lat: -14.2756,
    lon: -170.702,
    expect: { stateCode: "60", countyGeoid: "60010", districtGeoid: "6098" },
  },
  {
    name: "Northern Mariana Islands, Saipan",
    lat: 15.1833,
    lon: 145.75,
    expect: { stateCode: "69", countyGeoid: "69110", districtGeoid: "6998" },
  },
  {
    name: "U.S. Virgin Islands, Charlotte Amalie",
    lat: 18.3419,
    lon: -64.9307,
    expect: { stateCode: "78", countyGeoid: "78030", districtGeoid: "7898" },
  },
  { name: "Lake Michigan, mid-lake", lat: 43.5, lon: -87.0, expect: null },
  { name: "Mexico City", lat: 19.4326, lon: -99.1332, expect: null },
];

/** Throws naming the first known answer the lookup gets wrong. */
export async function checkKnownAnswers(
  lookup: CensusLookup,
  answers: readonly CensusKnownAnswer[],
): Promise<void> {
  for (const k of answers) {
    const { record } = await lookup.lookup(k.lat, k.lon);
    const got = record
      ? { stateCode: record.stateCode, countyGeoid: record.countyGeoid, districtGeoid: record.districtGeoid }
      : null;
    if (JSON.stringify(got) !== JSON.stringify(k.expect)) {
      throw new Error(
        `known answer ${k.name}: expected ${JSON.stringify(k.expect)}, got ${JSON.stringify(got)}`,
      );
    }
  }
}
