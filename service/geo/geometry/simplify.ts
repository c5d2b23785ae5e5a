// POST /v1/geometry/simplify: Douglas–Peucker per line and ring, in degrees (`tolerance`) or in
// metres (`toleranceMeters`, both axes scaled to metres at the input's centre latitude).
import { checkLimit } from "../limit.ts";
import { Refusal } from "../refusal.ts";
import {
  type OutputCollection,
  type OutputFeature,
  type OutputGeometry,
  shapeAnswer,
} from "./answer-shape.ts";
import { type Planar, simplifyPath } from "./douglas-peucker.ts";
import { DEG, meridionalRadius, primeVerticalRadius } from "./ellipsoid.ts";
import {
  type Geometry,
  type InputDocument,
  type Position,
  positionsOf,
  readGeoJson,
} from "./geojson-input.ts";
import { SIMPLIFY_POSITIONS, SIMPLIFY_TOLERANCE_DEGREES, SIMPLIFY_TOLERANCE_METERS } from "./limits.ts";

export interface SimplifyRequest {
  geojson: unknown;
  toleranceMeters?: number;
  tolerance?: number;
  highQuality?: boolean;
}

export interface SimplifyAnswer {
  op: "simplify";
  inputVertices: number;
  notes: string[];
  geojson: OutputFeature | OutputCollection;
  outputVertices: number;
  toleranceMeters?: number;
  toleranceDegrees: number | { longitude: number | null; latitude: number };
}

/** Metres per degree of longitude and of latitude at φ (degrees). */
export function metresPerDegree(lat: number): { lon: number; lat: number } {
  const phi = lat * DEG;
  const lon = Math.abs(lat) === 90 ? 0 : primeVerticalRadius(phi) * Math.cos(phi) * DEG;
  return { lon, lat: meridionalRadius(phi) * DEG };
}

function simplifyGeometry(g: Geometry, tol: number, planar: Planar, highQuality: boolean): OutputGeometry {
  const line = (l: Position[]) => simplifyPath(l, tol, planar, { highQuality, minPositions: 2 });
  const ring = (r: Position[]) => simplifyPath(r, tol, planar, { highQuality, minPositions: 4 });
  switch (g.type) {
    case "Point":
      return { type: g.type, coordinates: g.coordinates };
    case "MultiPoint":
      return { type: g.type, coordinates: g.coordinates };
    case "LineString":
      return { type: g.type, coordinates: g.coordinates.length > 0 ? line(g.coordinates) : [] };
    case "MultiLineString":
      return { type: g.type, coordinates: g.coordinates.map((l) => (l.length > 0 ? line(l) : l)) };
    case "Polygon":
      return { type: g.type, coordinates: g.coordinates.map(ring) };
    case "MultiPolygon":
      return { type: g.type, coordinates: g.coordinates.map((p) => p.map(ring)) };
    case "GeometryCollection":
      return {
        type: g.type,
        geometries: g.geometries.map((m) => simplifyGeometry(m, tol, planar, highQuality)),
      };
  }
}

function countPositions(g: OutputGeometry | null): number {
  if (!g) return 0;
  return [...positionsOf(g)].length;
}

function centreLatitude(doc: InputDocument): number | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const item of doc.items) {
    if (!item.geometry) continue;
    for (const p of positionsOf(item.geometry)) {
      lo = Math.min(lo, p[1]);
      hi = Math.max(hi, p[1]);
    }
  }
  return lo === Infinity ? null : (lo + hi) / 2;
}

export function simplify(body: SimplifyRequest): SimplifyAnswer {
  const doc = readGeoJson(body.geojson, { field: "geojson", cap: SIMPLIFY_POSITIONS });
  const { toleranceMeters, tolerance } = body;
  if (toleranceMeters !== undefined && tolerance !== undefined) {
    throw new Refusal("conflicting_fields", {
      field: "tolerance",
      path: "$.tolerance",
      fields: ["toleranceMeters", "tolerance"],
    });
  }
  if (toleranceMeters === undefined && tolerance === undefined) {
    throw new Refusal("missing_field", {
      field: "toleranceMeters",
      path: "$.toleranceMeters",
      alternatives: ["toleranceMeters", "tolerance"],
    });
  }
  const notes: string[] = [];
  const highQuality = body.highQuality === true;
  let tol: number;
  let planar: Planar;
  let toleranceDegrees: SimplifyAnswer["toleranceDegrees"];
  if (toleranceMeters !== undefined) {
    checkLimit(SIMPLIFY_TOLERANCE_METERS, toleranceMeters, {
      field: "toleranceMeters",
      path: "$.toleranceMeters",
    });
    const lat = centreLatitude(doc);
    if (lat === null) notes.push("The input holds no position; the tolerance is converted at the equator.");
    const k = metresPerDegree(lat ?? 0);
    tol = toleranceMeters;
    planar = (p) => [p[0] * k.lon, p[1] * k.lat];
    toleranceDegrees = {
      longitude: k.lon > 0 ? toleranceMeters / k.lon : null,
      latitude: toleranceMeters / k.lat,
    };
  } else {
    tol = tolerance as number;
    checkLimit(SIMPLIFY_TOLERANCE_DEGREES, tol, { field: "tolerance", path: "$.tolerance" });
    planar = (p) => [p[0], p[1]];
    toleranceDegrees = tol;
  }
  const geometries = doc.items.map((i) =>
    i.geometry ? simplifyGeometry(i.geometry, tol, planar, highQuality) : null,
  );
  return {
    op: "simplify",
    inputVertices: doc.positions,
    notes,
    geojson: shapeAnswer(doc, geometries),
    outputVertices: geometries.reduce((s, g) => s + countPositions(g), 0),
    ...(toleranceMeters !== undefined ? { toleranceMeters } : {}),
    toleranceDegrees,
  };
}
