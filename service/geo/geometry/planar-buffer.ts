// Buffer of one geometry in its local plane, from raw offset curves (offset-curves.ts) resolved all
// at once by GEOS (geos.ts windingRegion: its buffer builder at distance 0, which nodes the curves
// and keeps where their depth is at least 1), after the polygons are made valid by a union (clip.ts):
//   d > 0  each polygon's shell grown outward (its holes as they are), a disk per point and a
//          doubled curve per line and hole (per stretch of every line and ring when crowded)
//   d < 0  each polygon with the doubled curves at |d| of every ring as extra holes: the polygons
//          less the band within |d| of every ring; points and lines vanish
//   d = 0  the polygons as they are (normalised by a union); points and lines vanish

import { Refusal } from "../refusal.ts";
import { clip, type MultiPoly } from "./clip.ts";
import { crowded } from "./crowding.ts";
import { GeosError, windingRegion } from "./geos.ts";
import { circle, dedupe, doubledPath, ringOffset, signedArea2, type XY } from "./offset-curves.ts";

export interface PlaneGeometry {
  points: XY[];
  paths: XY[][];
  /** Polygons as closed rings, exterior first. */
  polygons: XY[][][];
}

export interface PlaneBuffer {
  polygons: MultiPoly;
  /** Largest snap-rounding grid GEOS needed (plane metres); null when floating point sufficed. */
  snapped: number | null;
}

/** Input coordinates are rounded to this grid (metres) so that nearly coincident vertices meet. */
export const PLANE_GRID = 1e-7;
const snap = (p: XY): XY => [
  Math.round(p[0] / PLANE_GRID) * PLANE_GRID,
  Math.round(p[1] / PLANE_GRID) * PLANE_GRID,
];

const isRing = (ring: XY[]) => dedupe(ring).length >= 4 && signedArea2(ring) !== 0;

/**
 * Segments per chunk when the curves are crowded: each chunk's band is resolved on its own and the
 * bands are unioned (cascaded), so the crossings among far-apart chunks are never noded at once.
 */
const CHUNK = 8;
/**
 * Pairs of segments within 2·d of each other, per segment, above which the curves count as crowded
 * (a self-crossing zigzag, a sawtooth buffered far beyond its teeth): below it each path is one
 * curve and everything is resolved in one GEOS call.
 */
const CROWDED_PER_SEGMENT = 100;

/** Consecutive pieces of a path sharing their end positions. */
function chunks(path: XY[]): XY[][] {
  const out: XY[][] = [];
  for (let i = 0; i + 1 < path.length; i += CHUNK) out.push(path.slice(i, i + CHUNK + 1));
  return out.length > 0 ? out : [path];
}

/** Rings whose bounding box meets the polygon's shell's. */
function near(poly: XY[][], rings: XY[][]): XY[][] {
  const box = bounds(poly[0] as XY[]);
  return rings.filter((r) => {
    const b = bounds(r);
    return b[0] <= box[2] && b[2] >= box[0] && b[1] <= box[3] && b[3] >= box[1];
  });
}

function bounds(ring: XY[]): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

export function planarBuffer(input: PlaneGeometry, d: number, steps: number): PlaneBuffer {
  const g: PlaneGeometry = {
    points: input.points.map(snap),
    paths: input.paths.map((p) => p.map(snap)),
    polygons: input.polygons.map((rings) => rings.map((r) => r.map(snap))),
  };
  let snapped: number | null = null;
  const polygons = g.polygons
    .filter((p) => p[0] && isRing(p[0]))
    .map((p) => [p[0] as XY[], ...p.slice(1).filter(isRing)]);
  let base: MultiPoly = [];
  if (polygons.length > 0) {
    const union = clip("union", ...(polygons.map((p) => [p]) as [MultiPoly]));
    snapped = union.snapped;
    base = union.polygons;
  }
  if (d === 0 || (d < 0 && base.length === 0)) return { polygons: base, snapped };
  const r = Math.abs(d);
  const rings = polygons.flat();
  const paths = d > 0 ? [...g.paths, ...rings] : rings;
  const points = d > 0 ? g.points : [];
  const region = (mp: MultiPoly): MultiPoly => {
    try {
      return windingRegion(mp);
    } catch (err) {
      if (!(err instanceof GeosError)) throw err;
      throw new Refusal("clipping_failed", { field: "geojson", path: "$.geojson", attempts: [err.message] });
    }
  };
  const run = (...args: Parameters<typeof clip>): MultiPoly => {
    const res = clip(...args);
    if (res.snapped !== null) snapped = Math.max(snapped ?? 0, res.snapped);
    return res.polygons;
  };
  const disks = points.map((p) => circle(p, r, steps));
  const segments = paths.reduce((n, p) => n + p.length - 1, points.length);
  if (crowded(points, paths, r, CROWDED_PER_SEGMENT * segments)) {
    // every chunk's band on its own, then one cascaded union
    const bands = paths.flatMap((p) =>
      chunks(dedupe(p)).map((piece) => region([[doubledPath(piece, r, steps)]])),
    );
    if (d < 0) return { polygons: run("difference", base, run("union", ...(bands as [MultiPoly]))), snapped };
    return { polygons: run("union", base, ...disks.map((c): MultiPoly => [[c]]), ...bands), snapped };
  }
  // one curve per path, all resolved at once
  if (d < 0) {
    // each polygon with the bands within |d| of every ring as extra holes
    const curves = paths.map((p) => doubledPath(p, r, steps));
    return { polygons: region(base.map((poly) => [...poly, ...near(poly, curves)])), snapped };
  }
  // each polygon's shell grown outward with its holes as they are, and the bands of the holes
  const shells = base.map((poly): XY[][] => [ringOffset(poly[0] as XY[], r, steps), ...poly.slice(1)]);
  const curves = [...g.paths, ...base.flatMap((poly) => poly.slice(1))].map((p) => doubledPath(p, r, steps));
  return { polygons: region([...shells, ...[...disks, ...curves].map((c) => [c])]), snapped };
}
