// One entry point for the published boundary formats, chosen by file extension: GeoJSON
// (`.geojson`, `.json`) or a shapefile (`.shp` with its `.dbf`, `.prj`, `.cpg` beside it).
import type { BoundaryFeature } from "./boundary-features.ts";
import { readGeoJsonBoundaries } from "./read-geojson.ts";
import { readShapefileBoundaries, shapefileSiblings } from "./read-shapefile.ts";

export async function readBoundaries(file: string): Promise<BoundaryFeature[]> {
  if (/\.(geo)?json$/i.test(file)) return readGeoJsonBoundaries(file);
  if (/\.shp$/i.test(file)) return readShapefileBoundaries(shapefileSiblings(file));
  throw new Error(`${file}: unknown boundary format (expected .geojson, .json or .shp)`);
}
