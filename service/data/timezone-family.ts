// Opener of the timezone family: the two cell indexes and the decoded 1° grid of a checked version,
// held in memory.
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import type { FamilyOpener } from "./families.ts";

export const timezoneOpener: FamilyOpener<TimezoneLookup> = {
  ...FAMILY_SPECS.timezone,
  open: async (versionDir, manifest) => {
    const lookup = await TimezoneLookup.open(versionDir, "memory");
    lookup.dataVintage = [...new Set(manifest.inputs.map((i) => i.vintage))].join("; ");
    return lookup;
  },
  close: (lookup) => lookup.close(),
};
