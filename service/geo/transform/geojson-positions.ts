// GeoJSON (Feature, FeatureCollection or bare Geometry) → positions, and the rebuilt document.

import type { SchemaTypes } from "../../types/schema-types.ts";
import { isJsonObject, type JsonObject } from "../json-object.ts";
import { isPosition, readPosition } from "../position.ts";
import { Refusal } from "../refusal.ts";
import { checkPositionCount, type PositionSet } from "./position-walk.ts";

const GEOMETRY_DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

/** The member through which each GeoJSON object nests (everything else is a property or foreign member). */
function nestingMember(type: unknown): string | undefined {
  if (type === "FeatureCollection") return "features";
  if (type === "Feature") return "geometry";
  if (type === "GeometryCollection") return "geometries";
  return typeof type === "string" && type in GEOMETRY_DEPTH ? "coordinates" : undefined;
}

function invalid(path: string, reason: string): Refusal {
  return new Refusal("invalid_geometry", { field: "geojson", path, reason });
}

/** Reads a GeoJSON document; `root` is the JSONPath of the document (e.g. `$.geojson`). */
export function readGeoJson(doc: unknown, root = "$.geojson"): PositionSet<SchemaTypes["GeoJSON"]> {
  const positions: number[][] = [];
  // Each position's JSONPath as its parent array's path and its index there (−1: the path itself),
  // so no string is built per position unless a refusal asks for it.
  const parents: string[] = [];
  const indices: number[] = [];
  let bboxDropped = 0;

  const coords = (node: unknown, depth: number, path: string): void => {
    if (!Array.isArray(node)) throw invalid(path, "coordinates must be arrays");
    if (depth === 0) {
      positions.push(readPosition(node, { field: "geojson", path }));
      parents.push(path);
      indices.push(-1);
      return;
    }
    for (let i = 0; i < node.length; i++) {
      const child = node[i];
      if (depth === 1) {
        positions.push(
          isPosition(child) ? child : readPosition(child, { field: "geojson", path: `${path}[${i}]` }),
        );
        parents.push(path);
        indices.push(i);
        continue;
      }
      coords(child, depth - 1, `${path}[${i}]`);
    }
  };

  const geometry = (g: unknown, path: string): void => {
    if (!isJsonObject(g)) throw invalid(path, "a geometry must be an object");
    if ("bbox" in g) bboxDropped++;
    const type = g.type;
    if (type === "GeometryCollection") {
      if (!Array.isArray(g.geometries))
        throw invalid(`${path}.geometries`, "GeometryCollection needs geometries");
      g.geometries.forEach((m, i) => {
        geometry(m, `${path}.geometries[${i}]`);
      });
      return;
    }
    const depth = typeof type === "string" ? GEOMETRY_DEPTH[type] : undefined;
    if (depth === undefined) throw invalid(`${path}.type`, `unknown geometry type ${String(type)}`);
    coords(g.coordinates, depth, `${path}.coordinates`);
  };

  const feature = (f: unknown, path: string): void => {
    if (!isJsonObject(f) || f.type !== "Feature") throw invalid(path, "expected a Feature");
    if ("bbox" in f) bboxDropped++;
    if (f.geometry !== null) geometry(f.geometry, `${path}.geometry`);
  };

  if (!isJsonObject(doc)) throw invalid(root, "geojson must be an object");
  if (doc.type === "FeatureCollection") {
    if ("bbox" in doc) bboxDropped++;
    if (!Array.isArray(doc.features)) throw invalid(`${root}.features`, "FeatureCollection needs features");
    doc.features.forEach((f, i) => {
      feature(f, `${root}.features[${i}]`);
    });
  } else if (doc.type === "Feature") {
    feature(doc, root);
  } else {
    geometry(doc, root);
  }

  checkPositionCount(positions.length, "geojson", root);

  // Rebuild: copy every member except bbox; position arrays get the new x, y.
  // bbox is dropped only where GeoJSON defines it (on the document, features and geometries);
  // foreign members and properties are copied verbatim.
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
    pathOf: (i) => {
      const parent = parents[i];
      if (parent === undefined) return root;
      const k = indices[i] as number;
      return k < 0 ? parent : `${parent}[${k}]`;
    },
    bboxDropped,
    // The walk above has checked the document's GeoJSON structure; the copy keeps it.
    rebuild: (xy) => copyObject(doc, xy, true) as SchemaTypes["GeoJSON"],
  };
}
