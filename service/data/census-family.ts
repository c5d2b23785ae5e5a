// Opener of the census family: the cell index and census.json of a checked version, in memory.
import { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import { CENSUS_FORMAT_MAJOR } from "../../artifacts/format/census-record.ts";
import type { FamilyOpener } from "./families.ts";

export const censusOpener: FamilyOpener<CensusLookup> = {
  family: "census",
  formatMajor: CENSUS_FORMAT_MAJOR,
  open: async (versionDir) => CensusLookup.open(versionDir, "memory"),
};
