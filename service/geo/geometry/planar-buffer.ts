// Buffer of one geometry in its local plane, from raw offset curves (offset-curves.ts) whose
// non-zero-winding regions are resolved into valid polygons (nonzero-region.ts), then combined by
// GEOS OverlayNG (clip.ts):
//   d > 0  union of disks (points), doubled curves (lines) and, per polygon, the outward curve of
//          its exterior minus each hole's core (the hole less the band within d of its ring)
//   d < 0  the polygons less the band within |d| of every ring; points and lines vanish
//   d = 0  the polygons as they are (normalised by a union); points and lines vanish
import { clip, type MultiPoly } from "./clip.ts";
import { nonZeroRegion } from "./nonzero-region.ts";
import { circle, dedupe, doubledPath, signedArea2, type XY } from "./offset-curves.ts";

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

/** Segments per chunk: a path's band is the union of its chunks' bands, each resolved on its own. */
const CHUNK = 8;

/** Consecutive pieces of a path sharing their end positions. */
function chunks(path: XY[]): XY[][] {
  const out: XY[][] = [];
  for (let i = 0; i + 1 < path.length; i += CHUNK) out.push(path.slice(i, i + CHUNK + 1));
  return out.length > 0 ? out : [path];
}

export function planarBuffer(input: PlaneGeometry, d: number, steps: number): PlaneBuffer {
  const g: PlaneGeometry = {
    points: input.points.map(snap),
    paths: input.paths.map((p) => p.map(snap)),
    polygons: input.polygons.map((rings) => rings.map((r) => r.map(snap))),
  };
  let snapped: number | null = null;
  const run = (...args: Parameters<typeof clip>): MultiPoly => {
    const r = clip(...args);
    if (r.snapped !== null) snapped = Math.max(snapped ?? 0, r.snapped);
    return r.polygons;
  };
  /** Every point within r of the path: the union of its chunks' doubled curves (round caps cover the joins between chunks). */
  const band = (path: XY[], r: number): MultiPoly[] =>
    chunks(dedupe(path)).map((piece) => {
      const res = nonZeroRegion([doubledPath(piece, r, steps)]);
      if (res.snapped !== null) snapped = Math.max(snapped ?? 0, res.snapped);
      return res.polygons;
    });
  const polygons = g.polygons
    .filter((p) => p[0] && isRing(p[0]))
    .map((p) => [p[0] as XY[], ...p.slice(1).filter(isRing)]);
  const base = polygons.length > 0 ? run("union", ...(polygons.map((p) => [p]) as [MultiPoly])) : [];
  if (d === 0 || (d < 0 && base.length === 0)) return { polygons: base, snapped };
  const rings = polygons.flat();
  if (d < 0) {
    const bands = rings.flatMap((ring) => band(ring, -d));
    return { polygons: run("difference", base, run("union", ...(bands as [MultiPoly]))), snapped };
  }
  const operands: MultiPoly[] = [base];
  for (const p of g.points) operands.push([[circle(p, d, steps)]]);
  for (const path of [...g.paths, ...rings]) operands.push(...band(path, d));
  return { polygons: run("union", ...(operands as [MultiPoly])), snapped };
}
