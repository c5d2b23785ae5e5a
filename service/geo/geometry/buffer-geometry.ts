// Buffers one geometry about its own centre: lon/lat → local plane (Gauss sphere at the centre
// latitude + azimuthal equidistant), raw offset curves resolved by GEOS (planar-buffer.ts), back to lon/lat.
// Input edges are straight in lon/lat (RFC 7946), so they are followed in the plane to within a
// tolerance; output edges likewise.
import { Refusal } from "../refusal.ts";
import { chordError, measureOffsets, type OffsetError } from "./buffer-accuracy.ts";
import { vertexMean } from "./centroid.ts";
import type { MultiPoly } from "./clip.ts";
import { MEAN_RADIUS } from "./ellipsoid.ts";
import { type Follow, pathInPlane } from "./follow-in-plane.ts";
import { framedBuffer, frameExtent } from "./framed-buffer.ts";
import { type Geometry, linesOf, type Position, pointsOf, polygonsOf, positionsOf } from "./geojson-input.ts";
import { localPlane } from "./local-plane.ts";
import { type PlaneGeometry, planarBuffer } from "./planar-buffer.ts";
import { planeToLonLat } from "./plane-to-lonlat.ts";

/** Farthest an input position (plus the distance) may lie from the centre, in radians of arc. */
export const MAX_ARC = (150 * Math.PI) / 180;
/** Most plane vertices the followed input edges may have; past it the following tolerance grows. */
export const MAX_PLANE_VERTICES = 6_000;
/** Most positions an answer's polygons may have; past it output edges are followed more coarsely. */
export const MAX_OUTPUT_VERTICES = 100_000;

export interface GeometryBuffer {
  polygons: MultiPoly;
  /** Mean Earth radius over the Gaussian radius at the centre latitude: d is drawn as d·radiusScale on the mean sphere. */
  radiusScale: number;
  error: OffsetError | null;
  snapped: number | null;
  longEdges: boolean;
  /** Set when the vertex budget made edges be followed more coarsely than the distance asks: the tolerance used (m). */
  coarse: number | null;
}

function hasLongEdge(paths: Position[][]): boolean {
  return paths.some((p) => p.some((q, i) => i > 0 && Math.abs(q[0] - (p[i - 1] as Position)[0]) > 180));
}

/** Plane tolerance for following edges: a tenth of the arcs' chord error, at most 1e-5 of the distance, at least 0.1 mm. */
export const followTolerance = (distance: number, steps: number): number =>
  Math.max(1e-4, Math.abs(distance) * Math.min(1e-5, 0.1 * chordError(steps)));

/**
 * The plane polygons in lon/lat, their edges followed to within `tol`, loosened fourfold while the
 * answer has more than MAX_OUTPUT_VERTICES positions. The polygons' own vertices (edges not
 * followed at all) are the floor: when that alone is over the budget (arcs at steps 128 about
 * hundreds of sharp turns), loosening cannot meet it and the answer keeps `tol`.
 */
function outputInBudget(back: (tol: number) => MultiPoly, tol: number): MultiPoly {
  let polygons = back(tol);
  if (polygons.flat(2).length <= MAX_OUTPUT_VERTICES) return polygons;
  const floor = back(Number.POSITIVE_INFINITY);
  if (floor.flat(2).length > MAX_OUTPUT_VERTICES) return polygons;
  for (let t = tol * 4; polygons.flat(2).length > MAX_OUTPUT_VERTICES; t *= 4) polygons = back(t);
  return polygons;
}

export function bufferGeometry(g: Geometry, path: string, distance: number, steps: number): GeometryBuffer {
  const positions = [...positionsOf(g)];
  const centre = vertexMean(positions) ?? [positions[0]?.[0] ?? 0, positions[0]?.[1] ?? 0];
  const plane = localPlane(centre[0], centre[1]);
  const radiusScale = MEAN_RADIUS / plane.radius;
  const lines = linesOf(g);
  const polys = polygonsOf(g);
  const longEdges = hasLongEdge([...lines, ...polys.flat()]);
  // follow the edges as closely as the vertex budget allows
  let tol = followTolerance(distance, steps);
  let pg: PlaneGeometry;
  for (;;) {
    const f: Follow = { plane, tol, left: MAX_PLANE_VERTICES - positions.length };
    pg = {
      points: pointsOf(g).map((p) => plane.forward(p[0], p[1])),
      paths: lines.map((l) => pathInPlane(f, l)),
      polygons: polys.map((rings) => rings.map((r) => pathInPlane(f, r))),
    };
    if (f.left >= 0) break;
    tol *= 4;
  }
  const reach = Math.abs(distance) / plane.radius;
  for (const p of [...pg.points, ...pg.paths.flat(), ...pg.polygons.flat(2)]) {
    if (plane.angle(p[0], p[1]) + reach > MAX_ARC) {
      throw new Refusal("invalid_geometry", {
        field: "geojson",
        path,
        reason: longEdges
          ? "an edge spans more than 180° of longitude and so runs the long way round the globe (RFC 7946 asks for geometries cut at the antimeridian); the buffer is drawn about one centre and cannot reach that far"
          : "the geometry reaches more than 150° of arc from its centre; buffer it in smaller parts",
      });
    }
  }
  const coarse = tol > followTolerance(distance, steps) ? tol : null;
  if (positions.length === 0)
    return { polygons: [], radiusScale, error: null, snapped: null, longEdges, coarse };
  const extent = Math.max(
    ...[...pg.points, ...pg.paths.flat(), ...pg.polygons.flat(2)].map((p) => Math.hypot(p[0], p[1])),
  );
  const frame = frameExtent([...lines, ...polys.flat()], distance);
  if (distance !== 0 && extent > frame) {
    const framed = framedBuffer(pointsOf(g), lines, polys, distance, steps, tol, path, frame);
    return { ...framed, radiusScale, longEdges, coarse };
  }
  const planar = planarBuffer(pg, distance, steps);
  const polygons = outputInBudget((t) => planeToLonLat(plane, planar.polygons, t, path), tol);
  return {
    polygons,
    radiusScale,
    error: measureOffsets(plane, pg, distance),
    snapped: planar.snapped,
    longEdges,
    coarse,
  };
}
