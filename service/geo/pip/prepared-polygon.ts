// A polygon prepared for many point-in-polygon queries: a bounding box per part and the part's
// edges binned into horizontal bands, so a query visits only the edges that can cross its ray.
// The decision itself is exact (even-odd crossing parity with a half-open rule and Shewchuk's
// orientation predicate): the bands choose which edges are looked at, never what they answer.
import { orient2d } from "robust-predicates";
import type { PolygonRings, Position } from "../areal-geometry.ts";

export const OUTSIDE = 0;
export const INSIDE = 1;
export const BOUNDARY = 2;
export type Location = typeof OUTSIDE | typeof INSIDE | typeof BOUNDARY;

/** One polygon (exterior ring and holes, combined by the even-odd rule), prepared. */
export interface PreparedPart {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Edge k runs from (edges[4k], edges[4k+1]) to (edges[4k+2], edges[4k+3]). */
  edges: Float64Array;
  bandCount: number;
  /** Band of y: floor((y − minY) · bandScale), clamped to the last band. */
  bandScale: number;
  /** Edges of band b are bandEdges[bandStart[b] .. bandStart[b+1]). */
  bandStart: Uint32Array;
  bandEdges: Uint32Array;
}

/** A Polygon or MultiPolygon: inside when inside any part. */
export interface PreparedPolygon {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  parts: PreparedPart[];
}

/** Edge-to-band incidences allowed per edge on average; bounds memory for long edges. */
const INCIDENCES_PER_EDGE = 8;

export function preparePolygon(parts: readonly PolygonRings[]): PreparedPolygon {
  const prepared = parts.map(preparePart);
  return {
    minX: Math.min(...prepared.map((p) => p.minX)),
    minY: Math.min(...prepared.map((p) => p.minY)),
    maxX: Math.max(...prepared.map((p) => p.maxX)),
    maxY: Math.max(...prepared.map((p) => p.maxY)),
    parts: prepared,
  };
}

export function preparePart(rings: PolygonRings): PreparedPart {
  let n = 0;
  for (const r of rings) n += r.length - 1;
  const edges = new Float64Array(4 * n);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let k = 0;
  for (const ring of rings) {
    let a: Position | undefined;
    for (const b of ring) {
      const from = a;
      a = b;
      if (from === undefined) continue;
      const [ax, ay] = from;
      edges[k++] = ax;
      edges[k++] = ay;
      edges[k++] = b[0];
      edges[k++] = b[1];
      if (ax < minX) minX = ax;
      if (ax > maxX) maxX = ax;
      if (ay < minY) minY = ay;
      if (ay > maxY) maxY = ay;
    }
  }
  const height = maxY - minY;
  // Sum of edge heights in units of the polygon's height: how many edges a horizontal line meets
  // on average. Choosing the band count from it keeps the incidences near INCIDENCES_PER_EDGE · n.
  let spans = 0;
  for (let e = 0; e < n; e++) spans += Math.abs((edges[4 * e + 3] as number) - (edges[4 * e + 1] as number));
  const crossings = height > 0 ? spans / height : 0;
  const bandCount =
    height > 0 ? Math.max(1, Math.min(n, Math.floor((INCIDENCES_PER_EDGE * n) / Math.max(1, crossings)))) : 1;
  const bandScale = height > 0 ? bandCount / height : 0;
  const band = (y: number): number => Math.min(bandCount - 1, Math.floor((y - minY) * bandScale));

  // Each edge's band range, then a counting sort of edges into bands.
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const bandStart = new Uint32Array(bandCount + 1);
  for (let e = 0; e < n; e++) {
    const y0 = edges[4 * e + 1] as number;
    const y1 = edges[4 * e + 3] as number;
    const first = band(Math.min(y0, y1));
    const last = band(Math.max(y0, y1));
    lo[e] = first;
    hi[e] = last;
    for (let b = first; b <= last; b++) bandStart[b + 1] = (bandStart[b + 1] as number) + 1;
  }
  for (let b = 0; b < bandCount; b++)
    bandStart[b + 1] = (bandStart[b + 1] as number) + (bandStart[b] as number);
  const fill = bandStart.slice(0, bandCount);
  const bandEdges = new Uint32Array(bandStart[bandCount] as number);
  for (let e = 0; e < n; e++) {
    for (let b = lo[e] as number; b <= (hi[e] as number); b++) {
      bandEdges[fill[b] as number] = e;
      fill[b] = (fill[b] as number) + 1;
    }
  }
  return { minX, minY, maxX, maxY, edges, bandCount, bandScale, bandStart, bandEdges };
}

/** Where (x, y) lies relative to one part: OUTSIDE, INSIDE or on its BOUNDARY (edge or vertex). */
export function locateInPart(part: PreparedPart, x: number, y: number): Location {
  if (x < part.minX || x > part.maxX || y < part.minY || y > part.maxY) return OUTSIDE;
  const b = Math.min(part.bandCount - 1, Math.floor((y - part.minY) * part.bandScale));
  const { edges, bandEdges } = part;
  const end = part.bandStart[b + 1] as number;
  let inside = false;
  for (let k = part.bandStart[b] as number; k < end; k++) {
    const e = 4 * (bandEdges[k] as number);
    const x0 = edges[e] as number;
    const y0 = edges[e + 1] as number;
    const x1 = edges[e + 2] as number;
    const y1 = edges[e + 3] as number;
    const above1 = y1 > y;
    if (y0 > y !== above1) {
      // The edge crosses the horizontal line through the point (half-open in y).
      if (x0 > x && x1 > x) {
        inside = !inside;
        continue;
      }
      if (x0 < x && x1 < x) continue;
      const o = orient2d(x0, y0, x1, y1, x, y);
      if (o === 0) return BOUNDARY;
      // orient2d is negative when the point is left of the directed edge. An upward edge with
      // the point on its left, or a downward edge with the point on its right, crosses the
      // ray that runs from the point towards +x.
      if (o < 0 === above1) inside = !inside;
    } else if ((y0 === y || y1 === y) && x >= Math.min(x0, x1) && x <= Math.max(x0, x1)) {
      // An endpoint or a horizontal edge on the point's line: the point may lie on it.
      if (orient2d(x0, y0, x1, y1, x, y) === 0) return BOUNDARY;
    }
  }
  return inside ? INSIDE : OUTSIDE;
}

/** INSIDE if inside any part, else BOUNDARY if on the boundary of any part, else OUTSIDE. */
export function locateInPolygon(poly: PreparedPolygon, x: number, y: number): Location {
  if (x < poly.minX || x > poly.maxX || y < poly.minY || y > poly.maxY) return OUTSIDE;
  let result: Location = OUTSIDE;
  for (const part of poly.parts) {
    const where = locateInPart(part, x, y);
    if (where === INSIDE) return INSIDE;
    if (where === BOUNDARY) result = BOUNDARY;
  }
  return result;
}
