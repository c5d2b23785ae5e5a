// The one GeoJSON reader of the request members that carry GeoJSON in EPSG:4326 (geometry, h3 and
// pip routes): a Feature, FeatureCollection or bare Geometry. Checks structure, ring closure and
// every position (position.ts), counts positions against the route's cap, and returns the
// geometries with their document paths. Nothing is normalised.
import { GEOMETRY_TYPES as RFC7946_GEOMETRY_TYPES } from "../geojson/document-structure.ts";
import { isJsonObject, type JsonObject } from "../json-object.ts";
import { checkLimit, type Limit } from "../limit.ts";
import { type Position, readLonLat } from "../position.ts";
import { Refusal, type Where } from "../refusal.ts";

export type { Position } from "../position.ts";

export type Geometry =
  | { type: "Point"; coordinates: Position }
  | { type: "MultiPoint"; coordinates: Position[] }
  | { type: "LineString"; coordinates: Position[] }
  | { type: "MultiLineString"; coordinates: Position[][] }
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] }
  | { type: "GeometryCollection"; geometries: Geometry[] };

export type GeometryType = Geometry["type"];

/** One geometry of the document: a Feature's geometry or a bare geometry. */
export interface InputItem {
  geometry: Geometry | null;
  /** Path of the geometry object, e.g. `$.geojson.features[2].geometry`. */
  path: string;
  /** Set when the geometry came from a Feature: its id and properties, kept for the answer. */
  feature?: { id?: string | number; properties: Record<string, unknown> | null };
}

export interface InputDocument {
  /** What was posted at the top level. */
  kind: "Feature" | "FeatureCollection" | "Geometry";
  items: InputItem[];
  /** Positions read (closing positions of rings included): the number the cap applies to. */
  positions: number;
}

const GEOMETRY_TYPES = new Set<string>(RFC7946_GEOMETRY_TYPES);
const MAX_DEPTH = 32;

class Reader {
  positions = 0;
  constructor(readonly field: string) {}

  bad(path: string, reason: string): Refusal {
    return new Refusal("invalid_geometry", { field: this.field, path, reason });
  }

  position(v: unknown, path: string): Position {
    this.positions++;
    return readLonLat(v, { field: this.field, path });
  }

  list(v: unknown, path: string): unknown[] {
    if (!Array.isArray(v)) throw this.bad(path, "an array is expected here");
    return v;
  }

  line(v: unknown, path: string): Position[] {
    const a = this.list(v, path).map((p, i) => this.position(p, `${path}[${i}]`));
    if (a.length === 1) throw this.bad(path, "a LineString has two or more positions (or none)");
    return a;
  }

  ring(v: unknown, path: string): Position[] {
    const a = this.list(v, path).map((p, i) => this.position(p, `${path}[${i}]`));
    if (a.length < 4) throw this.bad(path, "a linear ring has four or more positions");
    const first = a[0] as Position;
    const last = a[a.length - 1] as Position;
    if (first[0] !== last[0] || first[1] !== last[1]) {
      throw this.bad(path, "a linear ring is closed: its last position equals its first");
    }
    return a;
  }

  polygon(v: unknown, path: string): Position[][] {
    return this.list(v, path).map((r, i) => this.ring(r, `${path}[${i}]`));
  }

  geometry(v: unknown, path: string, depth: number): Geometry {
    if (!isJsonObject(v)) throw this.bad(path, "a geometry is an object");
    if (depth > MAX_DEPTH) throw this.bad(path, `geometry collections nest at most ${MAX_DEPTH} deep`);
    const type = v.type;
    if (typeof type !== "string" || !GEOMETRY_TYPES.has(type)) {
      throw this.bad(`${path}.type`, "not a GeoJSON geometry type");
    }
    if (type === "GeometryCollection") {
      const geometries = this.list(v.geometries, `${path}.geometries`).map((g, i) =>
        this.geometry(g, `${path}.geometries[${i}]`, depth + 1),
      );
      return { type, geometries };
    }
    const at = `${path}.coordinates`;
    const c = v.coordinates;
    switch (type) {
      case "Point":
        return { type, coordinates: this.position(this.list(c, at), at) };
      case "MultiPoint":
        return { type, coordinates: this.list(c, at).map((p, i) => this.position(p, `${at}[${i}]`)) };
      case "LineString":
        return { type, coordinates: this.line(c, at) };
      case "MultiLineString":
        return { type, coordinates: this.list(c, at).map((l, i) => this.line(l, `${at}[${i}]`)) };
      case "Polygon":
        return { type, coordinates: this.polygon(c, at) };
      default:
        return {
          type: "MultiPolygon",
          coordinates: this.list(c, at).map((p, i) => this.polygon(p, `${at}[${i}]`)),
        };
    }
  }

  feature(v: JsonObject, path: string): InputItem {
    const g = v.geometry;
    const geometry = g === null || g === undefined ? null : this.geometry(g, `${path}.geometry`, 0);
    const p = v.properties;
    if (p !== undefined && p !== null && !isJsonObject(p))
      throw this.bad(`${path}.properties`, "properties is an object or null");
    const id = v.id;
    if (id !== undefined && typeof id !== "string" && typeof id !== "number") {
      throw this.bad(`${path}.id`, "a Feature id is a string or a number");
    }
    const feature: InputItem["feature"] = { properties: (p as JsonObject | undefined) ?? null };
    if (id !== undefined) feature.id = id;
    return { geometry, path: `${path}.geometry`, feature };
  }
}

/**
 * Reads a GeoJSON document. Throws invalid_geometry (structure), invalid_field (a malformed
 * position), coordinate_out_of_range, or limit_exceeded (the position cap, with the count of
 * positions as `actual`), each with field and path.
 */
export function readGeoJson(doc: unknown, opts: { field: string; cap?: Limit }): InputDocument {
  const root = `$.${opts.field}`;
  const read = readDocument(doc, new Reader(opts.field), root);
  if (opts.cap) checkLimit(opts.cap, read.positions, { field: opts.field, path: root });
  return read;
}

function readDocument(doc: unknown, r: Reader, root: string): InputDocument {
  if (!isJsonObject(doc)) throw r.bad(root, "a GeoJSON object is expected");
  if (doc.type === "FeatureCollection") {
    const features = r.list(doc.features, `${root}.features`);
    const items = features.map((f, i) => {
      const at = `${root}.features[${i}]`;
      if (!isJsonObject(f) || f.type !== "Feature") throw r.bad(at, "a FeatureCollection holds Features");
      return r.feature(f, at);
    });
    return { kind: "FeatureCollection", items, positions: r.positions };
  }
  if (doc.type === "Feature")
    return { kind: "Feature", items: [r.feature(doc, root)], positions: r.positions };
  const geometry = r.geometry(doc, root, 0);
  return { kind: "Geometry", items: [{ geometry, path: root }], positions: r.positions };
}

/** Reads one bare geometry at `where` (an element of an array of geometries); null is refused. */
export function readGeometry(value: unknown, where: Where): InputItem {
  return { geometry: new Reader(where.field).geometry(value, where.path, 0), path: where.path };
}

/** Every position of a geometry, in document order (closing positions included). */
export function* positionsOf(g: Geometry): Generator<Position> {
  switch (g.type) {
    case "Point":
      yield g.coordinates;
      return;
    case "MultiPoint":
    case "LineString":
      yield* g.coordinates;
      return;
    case "MultiLineString":
    case "Polygon":
      for (const l of g.coordinates) yield* l;
      return;
    case "MultiPolygon":
      for (const p of g.coordinates) for (const r of p) yield* r;
      return;
    case "GeometryCollection":
      for (const m of g.geometries) yield* positionsOf(m);
  }
}

/** The polygons (lists of rings) of a geometry, collections flattened. */
export function polygonsOf(g: Geometry): Position[][][] {
  switch (g.type) {
    case "Polygon":
      return g.coordinates.length > 0 ? [g.coordinates] : [];
    case "MultiPolygon":
      return g.coordinates.filter((p) => p.length > 0);
    case "GeometryCollection":
      return g.geometries.flatMap(polygonsOf);
    default:
      return [];
  }
}

/** The lines (LineString members) of a geometry, collections flattened; empty lines skipped. */
export function linesOf(g: Geometry): Position[][] {
  switch (g.type) {
    case "LineString":
      return g.coordinates.length > 0 ? [g.coordinates] : [];
    case "MultiLineString":
      return g.coordinates.filter((l) => l.length > 0);
    case "GeometryCollection":
      return g.geometries.flatMap(linesOf);
    default:
      return [];
  }
}

/** The points of a geometry, collections flattened. */
export function pointsOf(g: Geometry): Position[] {
  switch (g.type) {
    case "Point":
      return [g.coordinates];
    case "MultiPoint":
      return g.coordinates;
    case "GeometryCollection":
      return g.geometries.flatMap(pointsOf);
    default:
      return [];
  }
}
