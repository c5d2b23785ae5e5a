// The GeoJSON forms of the h3/index and h3/polyfill answers (geojson-forms.ts has the others): one
// polygon per cell. A kernel of the pool routes (compute/kernel.ts): the cell outlines are cut at the
// antimeridian and closed at the poles with polyclip-ts, which the main thread never loads.
import { cellPolygon } from "../geo/h3/cell-polygon.ts";
import type { SchemaTypes } from "../types/schema-types.ts";

export function h3IndexGeoJson(
  answer: SchemaTypes["h3-index.response"],
): SchemaTypes["h3-index-geojson.response"] {
  const { cells, ...rest } = answer;
  return {
    type: "FeatureCollection",
    features: cells.flatMap(({ point, results }, pointIndex) =>
      results.map(({ resolution, cell, center }) => ({
        type: "Feature" as const,
        geometry: cellPolygon(cell),
        properties: { pointIndex, point, resolution, cell, ...(center ? { center } : {}) },
      })),
    ),
    ...rest,
  };
}

/** The cells of a polyfill answer (estimateOnly answers have none and are refused before). */
export function h3PolyfillGeoJson(
  answer: SchemaTypes["h3-polyfill.response"],
): SchemaTypes["h3-polyfill-geojson.response"] {
  return {
    type: "FeatureCollection",
    features: answer.features.flatMap(({ index, id, results }) =>
      results.flatMap(({ resolution, cells }) =>
        (cells ?? []).map((cell) => ({
          type: "Feature" as const,
          geometry: cellPolygon(cell),
          properties: { featureIndex: index, featureId: id, resolution, cell },
        })),
      ),
    ),
    containment: answer.containment,
    resolutions: answer.resolutions,
    totals: answer.totals,
    totalCount: answer.totalCount ?? 0,
    cellCap: answer.cellCap ?? 0,
  };
}
