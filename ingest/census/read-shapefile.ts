// Reads a polygon shapefile (.shp + .dbf, with .prj and .cpg beside it when present) with the
// `shapefile` package. Only geographic coordinates (the cb_* files are NAD83 degrees).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import * as shapefile from "shapefile";
import { type BoundaryFeature, geometryPolygons, upperKeys } from "./boundary-features.ts";

/** The .prj must describe a geographic CRS on NAD83 or WGS 84 in degrees. */
export function checkGeographicPrj(prj: string, where: string): void {
  const wkt = prj.trim();
  const geographic = /^GEOGCS\[/i.test(wkt) && /UNIT\["Degree"/i.test(wkt);
  const datum = /D_North_American_1983|D_WGS_1984|North_American_Datum_1983|WGS_1984/i.test(wkt);
  if (!geographic || !datum)
    throw new Error(`${where}: not geographic NAD83/WGS 84 degrees: ${wkt.slice(0, 120)}`);
}

export async function readShapefileBoundaries(shpFile: string): Promise<BoundaryFeature[]> {
  const base = shpFile.replace(/\.shp$/i, "");
  const dbfFile = `${base}.dbf`;
  if (!existsSync(dbfFile)) throw new Error(`${shpFile}: the attribute table ${dbfFile} is missing`);
  if (existsSync(`${base}.prj`)) checkGeographicPrj(await readFile(`${base}.prj`, "utf8"), `${base}.prj`);
  const cpg = existsSync(`${base}.cpg`) ? (await readFile(`${base}.cpg`, "utf8")).trim() : "";
  const encoding = /^utf-?8$/i.test(cpg) ? "utf-8" : "windows-1252";
  const source = await shapefile.open(shpFile, dbfFile, { encoding });
  const out: BoundaryFeature[] = [];
  for (let r = await source.read(); !r.done; r = await source.read()) {
    const where = `${shpFile}: record ${out.length}`;
    out.push({
      properties: upperKeys(r.value.properties),
      polygons: geometryPolygons(r.value.geometry, where),
    });
  }
  return out;
}
