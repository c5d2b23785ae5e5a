// Text of the S-57 enumerated values the marine answers report (IHO S-57 Appendix A, Attribute
// Catalogue, edition 3.1), and of the zones of confidence (CATZOC) with their published accuracies.

const WATLEV: Record<number, string> = {
  1: "partly submerged at high water",
  2: "always dry",
  3: "always under water/submerged",
  4: "covers and uncovers",
  5: "awash",
  6: "subject to inundation or flooding",
  7: "floating",
};

const CATOBS: Record<number, string> = {
  1: "snag/stump",
  2: "wellhead",
  3: "diffuser",
  4: "crib",
  5: "fish haven",
  6: "foul area",
  7: "foul ground",
  8: "ice boom",
  9: "ground tackle",
  10: "boom",
};

const CATWRK: Record<number, string> = {
  1: "non-dangerous wreck",
  2: "dangerous wreck",
  3: "distributed remains of wreck",
  4: "wreck showing mast/masts",
  5: "wreck showing any portion of hull or superstructure",
};

const QUAPOS: Record<number, string> = {
  1: "surveyed",
  2: "unsurveyed",
  3: "inadequately surveyed",
  4: "approximated",
  5: "position doubtful",
  6: "unreliable",
  7: "reported (not surveyed)",
  8: "reported (not confirmed)",
  9: "estimated",
  10: "precisely known",
  11: "calculated",
};

/** CATZOC zone, and the position and depth accuracy the S-57 zone-of-confidence table gives it. */
const CATZOC: Record<number, { zone: string; position: string; depth: string }> = {
  1: { zone: "A1", position: "±5 m", depth: "±(0.50 m + 1% of depth)" },
  2: { zone: "A2", position: "±20 m", depth: "±(1.00 m + 2% of depth)" },
  3: { zone: "B", position: "±50 m", depth: "±(1.00 m + 2% of depth)" },
  4: { zone: "C", position: "±500 m", depth: "±(2.00 m + 5% of depth)" },
  5: { zone: "D", position: "worse than zone C", depth: "worse than zone C" },
  6: { zone: "U", position: "unassessed", depth: "unassessed" },
};

const label = (table: Record<number, string>, v: number | null): string | null =>
  v === null ? null : (table[v] ?? `code ${v}`);

export const waterLevelText = (v: number | null): string | null => label(WATLEV, v);
export const obstructionCategoryText = (v: number | null): string | null => label(CATOBS, v);
export const wreckCategoryText = (v: number | null): string | null => label(CATWRK, v);
export const positionQualityText = (v: number | null): string | null => label(QUAPOS, v);

/** The zone of confidence of a CATZOC code, or null when not charted. */
export function zoneOfConfidence(v: number | null): { zone: string; position: string; depth: string } | null {
  if (v === null) return null;
  return (
    CATZOC[v] ?? { zone: `code ${v}`, position: "not in the S-57 table", depth: "not in the S-57 table" }
  );
}

/** S-57 horizontal datum (HDAT) and sounding datum (SDAT) names of the codes NOAA cells use. */
const DATUMS_H: Record<number, string> = { 2: "WGS 84" };
const DATUMS_S: Record<number, string> = {
  2: "Mean lower low water springs",
  12: "Mean lower low water",
  23: "Lowest astronomical tide",
};
export const horizontalDatumName = (code: number): string => DATUMS_H[code] ?? `S-57 HDAT ${code}`;
export const soundingDatumName = (code: number): string => DATUMS_S[code] ?? `S-57 SDAT ${code}`;
