// Point-in-polygon for one polygon (outer ring + holes) indexed by latitude strips, so a test
// reads only the edges crossing the point's strip. Even-odd rule over all rings; edges are
// straight in lon/lat (the cb_* files' edges are short, far below the index resolution).
import type { PolygonRings } from "./boundary-features.ts";
import { type Bbox, ringsBbox } from "./ring-geometry.ts";

const EDGES_PER_STRIP = 6;
const MAX_STRIPS = 1 << 16;
export const METRES_PER_DEGREE = 111_195;

export class PartIndex {
  readonly bbox: Bbox;
  /** Edges as x1, y1, x2, y2 (lon, lat degrees). */
  readonly #edges: Float64Array;
  readonly #stripStart: Int32Array;
  readonly #stripEdges: Int32Array;
  readonly #stripHeight: number;

  constructor(rings: PolygonRings) {
    this.bbox = ringsBbox(rings);
    let count = 0;
    for (const ring of rings) count += ring.length / 2;
    const edges = new Float64Array(count * 4);
    let e = 0;
    for (const ring of rings) {
      const n = ring.length / 2;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const x1 = ring[i * 2]!;
        const y1 = ring[i * 2 + 1]!;
        const x2 = ring[j * 2]!;
        const y2 = ring[j * 2 + 1]!;
        if (x1 === x2 && y1 === y2) continue;
        edges.set([x1, y1, x2, y2], e * 4);
        e++;
      }
    }
    this.#edges = edges.subarray(0, e * 4);
    const strips = Math.max(1, Math.min(MAX_STRIPS, Math.ceil(e / EDGES_PER_STRIP)));
    this.#stripHeight = (this.bbox.maxLat - this.bbox.minLat) / strips || 1;
    const counts = new Int32Array(strips + 1);
    this.#forEachStrip(e, strips, (s) => {
      counts[s + 1]!++;
    });
    for (let s = 0; s < strips; s++) counts[s + 1]! += counts[s]!;
    this.#stripStart = counts;
    const fill = counts.slice(0, strips);
    const list = new Int32Array(counts[strips]!);
    this.#forEachStrip(e, strips, (s, edge) => {
      list[fill[s]!++] = edge;
    });
    this.#stripEdges = list;
  }

  #strip(lat: number, strips: number): number {
    const s = Math.floor((lat - this.bbox.minLat) / this.#stripHeight);
    return s < 0 ? 0 : s >= strips ? strips - 1 : s;
  }

  #forEachStrip(edgeCount: number, strips: number, fn: (strip: number, edge: number) => void): void {
    const ed = this.#edges;
    for (let k = 0; k < edgeCount; k++) {
      const a = this.#strip(Math.min(ed[k * 4 + 1]!, ed[k * 4 + 3]!), strips);
      const b = this.#strip(Math.max(ed[k * 4 + 1]!, ed[k * 4 + 3]!), strips);
      for (let s = a; s <= b; s++) fn(s, k);
    }
  }

  /** True when (lon, lat) is inside the polygon (even-odd rule; a point on an edge may go either way). */
  contains(lon: number, lat: number): boolean {
    const b = this.bbox;
    if (lon < b.minLon || lon > b.maxLon || lat < b.minLat || lat > b.maxLat) return false;
    const strips = this.#stripStart.length - 1;
    const s = this.#strip(lat, strips);
    const ed = this.#edges;
    const list = this.#stripEdges;
    let inside = false;
    for (let i = this.#stripStart[s]!, end = this.#stripStart[s + 1]!; i < end; i++) {
      const k = list[i]! * 4;
      const y1 = ed[k + 1]!;
      const y2 = ed[k + 3]!;
      if (y1 > lat === y2 > lat) continue;
      const x1 = ed[k]!;
      const xCross = x1 + ((lat - y1) * (ed[k + 2]! - x1)) / (y2 - y1);
      if (lon < xCross) inside = !inside;
    }
    return inside;
  }

  /** Approximate distance in metres from (lon, lat) to the nearest edge (local equirectangular). */
  distanceMetres(lon: number, lat: number): number {
    const ed = this.#edges;
    const kx = Math.cos((lat * Math.PI) / 180);
    let best = Infinity;
    for (let k = 0; k < ed.length; k += 4) {
      const ax = (ed[k]! - lon) * kx;
      const ay = ed[k + 1]! - lat;
      const dx = (ed[k + 2]! - ed[k]!) * kx;
      const dy = ed[k + 3]! - ed[k + 1]!;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
      const px = ax + t * dx;
      const py = ay + t * dy;
      const d2 = px * px + py * py;
      if (d2 < best) best = d2;
    }
    return Math.sqrt(best) * METRES_PER_DEGREE;
  }

  /** Calls fn(x1, y1, x2, y2) for every edge (boundary tracing). */
  forEachEdge(fn: (x1: number, y1: number, x2: number, y2: number) => void): void {
    const ed = this.#edges;
    for (let k = 0; k < ed.length; k += 4) fn(ed[k]!, ed[k + 1]!, ed[k + 2]!, ed[k + 3]!);
  }
}
