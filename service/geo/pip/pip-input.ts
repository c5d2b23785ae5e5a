// The `polygons` member of POST /v1/pip: a FeatureCollection of Polygon or MultiPolygon
// features, or an array of such geometries. Each becomes one column, labelled by the feature's
// `id` when it has one and by its index otherwise.
import { ApiError } from "../../errors.ts";
import { readArealFeature } from "../areal-feature.ts";
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
  return fc.features.map((f, i) => {
    const feature = readArealFeature(f, { field: FIELD, path: `$.${FIELD}.features[${i}]` });
    return { column: feature.id ?? i, geometry: feature.geometry };
  });
}
