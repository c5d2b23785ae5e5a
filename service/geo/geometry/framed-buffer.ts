// Buffer of a geometry too large for one local plane: the azimuthal equidistant map keeps
// distances only from its centre, so an offset drawn c metres away is off by about (c/R)²/6 of
// itself (−0.47 % for a 4,000 km line). Here every point, and every stretch of a line or ring
// reaching at most 10–40 km from its start (frameExtent), is buffered in a plane of its own (Gauss sphere
// and azimuthal equidistant map at that middle), mapped back to lon/lat, and the pieces are
// combined in lon/lat with the polygons as sent (whose edges are straight in lon/lat anyway):
//   d > 0  polygons ∪ every piece;   d < 0  polygons − ∪ pieces at |d|.
import { measureOffsets, type OffsetError } from "./buffer-accuracy.ts";
import { clip, type MultiPoly } from "./clip.ts";
import { pathInPlane } from "./follow-in-plane.ts";
import type { Position } from "./geojson-input.ts";
import { type LocalPlane, localPlane } from "./local-plane.ts";
import { type PlaneGeometry, planarBuffer } from "./planar-buffer.ts";
import { planeToLonLat } from "./plane-to-lonlat.ts";

/**
 * Farthest (m) an input position of a frame lies from the frame's start: four times the distance,
 * from MIN_FRAME to MAX_FRAME, unless MAX_FRAMES needs more. Frames much shorter than the distance
 * draw bands that mostly overlap their neighbours', each resolved and unioned again (a state
 * outline at 10 km); longer frames gather more crowded stretches into one union (a sawtooth at
 * 1 km). At MAX_FRAME an offset of 10 km sits at most c ≈ 50 km from the centre: (c/R)²/6 ≈ 1e-5
 * of it, a tenth of the spec's tightest bound (±0.01 % at 80°), and measured in every answer.
 */
const MIN_FRAME = 10_000;
const MAX_FRAME = 40_000;
/** Most frames per geometry (each costs about a millisecond); long paths get longer frames. */
const MAX_FRAMES = 1_000;

const DEG = Math.PI / 180;
/** Rough ground distance (m) between two positions: enough to size frames. */
const approxMeters = (a: Position, b: Position) => {
  const dLon = ((b[0] - a[0] + 540) % 360) - 180;
  return 6_371_000 * DEG * Math.hypot(dLon * Math.cos(((a[1] + b[1]) / 2) * DEG), b[1] - a[1]);
};

/** The path's edges split (along the lon/lat line, as sent) so that none is longer than `max` metres. */
function splitEdges(path: Position[], max: number): Position[] {
  const out: Position[] = [path[0] as Position];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Position;
    const b = path[i + 1] as Position;
    const n = Math.ceil(approxMeters(a, b) / max);
    for (let k = 1; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
    out.push(b);
  }
  return out;
}

/** Frame extent (m) for these paths buffered by `distance`, longer when they would need more than MAX_FRAMES frames. */
export function frameExtent(paths: Position[][], distance: number): number {
  let length = 0;
  for (const p of paths)
    for (let i = 0; i + 1 < p.length; i++) length += approxMeters(p[i] as Position, p[i + 1] as Position);
  const extent = Math.min(MAX_FRAME, Math.max(MIN_FRAME, 4 * Math.abs(distance)));
  return Math.max(extent, length / MAX_FRAMES);
}

/** Consecutive stretches (sharing end positions) whose positions lie within `extent` of their first one. */
function stretches(path: Position[], extent: number): Position[][] {
  const fine = splitEdges(path, extent / 2);
  const out: Position[][] = [];
  let start = 0;
  while (start < fine.length - 1) {
    let end = start + 1;
    while (
      end + 1 < fine.length &&
      approxMeters(fine[start] as Position, fine[end + 1] as Position) <= extent
    )
      end++;
    out.push(fine.slice(start, end + 1));
    start = end;
  }
  return out.length > 0 ? out : [fine];
}

/** Frames whose offsets are measured: those reaching farthest from their centre, and the northernmost and southernmost. */
const MEASURED_FRAMES = 6;

function measured<F extends { plane: LocalPlane; g: PlaneGeometry }>(frames: F[]): F[] {
  const reach = (f: F) =>
    Math.max(0, ...[...f.g.points, ...f.g.paths.flat()].map((p) => p[0] * p[0] + p[1] * p[1]));
  const out = new Set([...frames].sort((a, b) => reach(b) - reach(a)).slice(0, MEASURED_FRAMES - 2));
  const byLat = [...frames].sort((a, b) => a.plane.lat0 - b.plane.lat0);
  for (const f of [byLat[0], byLat[byLat.length - 1]]) if (f) out.add(f);
  return [...out];
}

export interface FramedResult {
  polygons: MultiPoly;
  error: OffsetError | null;
  snapped: number | null;
}

/** Buffers points and paths (lines and every polygon ring) frame by frame; `polygons` as sent, in lon/lat. */
export function framedBuffer(
  points: Position[],
  paths: Position[][],
  polygons: Position[][][],
  distance: number,
  steps: number,
  tol: number,
  path: string,
  extent: number,
): FramedResult {
  const d = Math.abs(distance);
  const frames: { plane: LocalPlane; g: PlaneGeometry }[] = [];
  const follow = (plane: LocalPlane, p: Position[]) =>
    pathInPlane({ plane, tol, left: Number.POSITIVE_INFINITY }, p);
  if (distance > 0) {
    for (const p of points) {
      const plane = localPlane(p[0], p[1]);
      frames.push({ plane, g: { points: [[0, 0]], paths: [], polygons: [] } });
    }
  }
  const bandPaths = [...(distance > 0 ? paths : []), ...polygons.flat()];
  for (const stretch of bandPaths.flatMap((p) => stretches(p, extent))) {
    const mid = stretch[Math.floor(stretch.length / 2)] as Position;
    const plane = localPlane(mid[0], mid[1]);
    frames.push({ plane, g: { points: [], paths: [follow(plane, stretch)], polygons: [] } });
  }
  let snapped: number | null = null;
  let error: OffsetError | null = null;
  const pieces: MultiPoly[] = [];
  for (const { plane, g } of frames) {
    const planar = planarBuffer(g, d, steps);
    if (planar.snapped !== null) snapped = Math.max(snapped ?? 0, planar.snapped);
    pieces.push(planeToLonLat(plane, planar.polygons, tol, path));
  }
  for (const { plane, g } of measured(frames)) {
    const e = measureOffsets(plane, g, d);
    if (e)
      error = error
        ? {
            samples: error.samples + e.samples,
            maxRelative: Math.max(error.maxRelative, e.maxRelative),
            maxMeters: Math.max(error.maxMeters, e.maxMeters),
          }
        : e;
  }
  const base = polygons.map((rings) => rings.map((r) => r.map((q) => [q[0], q[1]] as [number, number])));
  const run = (...args: Parameters<typeof clip>) => {
    const r = clip(...args);
    if (r.snapped !== null) snapped = Math.max(snapped ?? 0, r.snapped);
    return r.polygons;
  };
  const band = pieces.filter((p) => p.length > 0);
  let out: MultiPoly;
  if (distance > 0) out = run("union", ...([base, ...band] as [MultiPoly, ...MultiPoly[]]));
  else if (base.length === 0) out = [];
  else
    out =
      band.length > 0 ? run("difference", base, run("union", ...(band as [MultiPoly]))) : run("union", base);
  return { polygons: out, error, snapped };
}
