// How buffer and simplify answer: a Feature for one geometry, a FeatureCollection for several,
// keeping each Feature's id and properties.
import type { Geometry, InputDocument } from "./geojson-input.ts";

/** An answer's geometry has the shapes of a read one. */
export type OutputGeometry = Geometry;

export interface OutputFeature {
  type: "Feature";
  id?: string | number;
  properties: Record<string, unknown> | null;
  geometry: OutputGeometry | null;
}

export interface OutputCollection {
  type: "FeatureCollection";
  features: OutputFeature[];
}

/** `geometries[i]` answers `doc.items[i]`. */
export function shapeAnswer(
  doc: InputDocument,
  geometries: (OutputGeometry | null)[],
): OutputFeature | OutputCollection {
  const features = doc.items.map(
    (item, i): OutputFeature => ({
      type: "Feature",
      ...(item.feature?.id !== undefined ? { id: item.feature.id } : {}),
      properties: item.feature ? item.feature.properties : {},
      geometry: geometries[i] ?? null,
    }),
  );
  const only = features[0];
  if (features.length === 1 && only) return only;
  return { type: "FeatureCollection", features };
}
