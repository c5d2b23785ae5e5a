// Rebuilds a GeoJSON document with some geometries replaced, copying only the objects and arrays
// on the way to a replaced geometry: everything else (properties, ids, foreign members, key
// order) is carried over as it was, and the input is never written to.

import { isJsonObject, type JsonObject } from "../json-object.ts";
import { MAX_COLLECTION_DEPTH } from "./document-structure.ts";
import { element, member, type Place, ROOT, slotOf } from "./issues.ts";

/** Called for every geometry object other than a GeometryCollection; returns it or its replacement. */
export type GeometryMapper = (geometry: JsonObject, place: Place) => JsonObject;

/** An object comes back as an object (the same one when nothing was replaced). */
export function mapGeometries(doc: JsonObject, fn: GeometryMapper): JsonObject;
export function mapGeometries(doc: unknown, fn: GeometryMapper): unknown;
export function mapGeometries(doc: unknown, fn: GeometryMapper): unknown {
  if (!isJsonObject(doc)) return doc;
  if (doc.type === "FeatureCollection") {
    const features = doc.features;
    if (!Array.isArray(features)) return doc;
    const at = member(ROOT, "features", slotOf(doc, "features"));
    const mapped = features.map((f, i) =>
      isJsonObject(f) && f.type === "Feature" ? mapFeature(f, element(at, i, { featureIndex: i }), fn) : f,
    );
    return mapped.every((f, i) => f === features[i]) ? doc : { ...doc, features: mapped };
  }
  if (doc.type === "Feature") return mapFeature(doc, ROOT, fn);
  return mapGeometry(doc, ROOT, fn, 0);
}

function mapFeature(f: JsonObject, place: Place, fn: GeometryMapper): JsonObject {
  if (!isJsonObject(f.geometry)) return f;
  const g = mapGeometry(f.geometry, member(place, "geometry", slotOf(f, "geometry")), fn, 0);
  return g === f.geometry ? f : { ...f, geometry: g };
}

/** Collections deeper than validate walks are left as posted (validate lists them as skipped). */
function mapGeometry(g: JsonObject, place: Place, fn: GeometryMapper, depth: number): JsonObject {
  if (g.type !== "GeometryCollection") return fn(g, place);
  const members = g.geometries;
  if (!Array.isArray(members) || depth >= MAX_COLLECTION_DEPTH) return g;
  const at = member(place, "geometries", slotOf(g, "geometries"));
  const mapped = members.map((m, i) =>
    isJsonObject(m) ? mapGeometry(m, element(at, i, { geometryIndex: i }), fn, depth + 1) : m,
  );
  return mapped.every((m, i) => m === members[i]) ? g : { ...g, geometries: mapped };
}
