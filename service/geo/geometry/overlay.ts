// POST /v1/geometry/{union,intersect,difference}: planar clipping (GEOS OverlayNG) in longitude/latitude of the
// Polygon and MultiPolygon members of a FeatureCollection or GeometryCollection.
import { checkLimit } from "../limit.ts";
import { Refusal } from "../refusal.ts";
import { type ClipOp, type ClipResult, clip, type MultiPoly } from "./clip.ts";
import { hasLongEdge } from "./ellipsoidal-area.ts";
import { type Geometry, type Position, readGeoJson } from "./geojson-input.ts";
import { OVERLAY_GEOMETRIES, OVERLAY_POSITIONS } from "./limits.ts";

export type OverlayOp = "union" | "intersect" | "difference";

export interface OverlayAnswer {
  op: OverlayOp;
  inputVertices: number;
  notes: string[];
  inputGeometries: number;
  geojson: { type: "Feature"; properties: Record<string, never>; geometry: PolygonalGeometry } | null;
  empty: boolean;
  outputVertices: number;
}

type PolygonalGeometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };

const CLIP_OP: Record<OverlayOp, ClipOp> = {
  union: "union",
  intersect: "intersection",
  difference: "difference",
};

/** The members in document order with their paths; refuses anything that is not a Polygon or MultiPolygon. */
function members(geojson: unknown): { polygons: MultiPoly[]; positions: number; longEdges: boolean } {
  const doc = readGeoJson(geojson, { field: "geojson", cap: OVERLAY_POSITIONS });
  let list: { geometry: Geometry | null; path: string }[];
  if (doc.kind === "FeatureCollection") list = doc.items;
  else if (doc.items[0]?.geometry?.type === "GeometryCollection") {
    const gc = doc.items[0].geometry;
    list = gc.geometries.map((geometry, i) => ({ geometry, path: `$.geojson.geometries[${i}]` }));
  } else {
    throw new Refusal("unsupported_geometry", {
      field: "geojson",
      path: "$.geojson",
      reason: "send a FeatureCollection or GeometryCollection of two or more Polygons or MultiPolygons",
      type: doc.kind === "Feature" ? "Feature" : (doc.items[0]?.geometry?.type ?? null),
    });
  }
  const polygons: MultiPoly[] = [];
  let longEdges = false;
  for (const { geometry, path } of list) {
    if (geometry?.type !== "Polygon" && geometry?.type !== "MultiPolygon") {
      throw new Refusal("unsupported_geometry", {
        field: "geojson",
        path,
        type: geometry?.type ?? null,
        reason: "overlays accept Polygon and MultiPolygon members only",
      });
    }
    const parts = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    const mp = parts
      .filter((p) => p.length > 0)
      .map((p) => p.map((r) => r.map((q) => [q[0], q[1]] as [number, number])));
    polygons.push(mp);
    longEdges ||= parts.some((p) => p.some(hasLongEdge));
  }
  const n = polygons.length;
  checkLimit(OVERLAY_GEOMETRIES, n, { field: "geojson", path: "$.geojson" });
  return { polygons, positions: doc.positions, longEdges };
}

/** The overlay itself on polygons in any planar coordinates (used by the route and the JTS suite). */
export function overlayPolygons(op: OverlayOp, polygons: MultiPoly[]): ClipResult {
  const none: ClipResult = { polygons: [], snapped: null, repaired: false };
  const nonEmpty = polygons.filter((p) => p.length > 0);
  if (op === "intersect" && nonEmpty.length < polygons.length) return none;
  if (op === "difference") {
    const [first, ...rest] = polygons;
    if (!first || first.length === 0) return none;
    const others = rest.filter((p) => p.length > 0);
    return others.length === 0 ? clip("union", first) : clip("difference", first, ...others);
  }
  const [head, ...tail] = nonEmpty;
  if (!head) return none;
  return clip(CLIP_OP[op], head, ...tail);
}

export function overlay(op: OverlayOp, body: { geojson: unknown }): OverlayAnswer {
  const { polygons, positions, longEdges } = members(body.geojson);
  const { polygons: out, snapped, repaired } = overlayPolygons(op, polygons);
  const notes: string[] = [];
  if (longEdges) {
    notes.push(
      "An edge spans more than 180° of longitude; clipping is planar in longitude/latitude, so it runs the long way round.",
    );
  }
  if (repaired) {
    notes.push(
      "A member was not a valid polygon (self-crossing ring or overlapping parts); it was made valid first (GEOS MakeValid, structure method: parts unioned, holes subtracted).",
    );
  }
  if (snapped !== null) {
    notes.push(
      `Floating-point overlay failed; the result was snap-rounded to a grid of ${snapped.toExponential(1)}°.`,
    );
  }
  const outputVertices = out.reduce((s, p) => s + p.reduce((t, r) => t + r.length, 0), 0);
  const geometry: PolygonalGeometry | null =
    out.length === 0
      ? null
      : out.length === 1
        ? { type: "Polygon", coordinates: out[0] as Position[][] }
        : { type: "MultiPolygon", coordinates: out as Position[][][] };
  return {
    op,
    inputVertices: positions,
    notes,
    inputGeometries: polygons.length,
    geojson: geometry ? { type: "Feature", properties: {}, geometry } : null,
    empty: geometry === null,
    outputVertices,
  };
}
