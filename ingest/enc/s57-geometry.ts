// Geometry of S-57 features: points and soundings from isolated nodes (SG2D/SG3D), area rings
// from edges (begin node, SG2D vertices, end node) oriented by the feature's ORNT and chained end
// to start. Coordinates are divided by COMF (positions) and SOMF (sounding depths).
import { EncInputError } from "./enc-input-error.ts";
import {
  type FeatureRecord,
  RCNM,
  type S57Records,
  type SpatialPointer,
  type VectorRecord,
  vectorKey,
} from "./s57-records.ts";

/** A position `[lon, lat]`, or `[lon, lat, depth]` for a sounding. */
export type Position = number[];

/** Rings of an area feature, each closed (first position repeated last); the exterior ring first. */
export interface AreaGeometry {
  exterior: Position[];
  holes: Position[][];
}

function vector(rec: S57Records, rcnm: number, rcid: number, owner: string): VectorRecord {
  const v = rec.vectors.get(vectorKey(rcnm, rcid));
  if (!v)
    throw new EncInputError("malformed", `S-57: ${owner} points at missing vector record ${rcnm}/${rcid}`);
  return v;
}

/** Positions of a point feature: one for most classes, one per sounding for SOUNDG (with depth). */
export function pointPositions(rec: S57Records, f: FeatureRecord): Position[] {
  const { comf, somf } = rec.dataset;
  const out: Position[] = [];
  for (const p of f.spatial) {
    const v = vector(rec, p.rcnm, p.rcid, `feature ${f.rcid}`);
    const step = v.dimension;
    for (let i = 0; i + step <= v.coords.length; i += step) {
      const y = v.coords[i] as number;
      const x = v.coords[i + 1] as number;
      out.push(step === 3 ? [x / comf, y / comf, (v.coords[i + 2] as number) / somf] : [x / comf, y / comf]);
    }
  }
  return out;
}

/** Raw [y, x] integer vertices of an edge from its begin node to its end node. */
function edgeVertices(rec: S57Records, edge: VectorRecord): number[] {
  const node = (topology: number): number[] => {
    const ptr = edge.pointers.find((p) => p.topology === topology);
    if (!ptr)
      throw new EncInputError(
        "malformed",
        `S-57: edge ${edge.rcid} has no ${topology === 1 ? "begin" : "end"} node`,
      );
    const n = vector(rec, ptr.rcnm, ptr.rcid, `edge ${edge.rcid}`);
    return [n.coords[0] as number, n.coords[1] as number];
  };
  return [...node(1), ...edge.coords, ...node(2)];
}

interface OrientedEdge {
  /** [y0, x0, y1, x1, ...] in travel order. */
  vertices: number[];
  interior: boolean;
}

function orient(rec: S57Records, p: SpatialPointer, owner: string): OrientedEdge {
  if (p.rcnm !== RCNM.edge)
    throw new EncInputError("malformed", `S-57: area ${owner} points at record type ${p.rcnm}, not an edge`);
  const vs = edgeVertices(rec, vector(rec, p.rcnm, p.rcid, owner));
  if (p.orientation === 2) {
    const rev: number[] = [];
    for (let i = vs.length - 2; i >= 0; i -= 2) rev.push(vs[i] as number, vs[i + 1] as number);
    return { vertices: rev, interior: p.usage === 2 };
  }
  return { vertices: vs, interior: p.usage === 2 };
}

const same = (a: number[], i: number, b: number[], j: number): boolean =>
  a[i] === b[j] && a[i + 1] === b[j + 1];

/** Chains oriented edges into closed rings; an edge may be reversed when only its end matches. */
function chain(edges: OrientedEdge[], owner: string): { vertices: number[]; interior: boolean }[] {
  const used = new Array<boolean>(edges.length).fill(false);
  const rings: { vertices: number[]; interior: boolean }[] = [];
  for (let s = 0; s < edges.length; s++) {
    if (used[s]) continue;
    used[s] = true;
    const start = edges[s] as OrientedEdge;
    const ring = [...start.vertices];
    let interior = start.interior;
    while (!same(ring, ring.length - 2, ring, 0) || ring.length < 8) {
      const endAt = ring.length - 2;
      let next = -1;
      let reverse = false;
      for (let k = 0; k < edges.length && next < 0; k++) {
        if (used[k]) continue;
        const e = (edges[k] as OrientedEdge).vertices;
        if (same(e, 0, ring, endAt)) next = k;
        else if (same(e, e.length - 2, ring, endAt)) {
          next = k;
          reverse = true;
        }
      }
      if (next < 0) throw new EncInputError("malformed", `S-57: a ring of ${owner} does not close`);
      used[next] = true;
      const e = edges[next] as OrientedEdge;
      interior ||= e.interior;
      if (reverse)
        for (let i = e.vertices.length - 4; i >= 0; i -= 2)
          ring.push(e.vertices[i] as number, e.vertices[i + 1] as number);
      else
        for (let i = 2; i < e.vertices.length; i += 2)
          ring.push(e.vertices[i] as number, e.vertices[i + 1] as number);
    }
    rings.push({ vertices: ring, interior });
  }
  return rings;
}

/** Assembles the rings of an area feature (PRIM 3). */
export function areaGeometry(rec: S57Records, f: FeatureRecord): AreaGeometry {
  const owner = `feature ${f.rcid}`;
  const rings = chain(
    f.spatial.map((p) => orient(rec, p, owner)),
    owner,
  );
  const { comf } = rec.dataset;
  const toPositions = (vs: number[]): Position[] => {
    const out: Position[] = [];
    for (let i = 0; i < vs.length; i += 2) out.push([(vs[i + 1] as number) / comf, (vs[i] as number) / comf]);
    return out;
  };
  const exterior = rings.filter((r) => !r.interior);
  if (exterior.length !== 1)
    throw new EncInputError("malformed", `S-57: ${owner} has ${exterior.length} exterior rings`);
  return {
    exterior: toPositions((exterior[0] as { vertices: number[] }).vertices),
    holes: rings.filter((r) => r.interior).map((r) => toPositions(r.vertices)),
  };
}
