// A GeoJSON Feature whose geometry must be a Polygon or a MultiPolygon; its `id` (a string or a
// number) is kept so routes can echo it.
import { ApiError } from "../errors.ts";
import { type ArealGeometry, readArealGeometry, type Where } from "./areal-geometry.ts";

export interface ArealFeature {
  id: string | number | undefined;
  geometry: ArealGeometry;
  /** JSONPath of the geometry's `coordinates`. */
  coordinatesPath: string;
}

export function readArealFeature(value: unknown, where: Where): ArealFeature {
  const f = value as { type?: unknown; id?: unknown; geometry?: unknown } | null;
  if (f === null || typeof f !== "object" || Array.isArray(f) || f.type !== "Feature") {
    throw new ApiError("invalid_geometry", {
      ...where,
      reason: "a FeatureCollection member must be a Feature",
    });
  }
  if (f.id !== undefined && typeof f.id !== "string" && typeof f.id !== "number") {
    throw new ApiError("invalid_field", {
      ...where,
      path: `${where.path}.id`,
      reason: "a feature id is a string or a number",
    });
  }
  const at: Where = { field: where.field, path: `${where.path}.geometry` };
  if (f.geometry === null || f.geometry === undefined) {
    throw new ApiError("unsupported_geometry", { ...at, type: null, accepted: ["Polygon", "MultiPolygon"] });
  }
  return { id: f.id, geometry: readArealGeometry(f.geometry, at), coordinatesPath: `${at.path}.coordinates` };
}
