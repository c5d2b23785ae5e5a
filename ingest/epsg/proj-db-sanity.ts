// Sanity checks of a candidate proj.db before `refresh` builds the crs family from it: it opens as
// SQLite with PROJ's layout 1.x, holds EPSG CRS counts in the expected range and the known
// records the code sets start from; its metadata table names the edition (the vintage).
import type { SanityReport } from "../lib/family.ts";
import { openProjDb, type ProjDb, str } from "./proj-db.ts";

/** Non-deprecated EPSG projected CRSs and geographic 2D CRSs: 5275 and 585 in v11.022. */
const COUNT_RANGES = {
  projected: [4000, 8000],
  geographic2d: [450, 900],
} as const;

const KNOWN: [string, string, string][] = [
  ["SELECT name FROM geodetic_crs WHERE auth_name = 'EPSG' AND code = '4326'", "WGS 84", "EPSG:4326"],
  [
    "SELECT name FROM projected_crs WHERE auth_name = 'EPSG' AND code = '3857'",
    "WGS 84 / Pseudo-Mercator",
    "EPSG:3857",
  ],
  [
    "SELECT name FROM projected_crs WHERE auth_name = 'EPSG' AND code = '26905'",
    "NAD83 / UTM zone 5N",
    "EPSG:26905",
  ],
  [
    "SELECT name FROM grid_transformation WHERE auth_name = 'EPSG' AND code = '8549'",
    "NAD27 to NAD83 (8)",
    "EPSG:8549",
  ],
];

function count(db: ProjDb, sql: string): number {
  return Number(db.all(sql)[0]?.n);
}

export async function projDbSanity(file: string): Promise<string> {
  let db: ProjDb;
  try {
    db = await openProjDb(file);
    db.all("SELECT 1 FROM metadata LIMIT 1");
  } catch (err) {
    throw new Error(`not a readable proj.db: ${(err as Error).message}`);
  }
  try {
    const meta = new Map(
      db.all("SELECT key, value FROM metadata").map((r) => [str(r, "key"), str(r, "value")]),
    );
    if (meta.get("DATABASE.LAYOUT.VERSION.MAJOR") !== "1")
      throw new Error(
        `proj.db layout ${meta.get("DATABASE.LAYOUT.VERSION.MAJOR")}.x, the extractor reads 1.x`,
      );
    const epsg = meta.get("EPSG.VERSION");
    if (!epsg) throw new Error("proj.db metadata names no EPSG.VERSION");
    const projected = count(
      db,
      "SELECT count(*) AS n FROM projected_crs WHERE auth_name = 'EPSG' AND deprecated = 0",
    );
    const geographic = count(
      db,
      "SELECT count(*) AS n FROM geodetic_crs WHERE auth_name = 'EPSG' AND deprecated = 0 AND type = 'geographic 2D'",
    );
    for (const [name, n, [lo, hi]] of [
      ["projected CRSs", projected, COUNT_RANGES.projected],
      ["geographic 2D CRSs", geographic, COUNT_RANGES.geographic2d],
    ] as const) {
      if (!(n >= lo && n <= hi)) throw new Error(`${n} EPSG ${name}, expected ${lo}..${hi}`);
    }
    for (const [sql, name, code] of KNOWN) {
      const got = db.all(sql)[0]?.name;
      if (got !== name)
        throw new Error(
          `known answer: ${code} is ${got === undefined ? "missing" : `"${got}"`}, expected "${name}"`,
        );
    }
    return `EPSG ${epsg} (${meta.get("EPSG.DATE") ?? "undated"}), PROJ ${meta.get("PROJ.VERSION") ?? "?"} proj.db`;
  } finally {
    db.close();
  }
}

/** The crs family's sanity hook. */
export async function crsSanity(inputs: Record<string, string>): Promise<SanityReport> {
  const file = inputs["epsg-proj-db"];
  return file ? { vintages: { "epsg-proj-db": await projDbSanity(file) } } : {};
}
