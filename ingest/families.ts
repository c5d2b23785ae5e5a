// THE list of data families the pipeline builds, in build order. Add one line per family.
import { censusFamily } from "./census/family.ts";
import { demFamily } from "./dem/family.ts";
import { encFamily } from "./enc/enc-family.ts";
import { crsFamily } from "./epsg/crs-family.ts";
import type { FamilyBuilder } from "./lib/family.ts";
import { datumGridsFamily } from "./nadcon/datum-grids-family.ts";
import { timezoneFamily } from "./timezone/family.ts";

export const FAMILIES: readonly FamilyBuilder[] = [
  timezoneFamily,
  crsFamily,
  datumGridsFamily,
  encFamily(),
  censusFamily,
  demFamily,
];

/** The builder of `name`; throws listing the known families. */
export function familyByName(name: string, families: readonly FamilyBuilder[] = FAMILIES): FamilyBuilder {
  const f = families.find((b) => b.family === name);
  if (!f)
    throw new Error(
      `unknown family "${name}" (known: ${families.map((b) => b.family).join(", ") || "none"})`,
    );
  return f;
}
