// The positions of a transform request's `geojson` (Feature, FeatureCollection or bare Geometry),
// read by the one GeoJSON reader in the source CRS, and the answer rebuilt in exactly the shape
// sent: every member, id and property is copied except `bbox` members where GeoJSON defines them
// (on the document, features and geometries: dropped, counted); positions get the new x, y and
// keep everything after y.
import type { SchemaTypes } from "../../types/schema-types.ts";
import { GEOMETRY_TYPES } from "../geojson/document-structure.ts";
import { positionPath, readGeoJson } from "../geometry/geojson-input.ts";
import { isJsonObject, type JsonObject } from "../json-object.ts";
import { type PositionSet, TRANSFORM_POSITIONS } from "./position-walk.ts";

const COORDINATE_TYPES = new Set<unknown>(GEOMETRY_TYPES.filter((t) => t !== "GeometryCollection"));

/** The member through which each GeoJSON object nests (everything else is a property or foreign member). */
function nestingMember(type: unknown): string | undefined {
  if (type === "FeatureCollection") return "features";
  if (type === "Feature") return "geometry";
  if (type === "GeometryCollection") return "geometries";
  return COORDINATE_TYPES.has(type) ? "coordinates" : undefined;
}

/** bbox members of the GeoJSON objects of a document read by the reader (properties not entered). */
function countBboxes(node: unknown): number {
  if (!isJsonObject(node)) return 0;
  let n = "bbox" in node ? 1 : 0;
  const nest = nestingMember(node.type);
  if (nest === undefined || nest === "coordinates") return n;
  const members = node[nest];
  for (const m of Array.isArray(members) ? members : [members]) n += countBboxes(m);
  return n;
}

/** Reads the `geojson` member of a transform request (positions in any CRS, the transform cap). */
export function geoJsonPositions(doc: unknown): PositionSet<SchemaTypes["GeoJSON"]> {
  const read = readGeoJson(doc, { field: "geojson", cap: TRANSFORM_POSITIONS, crs: "any" });
  const positions = read.all;
  // The reader returns every position array as sent: the rebuild finds them by identity.
  const indexOf = new Map<unknown, number>(positions.map((p, i) => [p, i]));
  const copy = (node: unknown, xy: Float64Array, geo: boolean): unknown => {
    if (Array.isArray(node)) {
      const k = indexOf.get(node);
      if (k !== undefined) return [xy[2 * k], xy[2 * k + 1], ...node.slice(2)];
      return node.map((c) => copy(c, xy, geo));
    }
    return isJsonObject(node) ? copyObject(node, xy, geo) : node;
  };
  const copyObject = (node: JsonObject, xy: Float64Array, geo: boolean): JsonObject => {
    const nest = geo ? nestingMember(node.type) : undefined;
    const out: JsonObject = {};
    for (const [key, v] of Object.entries(node)) {
      if (geo && key === "bbox") continue;
      out[key] = key === nest ? copy(v, xy, key !== "coordinates") : structuredClone(v);
    }
    return out;
  };
  return {
    positions,
    pathOf: (i) => positionPath(read, i),
    bboxDropped: countBboxes(doc),
    // The reader has checked the document's GeoJSON structure; the copy keeps it.
    rebuild: (xy) => copy(doc, xy, true) as SchemaTypes["GeoJSON"],
  };
}
