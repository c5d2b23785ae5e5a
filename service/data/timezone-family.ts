// Opener of the timezone family: the two cell indexes of a checked version, held in memory.
import { TIMEZONE_FORMAT_MAJOR, TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import type { FamilyOpener } from "./families.ts";

export const timezoneOpener: FamilyOpener<TimezoneLookup> = {
  family: "timezone",
  formatMajor: TIMEZONE_FORMAT_MAJOR,
  open: async (versionDir) => TimezoneLookup.open(versionDir, "memory"),
  close: (lookup) => lookup.close(),
};
