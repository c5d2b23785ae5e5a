// proj.db → the datum operations the service may chain in revision B: the NADCON5 grid
// operations between service geographic CRSs, and the time-dependent Helmert transformations
// (EPSG method 1056) from ITRF2020 to NAD83 realizations (EPSG:10334, 10336, 10338).
import type { GridOperation, HelmertOperation } from "../../artifacts/format/crs-record.ts";
import { ITRF2020, NAD27 } from "./code-set-rules.ts";
import { areaOfUse } from "./crs-extract.ts";
import type { EpsgTables } from "./epsg-tables.ts";
import { helmertValue } from "./epsg-units.ts";
import { num, optNum, type ProjDb, str } from "./proj-db.ts";

/** Region of a PROJ-data NADCON5 grid file: the last name segment (`…_alaska.tif` → `alaska`). */
export function gridRegion(file: string): string {
  const m = /_([a-z0-9]+)\.tif$/.exec(file);
  if (!m?.[1]) throw new Error(`cannot read a region from grid name ${file}`);
  return m[1];
}

/** NADCON5 operations whose source and target are both NAD27 or a service NAD83 realization. */
export function extractGridOperations(db: ProjDb, nad83: ReadonlySet<number>): GridOperation[] {
  const ok = (c: number) => c === NAD27 || nad83.has(c);
  return db
    .all(
      `SELECT t.code, t.name, t.method_name, t.source_crs_code AS src, t.target_crs_code AS dst, t.accuracy,
              g.proj_grid_name AS file, g.inverse_direction AS inv
       FROM grid_transformation t
       JOIN grid_alternatives g ON g.original_grid_name = t.grid_name
       WHERE t.auth_name = 'EPSG' AND t.deprecated = 0 AND t.method_name LIKE 'NADCON5%'
       ORDER BY CAST(t.code AS INTEGER)`,
    )
    .filter((r) => ok(num(r, "src")) && ok(num(r, "dst")))
    .map((r) => {
      if (num(r, "inv") !== 0)
        throw new Error(`grid of EPSG:${num(r, "code")} runs in the reverse direction`);
      return r;
    })
    .map((r) => ({
      code: num(r, "code"),
      name: str(r, "name"),
      method: str(r, "method_name"),
      source: num(r, "src"),
      target: num(r, "dst"),
      grid: str(r, "file"),
      region: gridRegion(str(r, "file")),
      accuracyMeters: optNum(r, "accuracy") ?? null,
    }));
}

/** Geographic 2D CRS of the datum of a geocentric CRS, among the service's NAD83 realizations. */
function geographicOf(db: ProjDb, geocentric: number, nad83: ReadonlySet<number>): number | undefined {
  const rows = db.all(
    `SELECT g2.code FROM geodetic_crs g1 JOIN geodetic_crs g2 ON g2.datum_auth_name = g1.datum_auth_name AND g2.datum_code = g1.datum_code
     WHERE g1.auth_name = 'EPSG' AND g1.code = ? AND g2.auth_name = 'EPSG' AND g2.type = 'geographic 2D' AND g2.deprecated = 0`,
    [geocentric],
  );
  return rows.map((r) => num(r, "code")).find((c) => nad83.has(c));
}

/** Time-dependent coordinate-frame Helmert transformations ITRF2020 (geocentric 9988) → NAD83 realizations. */
export function extractHelmertOperations(
  db: ProjDb,
  t: EpsgTables,
  nad83: ReadonlySet<number>,
): HelmertOperation[] {
  const out: HelmertOperation[] = [];
  const rows = db.all(
    `SELECT * FROM helmert_transformation_table
     WHERE auth_name = 'EPSG' AND deprecated = 0 AND method_code = 1056 AND source_crs_code = 9988
     ORDER BY CAST(code AS INTEGER)`,
  );
  for (const r of rows) {
    const target = geographicOf(db, num(r, "target_crs_code"), nad83);
    if (target === undefined) continue;
    const tr = num(r, "translation_uom_code");
    const rot = num(r, "rotation_uom_code");
    const sc = num(r, "scale_difference_uom_code");
    const rtr = num(r, "rate_translation_uom_code");
    const rrot = num(r, "rate_rotation_uom_code");
    const rsc = num(r, "rate_scale_difference_uom_code");
    const code = num(r, "code");
    const method = db.all(
      "SELECT name FROM coordinate_operation_method WHERE auth_name = 'EPSG' AND code = ?",
      [num(r, "method_code")],
    )[0];
    out.push({
      code,
      name: str(r, "name"),
      method: method ? str(method, "name") : `EPSG:${num(r, "method_code")}`,
      source: ITRF2020,
      target,
      tx: helmertValue(num(r, "tx"), tr),
      ty: helmertValue(num(r, "ty"), tr),
      tz: helmertValue(num(r, "tz"), tr),
      rx: helmertValue(num(r, "rx"), rot),
      ry: helmertValue(num(r, "ry"), rot),
      rz: helmertValue(num(r, "rz"), rot),
      s: helmertValue(num(r, "scale_difference"), sc),
      dtx: helmertValue(num(r, "rate_tx"), rtr),
      dty: helmertValue(num(r, "rate_ty"), rtr),
      dtz: helmertValue(num(r, "rate_tz"), rtr),
      drx: helmertValue(num(r, "rate_rx"), rrot),
      dry: helmertValue(num(r, "rate_ry"), rrot),
      drz: helmertValue(num(r, "rate_rz"), rrot),
      ds: helmertValue(num(r, "rate_scale_difference"), rsc),
      referenceEpoch: num(r, "epoch"),
      convention: "coordinate_frame",
      areaOfUse: areaOfUse(t, "helmert_transformation", code),
    });
  }
  return out;
}
