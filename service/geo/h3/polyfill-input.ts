// The `geojson` member of POST /v1/h3/polyfill: a Polygon, a MultiPolygon, or a Feature or
// FeatureCollection of them. Each feature is one polygon to cover (a MultiPolygon's parts are
// unioned); its `id` is echoed, null when absent or for a bare geometry.
import { type ArealGeometry, arealGeometry } from "../areal-geometry.ts";
import { readGeoJson } from "../geometry/geojson-input.ts";

export interface PolyfillFeature {
  id: string | number | null;
  geometry: ArealGeometry;
  /** JSONPath of the geometry's `coordinates`. */
  coordinatesPath: string;
}

const FIELD = "geojson";

export function readPolyfillFeatures(value: unknown): PolyfillFeature[] {
  return readGeoJson(value, { field: FIELD }).items.map((item) => ({
    id: item.feature?.id ?? null,
    geometry: arealGeometry(item, FIELD),
    coordinatesPath: `${item.path}.coordinates`,
  }));
}
