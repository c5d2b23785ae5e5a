// The builder of every family of artifacts/families.ts, in its build order. A family declared there
// without a builder here (or the other way round) fails type-checking.
import { FAMILY_NAMES, type FamilyName } from "../artifacts/families.ts";
import { censusFamily } from "./census/family.ts";
import { demFamily } from "./dem/family.ts";
import { encFamily } from "./enc/enc-family.ts";
import { crsFamily } from "./epsg/crs-family.ts";
import type { FamilyBuilder } from "./lib/family.ts";
import { datumGridsFamily } from "./nadcon/datum-grids-family.ts";
import { timezoneFamily } from "./timezone/family.ts";

const BUILDERS: { readonly [N in FamilyName]: FamilyBuilder } = {
  timezone: timezoneFamily,
  crs: crsFamily,
  "datum-grids": datumGridsFamily,
  enc: encFamily(),
  census: censusFamily,
  dem: demFamily,
};

export const FAMILIES: readonly FamilyBuilder[] = FAMILY_NAMES.map((name) => {
  if (BUILDERS[name].family !== name)
    throw new Error(`the builder keyed ${name} builds ${BUILDERS[name].family}`);
  return BUILDERS[name];
});

/** The builder of `name`; throws listing the known families. */
export function familyByName(name: string, families: readonly FamilyBuilder[] = FAMILIES): FamilyBuilder {
  const f = families.find((b) => b.family === name);
  if (!f)
    throw new Error(
      `unknown family "${name}" (known: ${families.map((b) => b.family).join(", ") || "none"})`,
    );
  return f;
}
