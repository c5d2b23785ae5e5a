// Sanity checks of candidate census boundaries before `refresh` builds the census family: the
// layers read, every unit has a well-formed GEOID (no duplicates), the layers cover exactly the
// published states and agree on state codes, and the unit counts lie in the expected ranges.
import type { CensusBoundaries, CensusDescription } from "./census-index.ts";
import { checkCoverage, countyUnits, districtUnits, stateUnits } from "./census-units.ts";

export interface CensusCountRanges {
  counties: [number, number];
  districts: [number, number];
}

export function censusSanity(
  b: CensusBoundaries,
  describe: CensusDescription,
  ranges?: CensusCountRanges,
): void {
  const units = {
    states: stateUnits(b.states),
    counties: countyUnits(b.counties),
    districts: districtUnits(b.districts),
  };
  checkCoverage(units, describe.coveredStates);
  for (const layer of ["counties", "districts"] as const) {
    const range = ranges?.[layer];
    const n = units[layer].length;
    if (range && !(n >= range[0] && n <= range[1]))
      throw new Error(`${n} ${layer}, expected ${range[0]}..${range[1]}`);
  }
}
