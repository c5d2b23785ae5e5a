// Reads a GeoJSON FeatureCollection of census boundaries (the published GeoJSON or a
// third-party export of the cb_* shapefiles). Only geographic CRS84 / EPSG:4326 / EPSG:4269 data.
import { readFile } from "node:fs/promises";
import { type BoundaryFeature, geometryPolygons, upperKeys } from "./boundary-features.ts";

const GEOGRAPHIC_CRS = [
  /^urn:ogc:def:crs:OGC:1\.3:CRS84$/i,
  /^urn:ogc:def:crs:OGC::CRS84$/i,
  /^(urn:ogc:def:crs:)?EPSG:{1,2}(4326|4269)$/i,
];

export async function readGeoJsonBoundaries(file: string): Promise<BoundaryFeature[]> {
  const doc = JSON.parse(await readFile(file, "utf8")) as {
    type?: unknown;
    features?: unknown;
    crs?: { properties?: { name?: unknown } };
  };
  if (doc.type !== "FeatureCollection" || !Array.isArray(doc.features)) {
    throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  }
  const crsName = doc.crs?.properties?.name;
  if (crsName !== undefined && !GEOGRAPHIC_CRS.some((re) => re.test(String(crsName)))) {
    throw new Error(`${file}: CRS ${String(crsName)} is not geographic WGS 84 / NAD83 degrees`);
  }
  return doc.features.map((f: { properties?: unknown; geometry?: unknown }, i: number) => ({
    properties: upperKeys(f.properties),
    polygons: geometryPolygons(f.geometry, `${file}: features[${i}].geometry`),
  }));
}
