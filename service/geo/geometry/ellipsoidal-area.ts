// Area on the WGS 84 ellipsoid of rings whose edges are straight in longitude/latitude.
// Lambert's cylindrical equal-area map (x = a·λ, y = a·q(φ)/2) preserves area, so a ring's area
// is −(a²/2)∮ (q − q₀) dλ for any constant q₀; along a straight lon/lat edge q is integrated by
// Gauss–Legendre quadrature. q − q₀ is evaluated as a difference in closed form (no subtraction of
// two nearly equal q values), so a small ring keeps its relative precision at any latitude: near
// the pole q barely changes across a parcel and subtracting q values lost up to 8 digits there.

import { DEG, WGS84_A, WGS84_E, WGS84_E2 } from "./ellipsoid.ts";
import type { Position } from "./geojson-input.ts";

// 4-point Gauss–Legendre nodes and weights on [0, 1].
const GL_T = [0.0694318442029737, 0.3300094782075719, 0.6699905217924281, 0.9305681557970263];
const GL_W = [0.1739274225687269, 0.3260725774312731, 0.3260725774312731, 0.1739274225687269];
/** Longest latitude span (radians) integrated by one quadrature. */
const MAX_SPAN = 0.05;

// 2-point rule for short edges. Its error, about dλ·Δφ⁴·q⁗/4320, is set against the ring's area,
// which near a pole is small for a wide dλ: up to 1e-4 rad it stays near round-off there
// (lonlat-area-bound.test.ts); allowed up to 2e-3 rad it reached 7e-10 of a ring at 89.9°.
const GL2_LO = 0.2113248654051871;
const GL2_HI = 0.7886751345948129;
const SHORT_SPAN = 1e-4;

/** atanh(x) by its series where |x| < 0.01 (truncation below 1.2e-17 relative), else Math.atanh. */
function atanh(x: number): number {
  const x2 = x * x;
  return x2 < 1e-4 ? x * (1 + x2 * (1 / 3 + x2 * (1 / 5 + x2 / 7))) : Math.atanh(x);
}

/**
 * q(φ₀ + d) − q(φ₀) for the authalic function q(φ) = (1−e²)·[s/(1−e²s²) + atanh(e·s)/e], s = sin φ:
 * with Δs = sin(φ₀ + d) − sin φ₀ = 2·cos(φ₀ + d/2)·sin(d/2), each term's difference has a closed
 * form proportional to Δs. `s0` = sin φ₀, `w0` = 1 − e²·s0². Taking d (not φ) keeps a metre-sized
 * ring's relative precision: rounding φ itself to a double moves it by up to 1.4 nm.
 */
function qDelta(d: number, phi0: number, s0: number, w0: number): number {
  const ds = 2 * Math.cos(phi0 + d / 2) * Math.sin(d / 2);
  const s = s0 + ds;
  const ss0 = WGS84_E2 * s * s0;
  return (
    (1 - WGS84_E2) *
    ((ds * (1 + ss0)) / ((1 - WGS84_E2 * s * s) * w0) + atanh((WGS84_E * ds) / (1 - ss0)) / WGS84_E)
  );
}

/**
 * Mean of q(φ) − q(φ₀) over a straight edge whose ends lie `from` and `to` degrees of latitude
 * from φ₀ (differences taken in degrees, where they are exact for nearby vertices).
 */
function meanQ(from: number, to: number, phi0: number, s0: number, w0: number): number {
  const span = to - from;
  if (Math.abs(span) * DEG < SHORT_SPAN) {
    return (
      (qDelta((from + span * GL2_LO) * DEG, phi0, s0, w0) +
        qDelta((from + span * GL2_HI) * DEG, phi0, s0, w0)) /
      2
    );
  }
  const pieces = Math.max(1, Math.ceil((Math.abs(span) * DEG) / MAX_SPAN));
  const h = span / pieces;
  let sum = 0;
  for (let k = 0; k < pieces; k++) {
    const a = from + (span * k) / pieces;
    for (let i = 0; i < 4; i++)
      sum += (GL_W[i] as number) * qDelta((a + h * (GL_T[i] as number)) * DEG, phi0, s0, w0);
  }
  return sum / pieces;
}

/**
 * Signed area in square metres of a closed ring (last position equal to the first):
 * positive when counter-clockwise in the longitude/latitude plane. Longitudes are taken as sent,
 * so an edge spanning more than 180° runs the long way round.
 */
export function signedRingArea(ring: readonly Position[]): number {
  const first = ring[0];
  if (first === undefined || ring.length < 4) return 0;
  const lat0 = first[1];
  const phi0 = lat0 * DEG;
  const s0 = Math.sin(phi0);
  const w0 = 1 - WGS84_E2 * s0 * s0;
  let sum = 0;
  let lon = first[0];
  let from = 0;
  for (let i = 1; i < ring.length; i++) {
    const q = ring[i] as Position;
    const dLon = (q[0] - lon) * DEG;
    const to = q[1] - lat0;
    if (dLon !== 0) sum += dLon * meanQ(from, to, phi0, s0, w0);
    lon = q[0];
    from = to;
  }
  return (-WGS84_A * WGS84_A * sum) / 2;
}

/** Area of a polygon: |exterior| minus |each hole|, never below zero. Winding is ignored. */
export function polygonArea(rings: readonly (readonly Position[])[]): number {
  let area = 0;
  rings.forEach((ring, i) => {
    const a = Math.abs(signedRingArea(ring));
    area += i === 0 ? a : -a;
  });
  return Math.max(0, area);
}

/** True when an edge of the ring spans more than 180° of longitude. */
export function hasLongEdge(ring: readonly Position[]): boolean {
  let from = ring[0];
  for (const to of ring) {
    if (from !== undefined && Math.abs(to[0] - from[0]) > 180) return true;
    from = to;
  }
  return false;
}
