// Reads a polygon shapefile (.shp + .dbf, with its .prj and .cpg when given) with the
// `shapefile` package. Only geographic coordinates (the cb_* files are NAD83 degrees). Paths
// are explicit: pipeline inputs are cached under their sha256, without extensions.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import * as shapefile from "shapefile";
import { type BoundaryFeature, geometryPolygons, upperKeys } from "./boundary-features.ts";

export interface ShapefilePaths {
  shp: string;
  dbf: string;
  prj?: string;
  cpg?: string;
}

/** The .prj must describe a geographic CRS on NAD83 or WGS 84 in degrees. */
export function checkGeographicPrj(prj: string, where: string): void {
  const wkt = prj.trim();
  const geographic = /^GEOGCS\[/i.test(wkt) && /UNIT\["Degree"/i.test(wkt);
  const datum = /D_North_American_1983|D_WGS_1984|North_American_Datum_1983|WGS_1984/i.test(wkt);
  if (!geographic || !datum) {
    throw new Error(`${where}: not geographic NAD83/WGS 84 degrees: ${wkt.slice(0, 120)}`);
  }
}

/** The DBF encoding a .cpg names (the cb_* files say UTF-8); dBASE's default otherwise. */
export function dbfEncoding(cpg: string | undefined): string {
  return cpg !== undefined && /^utf-?8$/i.test(cpg.trim()) ? "utf-8" : "windows-1252";
}

/** `x.shp` → the files beside it that exist (`x.dbf` is required). */
export function shapefileSiblings(shpFile: string): ShapefilePaths {
  const base = shpFile.replace(/\.shp$/i, "");
  const paths: ShapefilePaths = { shp: shpFile, dbf: `${base}.dbf` };
  if (existsSync(`${base}.prj`)) paths.prj = `${base}.prj`;
  if (existsSync(`${base}.cpg`)) paths.cpg = `${base}.cpg`;
  return paths;
}

export async function readShapefileBoundaries(paths: ShapefilePaths): Promise<BoundaryFeature[]> {
  if (paths.prj) checkGeographicPrj(await readFile(paths.prj, "utf8"), paths.prj);
  const encoding = dbfEncoding(paths.cpg ? await readFile(paths.cpg, "utf8") : undefined);
  const source = await shapefile.open(paths.shp, paths.dbf, { encoding });
  const out: BoundaryFeature[] = [];
  for (let r = await source.read(); !r.done; r = await source.read()) {
    const where = `${paths.shp}: record ${out.length}`;
    out.push({
      properties: upperKeys(r.value.properties),
      polygons: geometryPolygons(r.value.geometry, where),
    });
  }
  return out;
}

/** Attribute rows of a .dbf alone (e.g. a 500k attribute table without its geometry). */
export async function readDbfRows(dbf: string, cpg?: string): Promise<Record<string, unknown>[]> {
  const encoding = dbfEncoding(cpg ? await readFile(cpg, "utf8") : undefined);
  const source = await shapefile.openDbf(dbf, { encoding });
  const rows: Record<string, unknown>[] = [];
  for (let r = await source.read(); !r.done; r = await source.read()) rows.push(upperKeys(r.value));
  return rows;
}
