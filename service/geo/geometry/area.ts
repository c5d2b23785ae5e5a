// POST /v1/geometry/area: ellipsoidal (WGS 84) area of every polygon in the document, with edges
// straight in longitude/latitude (default, RFC 7946) or geodesic (GeographicLib's PolygonArea).
import { Refusal } from "../refusal.ts";
import { hasLongEdge, signedRingArea } from "./ellipsoidal-area.ts";
import { geodesicPolygonArea } from "./geodesic-area.ts";
import { type InputDocument, type Position, polygonsOf, readGeoJson } from "./geojson-input.ts";
import { MEASURE_POSITIONS } from "./limits.ts";

export type EdgeModel = "lonlat" | "geodesic";
export const EDGE_MODELS: readonly EdgeModel[] = ["lonlat", "geodesic"];

export interface AreaAnswer {
  op: "area";
  inputVertices: number;
  notes: string[];
  areaSquareMeters: number;
  areaSquareKilometers: number;
  edges: EdgeModel;
  accuracy: string;
}

const fmt = (x: number) => Number(x.toPrecision(2)).toString();

/**
 * Worst relative error of the lon/lat edge model's area against the same integral evaluated to
 * 30 significant digits (decimal.js), measured by `lonlat-area-bound.test.ts` on 1,200 fresh random
 * rings from 1 m to 1,000 km across at latitudes to ±89.9°, rounded up from the worst seen (about
 * 1e-13); that test fails if a fresh set exceeds it.
 */
export const LONLAT_AREA_RELATIVE_ERROR = 1e-12;

/** What the answer's number is exact for; for geodesic edges also how far the lon/lat reading lies. */
function accuracySentence(edges: EdgeModel, ours: number, lonlat: number): string {
  if (edges === "lonlat") {
    return `Edges straight in longitude/latitude (RFC 7946): the area of that region on WGS 84, exact to within ${fmt(LONLAT_AREA_RELATIVE_ERROR * 100)}% (Gauss–Legendre quadrature of Lambert's equal-area map, measured against the same integral to 30 digits). Send edges:"geodesic" for survey-grade geodesic edges and how far the two readings part for this input.`;
  }
  const gap = ours > 0 ? Math.abs(ours - lonlat) / ours : 0;
  return `Geodesic edges on WGS 84 (GeographicLib's PolygonArea, round-off level error); the same vertices joined by straight longitude/latitude lines enclose ${fmt(gap * 100)}% ${lonlat >= ours ? "more" : "less"}.`;
}

export function areaOf(
  doc: InputDocument,
  edges: EdgeModel = "lonlat",
): { squareMeters: number; lonlat: number; notes: string[] } {
  const notes: string[] = [];
  let lonlat = 0;
  let geodesic = 0;
  let polygons = 0;
  let clamped = 0;
  let longEdges = false;
  for (const item of doc.items) {
    if (!item.geometry) continue;
    for (const rings of polygonsOf(item.geometry) as Position[][][]) {
      polygons++;
      const ringAreas = rings.map((r) => Math.abs(signedRingArea(r)));
      const holes = ringAreas.slice(1).reduce((s, a) => s + a, 0);
      const exterior = ringAreas[0] ?? 0;
      if (holes > exterior) clamped++;
      lonlat += Math.max(0, exterior - holes);
      if (edges === "geodesic") geodesic += geodesicPolygonArea(rings);
      longEdges ||= rings.some(hasLongEdge);
    }
  }
  if (polygons === 0) notes.push("No polygon in the input: points and lines have no area.");
  if (clamped > 0)
    notes.push(`${clamped} polygon(s) have holes larger than their exterior ring and count as zero.`);
  if (longEdges) {
    notes.push(
      edges === "lonlat"
        ? "An edge spans more than 180° of longitude; edges are straight in longitude/latitude, so it runs the long way round (RFC 7946 asks for geometries cut at the antimeridian)."
        : "An edge spans more than 180° of longitude in the input; as a geodesic it takes the shorter way, unlike the default longitude/latitude reading.",
    );
  }
  return { squareMeters: edges === "lonlat" ? lonlat : geodesic, lonlat, notes };
}

export function area(body: { geojson: unknown; edges?: unknown }): AreaAnswer {
  const doc = readGeoJson(body.geojson, { field: "geojson", cap: MEASURE_POSITIONS });
  const edges = body.edges ?? "lonlat";
  if (!EDGE_MODELS.includes(edges as EdgeModel)) {
    throw new Refusal("invalid_field", {
      field: "edges",
      path: "$.edges",
      reason: `edges is one of ${EDGE_MODELS.map((e) => `"${e}"`).join(", ")}`,
    });
  }
  const { squareMeters, lonlat, notes } = areaOf(doc, edges as EdgeModel);
  return {
    op: "area",
    inputVertices: doc.positions,
    notes,
    areaSquareMeters: squareMeters,
    areaSquareKilometers: squareMeters / 1e6,
    edges: edges as EdgeModel,
    accuracy: accuracySentence(edges as EdgeModel, squareMeters, lonlat),
  };
}
