// Polygon and MultiPolygon geometries read from a request: every ring closed with at least four
// positions, every position in EPSG:4326 range. Anything else is refused with its path.
import { ApiError } from "../errors.ts";
import { readPosition } from "./position-list.ts";

/** A closed ring of `[lon, lat]` positions, exactly as sent (first equals last). */
export type Ring = number[][];
/** One polygon: ring 0 is the exterior, the others are holes. */
export type PolygonRings = Ring[];

export interface ArealGeometry {
  type: "Polygon" | "MultiPolygon";
  /** One entry per polygon (a Polygon has one part). */
  parts: PolygonRings[];
  /** Positions read, closing positions included. */
  positions: number;
}

const GEOJSON_TYPES = new Set([
  "Point",
  "MultiPoint",
  "LineString",
  "MultiLineString",
  "Polygon",
  "MultiPolygon",
  "GeometryCollection",
]);

export interface Where {
  field: string;
  path: string;
}

/** Reads a GeoJSON geometry that must be a Polygon or a MultiPolygon; other types are refused by name. */
export function readArealGeometry(value: unknown, where: Where): ArealGeometry {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("invalid_geometry", { ...where, reason: "a geometry must be a JSON object" });
  }
  const g = value as { type?: unknown; coordinates?: unknown };
  if (typeof g.type !== "string" || !GEOJSON_TYPES.has(g.type)) {
    throw new ApiError("invalid_geometry", {
      ...where,
      path: `${where.path}.type`,
      reason: "not a GeoJSON geometry type",
      type: g.type ?? null,
    });
  }
  if (g.type !== "Polygon" && g.type !== "MultiPolygon") {
    throw new ApiError("unsupported_geometry", {
      ...where,
      type: g.type,
      accepted: ["Polygon", "MultiPolygon"],
    });
  }
  const at = { field: where.field, path: `${where.path}.coordinates` };
  const counter = { positions: 0 };
  if (g.type === "Polygon")
    return {
      type: "Polygon",
      parts: [readPolygon(g.coordinates, at, counter)],
      positions: counter.positions,
    };
  const polys = asArray(g.coordinates, at, "MultiPolygon coordinates must be an array of polygons");
  const parts = polys.map((p, k) => readPolygon(p, { field: at.field, path: `${at.path}[${k}]` }, counter));
  return { type: "MultiPolygon", parts, positions: counter.positions };
}

function readPolygon(value: unknown, where: Where, counter: { positions: number }): PolygonRings {
  const rings = asArray(value, where, "Polygon coordinates must be an array of rings");
  if (rings.length === 0)
    throw new ApiError("invalid_geometry", { ...where, reason: "a polygon needs an exterior ring" });
  return rings.map((r, i) => readRing(r, { field: where.field, path: `${where.path}[${i}]` }, counter));
}

function readRing(value: unknown, where: Where, counter: { positions: number }): Ring {
  const ring = asArray(value, where, "a ring must be an array of positions");
  ring.forEach((p, i) => {
    readPosition(p, { field: where.field, path: `${where.path}[${i}]` });
  });
  counter.positions += ring.length;
  if (ring.length < 4)
    throw new ApiError("invalid_geometry", {
      ...where,
      reason: "a ring needs at least four positions",
      positions: ring.length,
    });
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    throw new ApiError("invalid_geometry", {
      ...where,
      reason: "the ring is not closed (first and last positions differ)",
    });
  }
  return ring as Ring;
}

function asArray(value: unknown, where: Where, reason: string): unknown[] {
  if (!Array.isArray(value)) throw new ApiError("invalid_geometry", { ...where, reason });
  return value;
}
