// POST /v1/geometry/bbox: naive per-axis extent of every position, with a flag for geometries
// that span the antimeridian (an edge longer than 180° of longitude, or positions on both ±180).
import { Refusal } from "../refusal.ts";
import {
  type Geometry,
  linesOf,
  type Position,
  polygonsOf,
  positionsOf,
  readGeoJson,
} from "./geojson-input.ts";
import { MEASURE_POSITIONS } from "./limits.ts";

export interface BboxAnswer {
  op: "bbox";
  inputVertices: number;
  notes: string[];
  bbox: [number, number, number, number];
  crossesAntimeridian: boolean;
}

function hasAntimeridianEdge(g: Geometry): boolean {
  const paths = [...linesOf(g), ...polygonsOf(g).flat()];
  return paths.some((p) => {
    for (let i = 0; i + 1 < p.length; i++) {
      if (Math.abs((p[i + 1] as Position)[0] - (p[i] as Position)[0]) > 180) return true;
    }
    return false;
  });
}

export function bbox(body: { geojson: unknown }): BboxAnswer {
  const doc = readGeoJson(body.geojson, { field: "geojson", cap: MEASURE_POSITIONS });
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  let longEdge = false;
  for (const item of doc.items) {
    if (!item.geometry) continue;
    for (const [lon, lat] of positionsOf(item.geometry) as Iterable<[number, number]>) {
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
    }
    longEdge ||= hasAntimeridianEdge(item.geometry);
  }
  if (minLon === Infinity) {
    throw new Refusal("invalid_geometry", {
      field: "geojson",
      path: "$.geojson",
      reason: "the input holds no position",
    });
  }
  const bothSides = minLon === -180 && maxLon === 180;
  const crosses = longEdge || bothSides;
  const notes: string[] = [];
  if (longEdge)
    notes.push("An edge spans more than 180° of longitude: it is read as crossing the antimeridian.");
  if (bothSides && !longEdge)
    notes.push("The input reaches both -180 and 180: it is read as cut at the antimeridian.");
  if (crosses)
    notes.push(
      "The longitude range is the naive per-axis extent, so it covers the full width between the two sides.",
    );
  return {
    op: "bbox",
    inputVertices: doc.positions,
    notes,
    bbox: [minLon, minLat, maxLon, maxLat],
    crossesAntimeridian: crosses,
  };
}
