// proj.db → the `crs` family's records: every code of both revisions' code sets with its name,
// kind, datum, unit, axes, projection and area of use.
import type {
  AreaOfUse,
  CrsRecord,
  CrsUnit,
  EllipsoidDef,
  ProjectionDef,
} from "../../artifacts/format/crs-record.ts";
import { codeSet, datumGroupOf, NAD83_SET_SQL } from "./code-set-rules.ts";
import { type EpsgTables, loadEpsgTables } from "./epsg-tables.ts";
import { axisUnit } from "./epsg-units.ts";
import { num, optNum, type ProjDb, str } from "./proj-db.ts";
import { projectionOf } from "./projection-extract.ts";

/** First usage of an object: its extent description and bounding box. */
export function areaOfUse(t: EpsgTables, table: string, code: number): AreaOfUse {
  const row = t.usage.get(`${table}:${code}`);
  if (!row) throw new Error(`proj.db: no usage for ${table} EPSG:${code}`);
  return {
    name: str(row, "name"),
    bbox: [num(row, "west_lon"), num(row, "south_lat"), num(row, "east_lon"), num(row, "north_lat")],
  };
}

interface GeodeticInfo {
  code: number;
  name: string;
  datum: { code: number; name: string };
  ellipsoid: EllipsoidDef;
  csCode: number;
  /** Prime meridian longitude in its unit (0 = Greenwich). */
  primeMeridian: number;
}

function geodetic(t: EpsgTables, code: number): GeodeticInfo {
  const row = t.geodetic.get(code);
  if (!row) throw new Error(`proj.db: geodetic CRS EPSG:${code} missing`);
  const rf = optNum(row, "rf");
  const b = optNum(row, "b");
  return {
    code,
    name: str(row, "name"),
    datum: { code: num(row, "dcode"), name: str(row, "dname") },
    ellipsoid: {
      code: num(row, "ecode"),
      name: str(row, "ename"),
      a: num(row, "a"),
      ...(rf !== undefined ? { rf } : {}),
      ...(b !== undefined ? { b } : {}),
    },
    csCode: num(row, "cs"),
    primeMeridian: num(row, "pm"),
  };
}

function axesOf(t: EpsgTables, csCode: number): { abbrev: string; uom: number }[] {
  return (t.axes.get(csCode) ?? []).map((r) => ({ abbrev: str(r, "abbrev"), uom: num(r, "uom_code") }));
}

/** Projection and axis unit of any EPSG projected CRS whose method is supported (throws otherwise). */
export function projectedDefinition(
  t: EpsgTables,
  code: number,
): { projection: ProjectionDef; unit: CrsUnit; unitToMeter: number; primeMeridianGreenwich: boolean } {
  const proj = t.projected.get(code);
  if (!proj) throw new Error(`EPSG:${code} is not a projected CRS`);
  const base = geodetic(t, num(proj, "base"));
  const axes = axesOf(t, num(proj, "cs"));
  const firstUom = axes[0]?.uom;
  if (firstUom === undefined || axes.some((a) => a.uom !== firstUom))
    throw new Error(`EPSG:${code}: axes in mixed units`);
  const { unit, toMeter } = axisUnit(firstUom);
  return {
    projection: projectionOf(t, num(proj, "conv"), base.ellipsoid),
    unit,
    unitToMeter: toMeter,
    primeMeridianGreenwich: base.primeMeridian === 0,
  };
}

/** The record of one service code, geographic or projected. */
export function crsRecord(
  t: EpsgTables,
  member: { code: number; family: string; revision: "A" | "B" },
  nad83: ReadonlySet<number>,
): CrsRecord {
  const proj = t.projected.get(member.code);
  if (!proj) {
    const g = geodetic(t, member.code);
    return {
      code: member.code,
      name: g.name,
      kind: "geographic",
      family: member.family,
      revision: member.revision,
      base: { code: g.code, name: g.name },
      datum: { ...g.datum, group: datumGroupOf(g.code, nad83) },
      ellipsoid: g.ellipsoid,
      unit: "degree",
      unitToMeter: 0,
      axes: axesOf(t, g.csCode).map((a) => a.abbrev),
      areaOfUse: areaOfUse(t, "geodetic_crs", member.code),
    };
  }
  const base = geodetic(t, num(proj, "base"));
  const def = projectedDefinition(t, member.code);
  if (!def.primeMeridianGreenwich) throw new Error(`EPSG:${member.code}: prime meridian is not Greenwich`);
  return {
    code: member.code,
    name: str(proj, "name"),
    kind: "projected",
    family: member.family,
    revision: member.revision,
    base: { code: base.code, name: base.name },
    datum: { ...base.datum, group: datumGroupOf(base.code, nad83) },
    ellipsoid: base.ellipsoid,
    unit: def.unit,
    unitToMeter: def.unitToMeter,
    axes: axesOf(t, num(proj, "cs")).map((a) => a.abbrev),
    projection: def.projection,
    areaOfUse: areaOfUse(t, "projected_crs", member.code),
  };
}

/** Every service CRS record, sorted by code. */
export function extractCrsRecords(db: ProjDb, tables: EpsgTables = loadEpsgTables(db)): CrsRecord[] {
  const nad83 = new Set(db.all(NAD83_SET_SQL).map((r) => num(r, "code")));
  return codeSet(db)
    .map((m) => crsRecord(tables, m, nad83))
    .sort((a, b) => a.code - b.code);
}
