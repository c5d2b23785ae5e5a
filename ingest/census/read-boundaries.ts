// One entry point for every published boundary format: GeoJSON or a shapefile.
import type { BoundaryFeature } from "./boundary-features.ts";
import { readGeoJsonBoundaries } from "./read-geojson.ts";
import { readShapefileBoundaries } from "./read-shapefile.ts";

/** Reads `file` by its extension: `.geojson`/`.json` or `.shp` (with its `.dbf` beside it). */
export async function readBoundaries(file: string): Promise<BoundaryFeature[]> {
  if (/\.(geo)?json$/i.test(file)) return readGeoJsonBoundaries(file);
  if (/\.shp$/i.test(file)) return readShapefileBoundaries(file);
  throw new Error(`${file}: unknown boundary format (expected .geojson, .json or .shp)`);
}
