// The `polygons` member of POST /v1/pip: a FeatureCollection of Polygon or MultiPolygon
// features, or an array of such geometries. Each becomes one column, labelled by the feature's
// `id` when it has one and by its index otherwise.
import { type ArealGeometry, arealGeometry } from "../areal-geometry.ts";
import { readGeoJson, readGeometry } from "../geometry/geojson-input.ts";
import { Refusal } from "../refusal.ts";

export interface PipPolygon {
  column: string | number;
  geometry: ArealGeometry;
}

const FIELD = "polygons";

export function readPipPolygons(value: unknown): PipPolygon[] {
  if (Array.isArray(value)) {
    return value.map((g, i) => ({
      column: i,
      geometry: arealGeometry(readGeometry(g, { field: FIELD, path: `$.${FIELD}[${i}]` }), FIELD),
    }));
  }
  if ((value as { type?: unknown } | null)?.type !== "FeatureCollection") {
    throw new Refusal("invalid_field", {
      field: FIELD,
      path: `$.${FIELD}`,
      reason:
        "must be a FeatureCollection of Polygon or MultiPolygon features, or an array of such geometries",
    });
  }
  return readGeoJson(value, { field: FIELD }).items.map((item, i) => ({
    column: item.feature?.id ?? i,
    geometry: arealGeometry(item, FIELD),
  }));
}
