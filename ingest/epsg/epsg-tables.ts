// The proj.db tables the crs extraction reads, loaded once into maps keyed by EPSG code
// (thousands of single-row queries through sql.js would cost seconds).
import { num, type ProjDb, type Row, str } from "./proj-db.ts";

export interface EpsgTables {
  projected: ReadonlyMap<number, Row>;
  conversions: ReadonlyMap<number, Row>;
  /** Geodetic CRS joined with its datum and ellipsoid (columns cs, dcode, dname, ecode, ename, a, rf, b, pm). */
  geodetic: ReadonlyMap<number, Row>;
  /** Axes of each coordinate system in order. */
  axes: ReadonlyMap<number, Row[]>;
  /** First usage (lowest usage code) of each object, keyed `<table>:<code>`, with its extent. */
  usage: ReadonlyMap<string, Row>;
  units: ReadonlyMap<number, string>;
  methods: ReadonlyMap<number, string>;
  parameters: ReadonlyMap<number, string>;
}

function byCode(rows: Row[], column = "code"): Map<number, Row> {
  return new Map(rows.map((r) => [num(r, column), r]));
}

function names(db: ProjDb, table: string): Map<number, string> {
  return new Map(
    db
      .all(`SELECT code, name FROM ${table} WHERE auth_name = 'EPSG'`)
      .map((r) => [num(r, "code"), str(r, "name")]),
  );
}

export function loadEpsgTables(db: ProjDb): EpsgTables {
  const axes = new Map<number, Row[]>();
  for (const r of db.all(
    "SELECT coordinate_system_code AS cs, abbrev, uom_code FROM axis WHERE coordinate_system_auth_name = 'EPSG' ORDER BY cs, coordinate_system_order",
  )) {
    const cs = num(r, "cs");
    const list = axes.get(cs) ?? [];
    list.push(r);
    axes.set(cs, list);
  }
  const usage = new Map<string, Row>();
  for (const r of db.all(
    `SELECT u.object_table_name AS tbl, u.object_code AS code, e.description AS name,
            e.west_lon, e.south_lat, e.east_lon, e.north_lat
     FROM usage u JOIN extent e ON e.auth_name = u.extent_auth_name AND e.code = u.extent_code
     WHERE u.object_auth_name = 'EPSG'
       AND u.object_table_name IN ('projected_crs', 'geodetic_crs', 'grid_transformation', 'helmert_transformation')
     ORDER BY u.auth_name, CAST(u.code AS INTEGER)`,
  )) {
    const key = `${str(r, "tbl")}:${num(r, "code")}`;
    if (!usage.has(key)) usage.set(key, r);
  }
  return {
    projected: byCode(
      db.all(
        "SELECT code, name, geodetic_crs_code AS base, conversion_code AS conv, coordinate_system_code AS cs FROM projected_crs WHERE auth_name = 'EPSG'",
      ),
    ),
    conversions: byCode(db.all("SELECT * FROM conversion_table WHERE auth_name = 'EPSG'")),
    geodetic: byCode(
      db.all(
        `SELECT g.code, g.name, g.coordinate_system_code AS cs, d.code AS dcode, d.name AS dname,
                e.code AS ecode, e.name AS ename, e.semi_major_axis AS a, e.inv_flattening AS rf, e.semi_minor_axis AS b,
                pm.longitude AS pm
         FROM geodetic_crs g
         JOIN geodetic_datum d ON d.auth_name = g.datum_auth_name AND d.code = g.datum_code
         JOIN ellipsoid e ON e.auth_name = d.ellipsoid_auth_name AND e.code = d.ellipsoid_code
         JOIN prime_meridian pm ON pm.auth_name = d.prime_meridian_auth_name AND pm.code = d.prime_meridian_code
         WHERE g.auth_name = 'EPSG'`,
      ),
    ),
    axes,
    usage,
    units: names(db, "unit_of_measure"),
    methods: names(db, "conversion_method"),
    parameters: names(db, "conversion_param"),
  };
}
