// The S-57 object class (OBJL) and attribute (ATTL) codes this family reads, from the IHO S-57
// Object Catalogue (edition 3.1), checked against GDAL's s57objectclasses.csv / s57attributes.csv.

export const OBJECT_CLASS = {
  DEPARE: 42,
  DRGARE: 46,
  OBSTRN: 86,
  SOUNDG: 129,
  UWTROC: 153,
  WRECKS: 159,
  M_COVR: 302,
  M_QUAL: 308,
} as const;

export const ATTRIBUTE = {
  CATCOV: 18,
  CATOBS: 42,
  CATWRK: 71,
  CATZOC: 72,
  DRVAL1: 87,
  DRVAL2: 88,
  EXPSOU: 93,
  OBJNAM: 116,
  SOUACC: 144,
  SUREND: 151,
  SURSTA: 152,
  VALSOU: 179,
  WATLEV: 187,
  POSACC: 401,
  QUAPOS: 402,
} as const;

export type AttributeName = keyof typeof ATTRIBUTE;

/** A float attribute (DRVAL1, VALSOU, POSACC…); null when absent or empty. */
export function floatAttr(attrs: ReadonlyMap<number, string>, name: AttributeName): number | null {
  const v = attrs.get(ATTRIBUTE[name]);
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** An enumerated attribute (WATLEV, CATZOC…); null when absent, empty or not an integer. */
export function enumAttr(attrs: ReadonlyMap<number, string>, name: AttributeName): number | null {
  const n = floatAttr(attrs, name);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** A text attribute (OBJNAM, SURSTA…); null when absent or empty. */
export function textAttr(attrs: ReadonlyMap<number, string>, name: AttributeName): string | null {
  const v = attrs.get(ATTRIBUTE[name])?.trim();
  return v === undefined || v === "" ? null : v;
}
