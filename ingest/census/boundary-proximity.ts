// Which real boundaries come within reach of an index cell: a county answer is uncertain where a
// county or state outline does, a district answer where a district or state outline does (a state
// outline is the edge of the coverage: beyond it the true answer is "not found").
//
// An index lookup finds a point's resolution-9 cell and answers with the stored ancestor, so the
// points an entry answers lie within R(r) + R(r+1) + … + R(9) of its centre (each child's centre
// lies inside its parent; R = the cell's largest centre-to-corner distance, shrinking by about
// √7 per level): within 1.65 R(r). An entry with no outline edge within that reach answers every
// one of its points correctly; any other entry is flagged. Distances are local equirectangular
// metres, with 1% and 5 m of slack for the lon/lat approximation and NAD83 vs WGS 84.
import Flatbush from "flatbush";
import { cellToBoundary, cellToLatLng } from "h3-js";
import type { CensusLayers } from "./cell-classifier.ts";
import { METRES_PER_DEGREE } from "./part-index.ts";

export const NEAR_COUNTY = 1;
export const NEAR_DISTRICT = 2;

const REACH_FACTOR = 1.65;
const SLACK_FACTOR = 1.01;
const SLACK_METRES = 5;

/** The cell's largest centre-to-corner distance R, local equirectangular metres. */
function cellRadiusMetres(cell: string): number {
  const [lat, lon] = cellToLatLng(cell);
  const kx = Math.cos((lat * Math.PI) / 180);
  let radius = 0;
  for (const [vlat, vlon] of cellToBoundary(cell))
    radius = Math.max(radius, Math.hypot((vlon - lon) * kx, vlat - lat) * METRES_PER_DEGREE);
  return radius;
}

/** How far from its centre a point the cell answers can be (with slack). */
const answerReachMetres = (radius: number): number => REACH_FACTOR * radius * SLACK_FACTOR + SLACK_METRES;

/**
 * The farthest from a true outline a wrong answer of `cell` can be. A point p the cell answers is
 * within the answer reach of its centre c. The cell answers the unit at c, or (c in no state) the
 * unit holding most of its corners, each within R of c. A wrong answer means an outline separates
 * p from c, or from such a corner q: it lies within |p − q| ≤ reach + R of p.
 */
export function wrongAnswerReachMetres(cell: string): number {
  const radius = cellRadiusMetres(cell);
  return answerReachMetres(radius) + radius;
}

export class BoundaryProximity {
  readonly #edges: Float64Array;
  readonly #tags: Uint8Array;
  readonly #index: Flatbush;

  constructor(layers: CensusLayers) {
    const sources = [
      [layers.states, NEAR_COUNTY | NEAR_DISTRICT],
      [layers.counties, NEAR_COUNTY],
      [layers.districts, NEAR_DISTRICT],
    ] as const;
    let count = 0;
    for (const [layer] of sources) for (const p of layer.parts()) p.index.forEachEdge(() => count++);
    this.#edges = new Float64Array(count * 4);
    this.#tags = new Uint8Array(count);
    this.#index = new Flatbush(count);
    let e = 0;
    for (const [layer, tag] of sources) {
      for (const p of layer.parts()) {
        p.index.forEachEdge((x1, y1, x2, y2) => {
          this.#edges.set([x1, y1, x2, y2], e * 4);
          this.#tags[e] = tag;
          this.#index.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
          e++;
        });
      }
    }
    this.#index.finish();
  }

  /** NEAR_COUNTY | NEAR_DISTRICT bits of the outlines within reach of the points `cell` answers. */
  flags(cell: string): number {
    const [lat, lon] = cellToLatLng(cell);
    const kx = Math.cos((lat * Math.PI) / 180);
    const reach = answerReachMetres(cellRadiusMetres(cell)) / METRES_PER_DEGREE;
    const ed = this.#edges;
    let flags = 0;
    for (const k of this.#index.search(lon - reach / kx, lat - reach, lon + reach / kx, lat + reach)) {
      const tag = this.#tags[k] as number;
      if ((flags & tag) === tag) continue;
      const ax = (ed[k * 4]! - lon) * kx;
      const ay = ed[k * 4 + 1]! - lat;
      const dx = (ed[k * 4 + 2]! - ed[k * 4]!) * kx;
      const dy = ed[k * 4 + 3]! - ed[k * 4 + 1]!;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
      if (Math.hypot(ax + t * dx, ay + t * dy) <= reach) {
        flags |= tag;
        if (flags === (NEAR_COUNTY | NEAR_DISTRICT)) break;
      }
    }
    return flags;
  }
}
