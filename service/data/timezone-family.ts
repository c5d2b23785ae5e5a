// Opener of the timezone family: the two cell indexes and the decoded 1° grid of a checked version,
// held in memory.
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import type { FamilyOpener } from "./families.ts";

export const timezoneOpener: FamilyOpener<TimezoneLookup> = {
  ...FAMILY_SPECS.timezone,
  open: async (versionDir) => TimezoneLookup.open(versionDir, "memory"),
  close: (lookup) => lookup.close(),
};
