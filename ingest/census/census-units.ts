// Census boundary features → the three layers the index answers (states, counties, districts),
// with their codes checked and the published coverage (50 states, DC, PR, AS, GU, MP, VI) enforced.
import type { BoundaryFeature, PolygonRings } from "./boundary-features.ts";
import { polygonsAreaSquareMetres } from "./ring-geometry.ts";

/** FIPS codes of the coverage: the 50 states and DC, then AS, GU, MP, PR, VI. */
export const COVERED_STATE_CODES: readonly string[] = [
  "01",
  "02",
  "04",
  "05",
  "06",
  "08",
  "09",
  "10",
  "11",
  "12",
  "13",
  "15",
  "16",
  "17",
  "18",
  "19",
  "20",
  "21",
  "22",
  "23",
  "24",
  "25",
  "26",
  "27",
  "28",
  "29",
  "30",
  "31",
  "32",
  "33",
  "34",
  "35",
  "36",
  "37",
  "38",
  "39",
  "40",
  "41",
  "42",
  "44",
  "45",
  "46",
  "47",
  "48",
  "49",
  "50",
  "51",
  "53",
  "54",
  "55",
  "56",
  "60",
  "66",
  "69",
  "72",
  "78",
];

export interface CensusUnit {
  geoid: string;
  name: string;
  stateCode: string;
  polygons: PolygonRings[];
  /** Area of the polygons as drawn (shoreline-clipped), computed from the geometry. */
  areaSquareMetres: number;
}
export interface StateUnit extends CensusUnit {
  abbr: string;
}
export interface DistrictUnit extends CensusUnit {
  /** The district code of the file: "01".."53", "00" at large, "98" delegate, "ZZ" no district. */
  districtCode: string;
  congress: number;
}
export interface CensusUnits {
  states: StateUnit[];
  counties: CensusUnit[];
  districts: DistrictUnit[];
}

const text = (p: Record<string, unknown>, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === "string" && v.trim() !== "") return v.trim();
  }
  return undefined;
};

function need(value: string | undefined, pattern: RegExp, what: string, where: string): string {
  if (value === undefined || !pattern.test(value)) throw new Error(`${where}: ${what} is ${String(value)}`);
  return value;
}

function sortUnique<T extends CensusUnit>(units: T[], layer: string): T[] {
  units.sort((a, b) => (a.geoid < b.geoid ? -1 : a.geoid > b.geoid ? 1 : 0));
  units.forEach((u, i) => {
    if (i > 0 && units[i - 1]?.geoid === u.geoid) throw new Error(`${layer}: GEOID ${u.geoid} appears twice`);
  });
  return units;
}

export function stateUnits(features: BoundaryFeature[]): StateUnit[] {
  const units = features.map((f, i) => {
    const where = `states[${i}]`;
    const geoid = need(text(f.properties, "GEOID", "STATEFP"), /^\d{2}$/, "GEOID", where);
    return {
      geoid,
      stateCode: geoid,
      abbr: need(text(f.properties, "STUSPS", "STATE_ABBR"), /^[A-Z]{2}$/, "STUSPS", where),
      name: need(text(f.properties, "NAME", "STATE_NAME"), /./, "NAME", where),
      polygons: f.polygons,
      areaSquareMetres: polygonsAreaSquareMetres(f.polygons),
    };
  });
  return sortUnique(units, "states");
}

export function countyUnits(features: BoundaryFeature[]): CensusUnit[] {
  const units = features.map((f, i) => {
    const where = `counties[${i}]`;
    const geoid = need(text(f.properties, "GEOID"), /^\d{5}$/, "GEOID", where);
    return {
      geoid,
      stateCode: geoid.slice(0, 2),
      name: need(text(f.properties, "NAMELSAD", "NAME"), /./, "NAMELSAD", where),
      polygons: f.polygons,
      areaSquareMetres: polygonsAreaSquareMetres(f.polygons),
    };
  });
  return sortUnique(units, "counties");
}

export function districtUnits(features: BoundaryFeature[]): DistrictUnit[] {
  const units = features.map((f, i) => {
    const where = `districts[${i}]`;
    const fpKey = Object.keys(f.properties).find((k) => /^CD\d{3}FP$/.test(k));
    if (!fpKey) throw new Error(`${where}: no CDnnnFP member names the Congress`);
    const districtCode = need(text(f.properties, fpKey), /^(\d{2}|ZZ)$/, fpKey, where);
    const geoid = need(text(f.properties, "GEOID"), /^\d{2}(\d{2}|ZZ)$/, "GEOID", where);
    if (geoid.slice(2) !== districtCode) throw new Error(`${where}: GEOID ${geoid} disagrees with ${fpKey}`);
    return {
      geoid,
      stateCode: geoid.slice(0, 2),
      districtCode,
      congress: Number(fpKey.slice(2, 5)),
      name: text(f.properties, "NAMELSAD") ?? `District ${districtCode}`,
      polygons: f.polygons,
      areaSquareMetres: polygonsAreaSquareMetres(f.polygons),
    };
  });
  return sortUnique(units, "districts");
}

/** Checks the layers cover exactly `covered` (default: the published coverage) and agree on state codes. */
export function checkCoverage(units: CensusUnits, covered: readonly string[] = COVERED_STATE_CODES): void {
  const problems: string[] = [];
  const stateCodes = units.states.map((s) => s.geoid);
  for (const code of covered) if (!stateCodes.includes(code)) problems.push(`state ${code} is missing`);
  for (const code of stateCodes) if (!covered.includes(code)) problems.push(`state ${code} is not covered`);
  for (const layer of ["counties", "districts"] as const) {
    const seen = new Set(units[layer].map((u) => u.stateCode));
    for (const code of stateCodes) if (!seen.has(code)) problems.push(`${layer}: none in state ${code}`);
    for (const code of seen)
      if (!stateCodes.includes(code)) problems.push(`${layer}: state ${code} has no state polygon`);
  }
  const congresses = new Set(units.districts.map((d) => d.congress));
  if (congresses.size > 1) problems.push(`districts of several Congresses: ${[...congresses].join(", ")}`);
  if (problems.length > 0) throw new Error(`census coverage check failed:\n  - ${problems.join("\n  - ")}`);
}
