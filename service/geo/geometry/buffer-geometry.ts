// Buffers one geometry about its own centre: lon/lat → local plane (Gauss sphere at the centre
// latitude + azimuthal equidistant), raw offset curves resolved by polyclip-ts, back to lon/lat.
// Input edges are straight in lon/lat (RFC 7946), so they are followed in the plane to within a
// tolerance; output edges likewise.
import { ApiError } from "../../errors.ts";
import { chordError, measureOffsets, type OffsetError } from "./buffer-accuracy.ts";
import { vertexMean } from "./centroid.ts";
import type { MultiPoly } from "./clip.ts";
import { MEAN_RADIUS } from "./ellipsoid.ts";
import { type Geometry, linesOf, type Position, pointsOf, polygonsOf, positionsOf } from "./geojson-input.ts";
import { type LocalPlane, localPlane } from "./local-plane.ts";
import type { XY } from "./offset-curves.ts";
import { type PlaneGeometry, planarBuffer } from "./planar-buffer.ts";
import { planeToLonLat } from "./plane-to-lonlat.ts";

/** Farthest an input position (plus the distance) may lie from the centre, in radians of arc. */
export const MAX_ARC = (150 * Math.PI) / 180;
const MAX_DEPTH = 10;

export interface GeometryBuffer {
  polygons: MultiPoly;
  /** Mean Earth radius over the Gaussian radius at the centre latitude: d is drawn as d·radiusScale on the mean sphere. */
  radiusScale: number;
  error: OffsetError | null;
  snapped: number | null;
  longEdges: boolean;
}

/** Follows a straight lon/lat edge in the plane (as sent: an edge over 180° runs the long way). */
function edgeInPlane(
  plane: LocalPlane,
  a: Position,
  b: Position,
  pa: XY,
  pb: XY,
  tol: number,
  depth: number,
  out: XY[],
): void {
  if (depth >= MAX_DEPTH) return;
  const m: Position = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const pm = plane.forward(m[0], m[1]);
  if (Math.hypot(pm[0] - (pa[0] + pb[0]) / 2, pm[1] - (pa[1] + pb[1]) / 2) <= tol) return;
  edgeInPlane(plane, a, m, pa, pm, tol, depth + 1, out);
  out.push(pm);
  edgeInPlane(plane, m, b, pm, pb, tol, depth + 1, out);
}

function pathInPlane(plane: LocalPlane, path: Position[], tol: number): XY[] {
  const pts = path.map((p) => plane.forward(p[0], p[1]));
  const out: XY[] = [pts[0] as XY];
  for (let i = 0; i + 1 < path.length; i++) {
    edgeInPlane(
      plane,
      path[i] as Position,
      path[i + 1] as Position,
      pts[i] as XY,
      pts[i + 1] as XY,
      tol,
      0,
      out,
    );
    out.push(pts[i + 1] as XY);
  }
  return out;
}

function hasLongEdge(paths: Position[][]): boolean {
  return paths.some((p) => p.some((q, i) => i > 0 && Math.abs(q[0] - (p[i - 1] as Position)[0]) > 180));
}

/** Plane tolerance for following edges: a tenth of the arcs' chord error, and at most 1e-5 of the distance. */
export const followTolerance = (distance: number, steps: number): number =>
  Math.max(1e-6, Math.abs(distance) * Math.min(1e-5, 0.1 * chordError(steps)));

export function bufferGeometry(
  g: Geometry,
  path: string,
  distance: number,
  steps: number,
  budget: number,
): GeometryBuffer {
  const positions = [...positionsOf(g)];
  const centre = vertexMean(positions) ?? [positions[0]?.[0] ?? 0, positions[0]?.[1] ?? 0];
  const plane = localPlane(centre[0], centre[1]);
  const radiusScale = MEAN_RADIUS / plane.radius;
  const lines = linesOf(g);
  const polys = polygonsOf(g);
  const longEdges = hasLongEdge([...lines, ...polys.flat()]);
  const tol = followTolerance(distance, steps);
  const pg: PlaneGeometry = {
    points: pointsOf(g).map((p) => plane.forward(p[0], p[1])),
    paths: lines.map((l) => pathInPlane(plane, l, tol)),
    polygons: polys.map((rings) => rings.map((r) => pathInPlane(plane, r, tol))),
  };
  const reach = Math.abs(distance) / plane.radius;
  for (const p of [...pg.points, ...pg.paths.flat(), ...pg.polygons.flat(2)]) {
    if (plane.angle(p[0], p[1]) + reach > MAX_ARC) {
      throw new ApiError("invalid_geometry", {
        field: "geojson",
        path,
        reason: longEdges
          ? "an edge spans more than 180° of longitude and so runs the long way round the globe (RFC 7946 asks for geometries cut at the antimeridian); the buffer is drawn about one centre and cannot reach that far"
          : "the geometry reaches more than 150° of arc from its centre; buffer it in smaller parts",
      });
    }
  }
  if (positions.length === 0) return { polygons: [], radiusScale, error: null, snapped: null, longEdges };
  const planar = planarBuffer(pg, distance, steps);
  const polygons = planar.polygons.length > 0 ? planeToLonLat(plane, planar.polygons, tol, path) : [];
  return {
    polygons,
    radiusScale,
    error: measureOffsets(plane, pg, distance, budget),
    snapped: planar.snapped,
    longEdges,
  };
}
