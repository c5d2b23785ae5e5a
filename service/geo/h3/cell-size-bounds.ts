// Bounds on the size of H3 cells, derived from h3-js at load time (no hard-coded tables).
//
// H3 projects an icosahedron's faces gnomonically, so a hexagon's area falls off as cos³θ with
// the angle θ between its centre and the nearest face centre: area ≥ K(res)·cos³θ, where K is
// the area of the cell at a face centre (the largest cell). The 12 pentagons, one on each
// icosahedron vertex (θ ≈ 37.38°, the largest θ anywhere), are the smallest cells. Every cell
// lies within MAX_CIRCUMRADIUS_FACTOR·√K of its centre. `cell-size-bounds.test.ts` checks all
// three statements on every cell of resolutions 0–3 and on random cells of finer resolutions.
// Areas are computed here rather than with h3-js cellArea, which loses up to 5% on the
// finest cells near the poles and the antimeridian (cancellation in its spherical excess).
import { cellToBoundary, cellToLatLng, getNumCells, getPentagons, latLngToCell } from "h3-js";

/** H3's sphere (authalic radius, km), the one its km and km² units use. */
export const EARTH_RADIUS_KM = 6371.007180918475;
/**
 * Slack under K·cos³θ. The relation holds with equality at θ = 0 and within 0.1% elsewhere,
 * except for the finest cells within metres of the poles, which H3's own arithmetic distorts by
 * up to 1.3% (measured); 3% covers both.
 */
const AREA_SAFETY = 0.97;
/** The 12 pentagons have one area; this covers rounding between them. */
const PENTAGON_SAFETY = 1 - 1e-9;
/** Pentagon centres sit on the vertices up to rounding (radians); any hexagon centre is farther. */
const PENTAGON_REACH = 1e-9;
/** A regular hexagon's circumradius is 0.6204·√area; every H3 cell stays below this factor. */
export const MAX_CIRCUMRADIUS_FACTOR = 0.63;

export type Vec3 = [number, number, number];

const RAD = Math.PI / 180;

export function toVec3(lonDeg: number, latDeg: number): Vec3 {
  const lat = latDeg * RAD;
  const lon = lonDeg * RAD;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const angle = (a: Vec3, b: Vec3): number => Math.acos(Math.min(1, Math.max(-1, dot(a, b))));

/** The icosahedron's vertices are the res-0 pentagon centres; a face is three mutually adjacent ones. */
function faceCenters(): Vec3[] {
  const vertices = getPentagons(0).map((p) => {
    const [lat, lon] = cellToLatLng(p);
    return toVec3(lon, lat);
  });
  const edgeAngle = Math.atan(2); // angle between adjacent icosahedron vertices
  const adjacent = (a: Vec3, b: Vec3): boolean => Math.abs(angle(a, b) - edgeAngle) < 1e-6;
  const faces: Vec3[] = [];
  vertices.forEach((a, i) => {
    vertices.forEach((b, j) => {
      vertices.forEach((c, k) => {
        if (i < j && j < k && adjacent(a, b) && adjacent(b, c) && adjacent(a, c)) {
          const s: Vec3 = [a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]];
          const n = Math.hypot(...s);
          faces.push([s[0] / n, s[1] / n, s[2] / n]);
        }
      });
    });
  });
  if (faces.length !== 20) throw new Error(`expected 20 icosahedron faces, found ${faces.length}`);
  return faces;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * A cell's area on H3's sphere (km²): the spherical excess of the triangles fanning out from
 * its centre (Van Oosterom and Strackee), with the triple product taken on difference vectors
 * so that it stays precise for sub-metre cells.
 */
export function cellAreaKm2(cell: string): number {
  const [lat, lon] = cellToLatLng(cell);
  const c = toVec3(lon, lat);
  const ring = cellToBoundary(cell).map(([la, lo]) => toVec3(lo as number, la as number));
  let excess = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Vec3;
    const b = ring[(i + 1) % ring.length] as Vec3;
    const triple = dot(c, cross(sub(a, c), sub(b, c)));
    excess += 2 * Math.atan2(Math.abs(triple), 1 + dot(c, a) + dot(a, b) + dot(b, c));
  }
  return excess * EARTH_RADIUS_KM * EARTH_RADIUS_KM;
}

export const FACE_CENTERS: readonly Vec3[] = faceCenters();

/** Angle (radians) from a point on the unit sphere to the nearest icosahedron face centre. */
export function angleToNearestFace(v: Vec3): number {
  let best = -1;
  for (const f of FACE_CENTERS) best = Math.max(best, dot(v, f));
  return Math.acos(Math.min(1, best));
}

/** θ at an icosahedron vertex: the largest angle to a nearest face centre anywhere. */
export const VERTEX_ANGLE: number = (() => {
  const [lat, lon] = cellToLatLng(getPentagons(0)[0] as string);
  return angleToNearestFace(toVec3(lon, lat));
})();

export interface ResolutionSizes {
  /** K: area of the cell at a face centre (the largest cell), km². */
  faceCellAreaKm2: number;
  /** Area of each of the 12 pentagons (the smallest cells), km². */
  pentagonAreaKm2: number;
  /** Upper bound of the distance from a cell's centre to any point of the cell, km. */
  maxCircumradiusKm: number;
  cellCount: number;
}

function sizesAt(res: number): ResolutionSizes {
  let k = Infinity;
  for (const f of FACE_CENTERS) {
    const lat = Math.asin(f[2]) / RAD;
    const lon = Math.atan2(f[1], f[0]) / RAD;
    const cell = latLngToCell(lat, lon, res);
    const [cLat, cLon] = cellToLatLng(cell);
    k = Math.min(k, cellAreaKm2(cell) / Math.cos(angleToNearestFace(toVec3(cLon, cLat))) ** 3);
  }
  return {
    faceCellAreaKm2: k,
    pentagonAreaKm2: PENTAGON_SAFETY * Math.min(...getPentagons(res).map(cellAreaKm2)),
    maxCircumradiusKm: MAX_CIRCUMRADIUS_FACTOR * Math.sqrt(k),
    cellCount: getNumCells(res),
  };
}

/** H3 resolutions: 0 to 15. */
export const RESOLUTION_COUNT = 16;

const sizes: ResolutionSizes[] = [];
/** The bounds of resolution `res`, computed on first use (not at import: it costs start-up). */
export function resolutionSizes(res: number): ResolutionSizes {
  sizes[res] ??= sizesAt(res);
  return sizes[res];
}

/**
 * A lower bound of the area of any cell of `res` whose centre is within `theta` (radians) of
 * its nearest face centre.
 */
export function minCellAreaKm2(res: number, theta: number): number {
  const s = resolutionSizes(res);
  if (theta >= VERTEX_ANGLE - PENTAGON_REACH) return s.pentagonAreaKm2;
  return Math.min(s.faceCellAreaKm2, AREA_SAFETY * s.faceCellAreaKm2 * Math.cos(theta) ** 3);
}
