// The `polygons` member of POST /v1/pip: a FeatureCollection of Polygon or MultiPolygon
// features, or an array of such geometries. Each becomes one column, labelled by the feature's
// `id` when it has one and by its index otherwise.
import { ApiError } from "../../errors.ts";
import { type ArealGeometry, readArealGeometry } from "../areal-geometry.ts";

export interface PipPolygon {
  column: string | number;
  geometry: ArealGeometry;
}

const FIELD = "polygons";

export function readPipPolygons(value: unknown): PipPolygon[] {
  if (Array.isArray(value)) {
    return value.map((g, i) => ({
      column: i,
      geometry: readArealGeometry(g, { field: FIELD, path: `$.${FIELD}[${i}]` }),
    }));
  }
  const fc = value as { type?: unknown; features?: unknown } | null;
  if (
    fc === null ||
    typeof fc !== "object" ||
    fc.type !== "FeatureCollection" ||
    !Array.isArray(fc.features)
  ) {
    throw new ApiError("invalid_field", {
      field: FIELD,
      path: `$.${FIELD}`,
      reason:
        "must be a FeatureCollection of Polygon or MultiPolygon features, or an array of such geometries",
    });
  }
  return fc.features.map((f, i) => readFeature(f, i));
}

function readFeature(value: unknown, i: number): PipPolygon {
  const path = `$.${FIELD}.features[${i}]`;
  const f = value as { type?: unknown; id?: unknown; geometry?: unknown } | null;
  if (f === null || typeof f !== "object" || Array.isArray(f) || f.type !== "Feature") {
    throw new ApiError("invalid_geometry", {
      field: FIELD,
      path,
      reason: "a FeatureCollection member must be a Feature",
    });
  }
  if (f.id !== undefined && typeof f.id !== "string" && typeof f.id !== "number") {
    throw new ApiError("invalid_field", {
      field: FIELD,
      path: `${path}.id`,
      reason: "a feature id is a string or a number",
    });
  }
  if (f.geometry === null || f.geometry === undefined) {
    throw new ApiError("unsupported_geometry", {
      field: FIELD,
      path: `${path}.geometry`,
      type: null,
      accepted: ["Polygon", "MultiPolygon"],
    });
  }
  return {
    column: f.id ?? i,
    geometry: readArealGeometry(f.geometry, { field: FIELD, path: `${path}.geometry` }),
  };
}
