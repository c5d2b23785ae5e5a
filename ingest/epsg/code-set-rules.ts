// The rules that define the service's EPSG code sets (docs/transform.md "Code sets"). Every rule is a query
// over proj.db; the union of the rules of a revision is that revision's code set.
import type { DatumGroup } from "../../artifacts/format/crs-record.ts";
import { num, type ProjDb } from "./proj-db.ts";

/** NAD83 realizations: geographic 2D CRSs on datum "North American Datum 1983", "NAD83 (…)", MARP00, PACP00. */
export const NAD83_SET_SQL = `
SELECT g.code FROM geodetic_crs g
JOIN geodetic_datum d ON d.auth_name = g.datum_auth_name AND d.code = g.datum_code
WHERE g.auth_name = 'EPSG' AND g.type = 'geographic 2D' AND g.deprecated = 0
  AND (d.name = 'North American Datum 1983' OR d.name LIKE 'NAD83 (%'
       OR d.name IN ('North American Datum of 1983 (MARP00)', 'North American Datum of 1983 (PACP00)'))
ORDER BY g.code`;

export const WGS84 = 4326;
export const ITRF2020 = 9990;
export const NAD27 = 4267;
export const WEB_MERCATOR = 3857;

/** Name patterns of the low-distortion projection systems (LDPs) on NAD83 realizations. */
export const LDP_NAME_PATTERNS = [
  "% / Oregon % zone %",
  "% / WISCRS %",
  "% / Adjusted Jackson %",
  "% / InGCS %",
  "% / IaRCS %",
  "% / KS RCS %",
  "% / RMTCRS %",
  "% / ICS83-%",
  "% / PCCS %",
  "% / NCRS %",
  "% / San Francisco %",
  "% / Amtrak %",
];

export interface CodeSetMember {
  code: number;
  family: string;
  revision: "A" | "B";
}

const PROJECTED_SQL = `
SELECT p.code AS code FROM projected_crs p
JOIN conversion_table c ON c.auth_name = p.conversion_auth_name AND c.code = p.conversion_code
WHERE p.auth_name = 'EPSG' AND p.deprecated = 0 AND p.geodetic_crs_auth_name = 'EPSG'`;

function codes(db: ProjDb, sql: string): number[] {
  return db.all(sql).map((r) => num(r, "code"));
}

/** Every member of both code sets, each with the family rule that admitted it. */
export function codeSet(db: ProjDb): CodeSetMember[] {
  const nad83 = codes(db, NAD83_SET_SQL);
  const inNad83 = `p.geodetic_crs_code IN (${nad83.join(",")})`;
  const ldp = LDP_NAME_PATTERNS.map((p) => `p.name LIKE '${p}'`).join(" OR ");
  const rules: { family: string; revision: "A" | "B"; where: string }[] = [
    { family: "web_mercator", revision: "A", where: `p.code = ${WEB_MERCATOR}` },
    {
      family: "wgs84_utm",
      revision: "A",
      where: `p.geodetic_crs_code = ${WGS84} AND (p.code BETWEEN 32601 AND 32660 OR p.code BETWEEN 32701 AND 32760)`,
    },
    { family: "nad83_utm", revision: "A", where: `${inNad83} AND c.name LIKE 'UTM zone %'` },
    { family: "nad83_spcs", revision: "A", where: `${inNad83} AND c.name LIKE 'SPCS83 %'` },
    {
      family: "nad83_ldp",
      revision: "A",
      where: `${inNad83} AND c.name NOT LIKE 'SPCS83 %' AND c.name NOT LIKE 'UTM zone %' AND (${ldp})`,
    },
    {
      family: "nad27_utm",
      revision: "B",
      where: `p.geodetic_crs_code = ${NAD27} AND c.name LIKE 'UTM zone %'`,
    },
    {
      family: "nad27_spcs",
      revision: "B",
      where: `p.geodetic_crs_code = ${NAD27} AND (c.name LIKE '% CS27%' OR c.name LIKE 'Arizona Coordinate System %' OR c.name LIKE 'Michigan State Plane %')`,
    },
  ];
  const out: CodeSetMember[] = [
    { code: WGS84, family: "geographic_wgs84", revision: "A" },
    ...nad83.map((code) => ({ code, family: "geographic_nad83", revision: "A" as const })),
    { code: ITRF2020, family: "geographic_itrf2020", revision: "B" },
    { code: NAD27, family: "geographic_nad27", revision: "B" },
  ];
  for (const rule of rules) {
    for (const code of codes(db, `${PROJECTED_SQL} AND (${rule.where}) ORDER BY p.code`)) {
      out.push({ code, family: rule.family, revision: rule.revision });
    }
  }
  return out;
}

/** Datum group of a service geographic CRS. */
export function datumGroupOf(baseCode: number, nad83: ReadonlySet<number>): DatumGroup {
  if (baseCode === WGS84) return "WGS 84";
  if (baseCode === ITRF2020) return "ITRF2020";
  if (baseCode === NAD27) return "NAD27";
  if (nad83.has(baseCode)) return "NAD83";
  throw new Error(`EPSG:${baseCode} is not a service geographic CRS`);
}
