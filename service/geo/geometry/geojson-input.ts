// The one GeoJSON reader of every request member that carries GeoJSON (geometry, h3, pip and
// transform routes): a Feature, FeatureCollection or bare Geometry. Checks structure, ring closure
// and every position (position.ts), counts positions against the route's cap, and returns the
// geometries with their document paths and every position in document order. Nothing is
// normalised. Positions are EPSG:4326 and range-checked, except where a route reads them in a CRS
// of the caller's choosing (transform's source: `crs: "any"`, only the arity rule applies).
// Paths are built only for a refusal, never for the (many) good positions.
import { GEOMETRY_TYPES as RFC7946_GEOMETRY_TYPES } from "../geojson/document-structure.ts";
import { isJsonObject, type JsonObject } from "../json-object.ts";
import { checkLimit, type Limit } from "../limit.ts";
import { inLonLatRange, isPosition, type Position, readLonLat, readPosition } from "../position.ts";
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
  /** Every position read, in document order, each the array as sent. */
  all: Position[];
}

export interface ReadOptions {
  /** The request member, e.g. `geojson`; refusals name it and paths start at `$.field`. */
  field: string;
  /** The route's position cap, checked on the count of positions read (`actual` is that count). */
  cap?: Limit;
  /** `EPSG:4326` (default): longitude and latitude range-checked; `any`: a caller's CRS, arity only. */
  crs?: "EPSG:4326" | "any";
}

const GEOMETRY_TYPES = new Set<string>(RFC7946_GEOMETRY_TYPES);
const MAX_DEPTH = 32;

class Reader {
  readonly all: Position[] = [];
  constructor(
    readonly field: string,
    readonly lonLat = true,
  ) {}

  bad(path: string, reason: string): Refusal {
    return new Refusal("invalid_geometry", { field: this.field, path, reason });
  }

  /** The position `v`, at `parent` itself or at its element `index`. */
  position(v: unknown, parent: string, index?: number): Position {
    const p = isPosition(v) && (!this.lonLat || inLonLatRange(v)) ? v : this.refused(v, parent, index);
    this.all.push(p);
    return p;
  }

  /** Reads a position known to break the rule, with its path, for the refusal it throws. */
  refused(v: unknown, parent: string, index?: number): Position {
    const where = { field: this.field, path: index === undefined ? parent : `${parent}[${index}]` };
    return this.lonLat ? readLonLat(v, where) : readPosition(v, where);
  }

  list(v: unknown, path: string): unknown[] {
    if (!Array.isArray(v)) throw this.bad(path, "an array is expected here");
    return v;
  }

  positions(v: unknown, path: string): Position[] {
    const a = this.list(v, path);
    const out = new Array<Position>(a.length);
    for (let i = 0; i < a.length; i++) out[i] = this.position(a[i], path, i);
    return out;
  }

  line(v: unknown, path: string): Position[] {
    const a = this.positions(v, path);
    if (a.length === 1) throw this.bad(path, "a LineString has two or more positions (or none)");
    return a;
  }

  ring(v: unknown, path: string): Position[] {
    const a = this.positions(v, path);
    const [first, last] = [a[0], a[a.length - 1]];
    if (first === undefined || last === undefined || a.length < 4)
      throw this.bad(path, "a linear ring has four or more positions");
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
        return { type, coordinates: this.positions(c, at) };
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
export function readGeoJson(doc: unknown, opts: ReadOptions): InputDocument {
  const root = `$.${opts.field}`;
  const read = readDocument(doc, new Reader(opts.field, opts.crs !== "any"), root);
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
    return { kind: "FeatureCollection", items, positions: r.all.length, all: r.all };
  }
  if (doc.type === "Feature")
    return { kind: "Feature", items: [r.feature(doc, root)], positions: r.all.length, all: r.all };
  const geometry = r.geometry(doc, root, 0);
  return { kind: "Geometry", items: [{ geometry, path: root }], positions: r.all.length, all: r.all };
}

/** Reads one bare geometry at `where` (an element of an array of geometries); null is refused. */
export function readGeometry(value: unknown, where: Where): InputItem {
  return { geometry: new Reader(where.field).geometry(value, where.path, 0), path: where.path };
}

/** Nested coordinates of any geometry type: a position, or arrays of them. */
type Coordinates = Position | Coordinates[];
const isPositionNode = (c: Coordinates): c is Position => typeof c[0] === "number";

/**
 * JSONPath of the `index`-th position read (`doc.all[index]`), found by walking the document
 * again: only refusals need it, so reading builds no path per position.
 */
export function positionPath(doc: InputDocument, index: number): string {
  let left = index;
  const inCoordinates = (c: Coordinates, path: string): string | undefined => {
    if (isPositionNode(c)) return left-- === 0 ? path : undefined;
    for (const [i, child] of c.entries()) {
      const hit = inCoordinates(child, `${path}[${i}]`);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  const inGeometry = (g: Geometry, path: string): string | undefined => {
    if (g.type !== "GeometryCollection") return inCoordinates(g.coordinates, `${path}.coordinates`);
    for (const [i, m] of g.geometries.entries()) {
      const hit = inGeometry(m, `${path}.geometries[${i}]`);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  for (const item of doc.items) {
    const hit = item.geometry === null ? undefined : inGeometry(item.geometry, item.path);
    if (hit !== undefined) return hit;
  }
  throw new RangeError(`no position ${index} in a document of ${doc.positions}`);
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
