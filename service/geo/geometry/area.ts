// POST /v1/geometry/area: ellipsoidal (WGS 84) area of every polygon in the document, with edges
// straight in longitude/latitude (default, RFC 7946) or geodesic (GeographicLib's PolygonArea).
import { Refusal } from "../refusal.ts";
import { hasLongEdge, polygonArea, signedRingArea } from "./ellipsoidal-area.ts";
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

/** What the answer's number is exact for, and how far the other edge model's area lies from it. */
function accuracySentence(edges: EdgeModel, ours: number, other: number): string {
  const gap = ours > 0 ? Math.abs(ours - other) / ours : 0;
  const between = `the same vertices joined by ${edges === "lonlat" ? "geodesics" : "straight longitude/latitude lines"} enclose ${fmt(gap * 100)}% ${other >= ours ? "more" : "less"}`;
  return edges === "lonlat"
    ? `Edges straight in longitude/latitude (RFC 7946): the area of that region on WGS 84, exact to within 1e-8% (Gauss–Legendre quadrature of Lambert's equal-area map, checked against GeographicLib on edges densified 8192×); ${between}. Send edges:"geodesic" for survey-grade geodesic edges.`
    : `Geodesic edges on WGS 84 (GeographicLib's PolygonArea, round-off level error); ${between}.`;
}

export function areaOf(
  doc: InputDocument,
  edges: EdgeModel = "lonlat",
): { squareMeters: number; other: number; notes: string[] } {
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
      const holes = rings.slice(1).reduce((s, r) => s + Math.abs(signedRingArea(r)), 0);
      if (holes > Math.abs(signedRingArea(rings[0] ?? []))) clamped++;
      lonlat += polygonArea(rings);
      geodesic += geodesicPolygonArea(rings);
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
  return edges === "lonlat"
    ? { squareMeters: lonlat, other: geodesic, notes }
    : { squareMeters: geodesic, other: lonlat, notes };
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
  const { squareMeters, other, notes } = areaOf(doc, edges as EdgeModel);
  return {
    op: "area",
    inputVertices: doc.positions,
    notes,
    areaSquareMeters: squareMeters,
    areaSquareKilometers: squareMeters / 1e6,
    edges: edges as EdgeModel,
    accuracy: accuracySentence(edges as EdgeModel, squareMeters, other),
  };
}
