// The positions of a transform request's `geojson` (Feature, FeatureCollection or bare Geometry),
// read by the one GeoJSON reader in the source CRS, and the answer rebuilt in exactly the shape
// sent: every member, id and property is copied except `bbox` members where GeoJSON defines them
// (on the document, features and geometries: dropped, counted); positions get the new x, y and
// keep everything after y.
import type { SchemaTypes } from "../../types/schema-types.ts";
import { GEOMETRY_TYPES } from "../geojson/document-structure.ts";
import { positionPath, readGeoJson } from "../geometry/geojson-input.ts";
import { isJsonObject, type JsonObject } from "../json-object.ts";
import { answerPosition, type PositionSet, TRANSFORM_POSITIONS } from "./position-walk.ts";

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
  // The rebuild walks the document the way the reader did (the nesting members in order, each
  // geometry's coordinates depth first), so the k-th position array it meets is positions[k]:
  // a counter, no lookup by identity.
  let next = 0;
  const copyCoordinates = (node: unknown[], xy: Float64Array): unknown[] => {
    if (typeof node[0] === "number") return answerPosition(xy, next++, node);
    const out = new Array<unknown>(node.length);
    for (let i = 0; i < node.length; i++) out[i] = copyCoordinates(node[i] as unknown[], xy);
    return out;
  };
  const copy = (node: unknown, xy: Float64Array): unknown => {
    if (Array.isArray(node)) return node.map((c) => copy(c, xy));
    return isJsonObject(node) ? copyObject(node, xy) : node;
  };
  const copyObject = (node: JsonObject, xy: Float64Array): JsonObject => {
    const nest = nestingMember(node.type);
    const out: JsonObject = {};
    for (const key in node) {
      if (key === "bbox") continue;
      const v = node[key];
      if (key === "coordinates" && key === nest) out[key] = copyCoordinates(v as unknown[], xy);
      else if (key === nest) out[key] = copy(v, xy);
      else out[key] = typeof v === "object" && v !== null ? structuredClone(v) : v;
    }
    return out;
  };
  return {
    positions,
    pathOf: (i) => positionPath(read, i),
    bboxDropped: countBboxes(doc),
    // The reader has checked the document's GeoJSON structure; the copy keeps it.
    rebuild: (xy) => {
      next = 0;
      const out = copy(doc, xy) as SchemaTypes["GeoJSON"];
      if (next !== positions.length)
        throw new Error(`GeoJSON rebuild met ${next} positions where the reader read ${positions.length}`);
      return out;
    },
  };
}
