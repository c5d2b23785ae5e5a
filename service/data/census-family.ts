// Opener of the census family: the cell index and census.json of a checked version, in memory.
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import type { FamilyOpener } from "./families.ts";

export const censusOpener: FamilyOpener<CensusLookup> = {
  ...FAMILY_SPECS.census,
  open: async (versionDir) => CensusLookup.open(versionDir, "memory"),
};
