// POST /v1/geometry/area: ellipsoidal (WGS 84) area of every polygon in the document.
import { hasLongEdge, polygonArea, signedRingArea } from "./ellipsoidal-area.ts";
import { type InputDocument, polygonsOf, readGeoJson } from "./geojson-input.ts";
import { MEASURE_POSITIONS } from "./limits.ts";

export interface AreaAnswer {
  op: "area";
  inputVertices: number;
  notes: string[];
  areaSquareMeters: number;
  areaSquareKilometers: number;
}

export function areaOf(doc: InputDocument): { squareMeters: number; notes: string[] } {
  const notes: string[] = [];
  let total = 0;
  let polygons = 0;
  let clamped = 0;
  let longEdges = false;
  for (const item of doc.items) {
    if (!item.geometry) continue;
    for (const rings of polygonsOf(item.geometry)) {
      polygons++;
      const holes = rings.slice(1).reduce((s, r) => s + Math.abs(signedRingArea(r)), 0);
      if (holes > Math.abs(signedRingArea(rings[0] ?? []))) clamped++;
      total += polygonArea(rings);
      longEdges ||= rings.some(hasLongEdge);
    }
  }
  if (polygons === 0) notes.push("No polygon in the input: points and lines have no area.");
  if (clamped > 0)
    notes.push(`${clamped} polygon(s) have holes larger than their exterior ring and count as zero.`);
  if (longEdges) {
    notes.push(
      "An edge spans more than 180° of longitude; edges are straight in longitude/latitude, so it runs the long way round (RFC 7946 asks for geometries cut at the antimeridian).",
    );
  }
  return { squareMeters: total, notes };
}

export function area(body: { geojson: unknown }): AreaAnswer {
  const doc = readGeoJson(body.geojson, { field: "geojson", cap: MEASURE_POSITIONS });
  const { squareMeters, notes } = areaOf(doc);
  return {
    op: "area",
    inputVertices: doc.positions,
    notes,
    areaSquareMeters: squareMeters,
    areaSquareKilometers: squareMeters / 1e6,
  };
}
