// Buffer of one geometry in its local plane, from raw offset curves resolved by polyclip-ts:
//   d > 0  union of disks (points), doubled curves (lines) and, per polygon, the outward curve of
//          its exterior minus each hole's core (the hole less the band within d of its ring)
//   d < 0  the polygons less the band within |d| of every ring; points and lines vanish
//   d = 0  the polygons as they are (normalised by a union); points and lines vanish
import { clip, type MultiPoly } from "./clip.ts";
import { circle, dedupe, doubledPath, outwardRing, signedArea2, type XY } from "./offset-curves.ts";

export interface PlaneGeometry {
  points: XY[];
  paths: XY[][];
  /** Polygons as closed rings, exterior first. */
  polygons: XY[][][];
}

export interface PlaneBuffer {
  polygons: MultiPoly;
  /** Largest snapping tolerance polyclip-ts needed (plane metres); null when every call was exact. */
  snapped: number | null;
}

/** Input coordinates are rounded to this grid (metres) so that nearly coincident vertices meet. */
export const PLANE_GRID = 1e-7;
const snap = (p: XY): XY => [
  Math.round(p[0] / PLANE_GRID) * PLANE_GRID,
  Math.round(p[1] / PLANE_GRID) * PLANE_GRID,
];

const ccw = (ring: XY[]): XY[] => (signedArea2(ring) < 0 ? [...ring].reverse() : ring);
const isRing = (ring: XY[]) => dedupe(ring).length >= 4 && signedArea2(ring) !== 0;

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
  const polygons = g.polygons.filter((p) => p[0] && isRing(p[0]));
  if (d === 0 || (d < 0 && polygons.length === 0)) {
    const [head, ...tail] = polygons.map((p) => [p]);
    return { polygons: head ? run("union", head, ...tail) : [], snapped };
  }
  if (d < 0) {
    const merged =
      polygons.length === 1 ? polygons : run("union", ...(polygons.map((p) => [p]) as [MultiPoly]));
    const bands = merged.flat().map((ring) => [[doubledPath(ring, -d, steps)]] as MultiPoly);
    return { polygons: run("difference", merged, ...bands), snapped };
  }
  const operands: MultiPoly[] = [];
  for (const p of g.points) operands.push([[circle(p, d, steps)]]);
  for (const path of g.paths) operands.push([[doubledPath(path, d, steps)]]);
  for (const rings of polygons) {
    const grown: MultiPoly = [[outwardRing(ccw(rings[0] as XY[]), d, steps)]];
    const cores = rings
      .slice(1)
      .filter(isRing)
      .map((hole) => run("difference", [[hole]], [[doubledPath(hole, d, steps)]]))
      .filter((core) => core.length > 0);
    operands.push(cores.length > 0 ? run("difference", grown, ...cores) : grown);
  }
  const [head, ...tail] = operands;
  return { polygons: head ? run("union", head, ...tail) : [], snapped };
}
