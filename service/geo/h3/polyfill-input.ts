// The `geojson` member of POST /v1/h3/polyfill: a Polygon, a MultiPolygon, or a Feature or
// FeatureCollection of them. Each feature is one polygon to cover (a MultiPolygon's parts are
// unioned); its `id` is echoed, null when absent or for a bare geometry.
import { ApiError } from "../../errors.ts";
import { readArealFeature } from "../areal-feature.ts";
import { type ArealGeometry, readArealGeometry, type Where } from "../areal-geometry.ts";

export interface PolyfillFeature {
  id: string | number | null;
  geometry: ArealGeometry;
  /** JSONPath of the geometry's `coordinates`. */
  coordinatesPath: string;
}

const FIELD = "geojson";

export function readPolyfillFeatures(value: unknown): PolyfillFeature[] {
  const doc = value as { type?: unknown; features?: unknown } | null;
  const where: Where = { field: FIELD, path: `$.${FIELD}` };
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new ApiError("invalid_geometry", { ...where, reason: "geojson must be a GeoJSON object" });
  }
  if (doc.type === "FeatureCollection") {
    const features = doc.features;
    if (!Array.isArray(features)) {
      throw new ApiError("invalid_geometry", {
        ...where,
        path: `${where.path}.features`,
        reason: "a FeatureCollection needs a features array",
      });
    }
    return features.map((f, i) => feature(f, { field: FIELD, path: `${where.path}.features[${i}]` }));
  }
  if (doc.type === "Feature") return [feature(doc, where)];
  return [
    { id: null, geometry: readArealGeometry(doc, where), coordinatesPath: `${where.path}.coordinates` },
  ];
}

function feature(value: unknown, where: Where): PolyfillFeature {
  const f = readArealFeature(value, where);
  return { id: f.id ?? null, geometry: f.geometry, coordinatesPath: f.coordinatesPath };
}
