// Area on the WGS 84 ellipsoid of rings whose edges are straight in longitude/latitude.
// Lambert's cylindrical equal-area map (x = a·λ, y = a·q(φ)/2) preserves area, so a ring's area
// is −(a²/2)∮ q dλ; along a straight lon/lat edge q is integrated by Gauss–Legendre quadrature.

import { authalicQ, DEG, WGS84_A } from "./ellipsoid.ts";
import type { Position } from "./geojson-input.ts";

// 4-point Gauss–Legendre nodes and weights on [0, 1].
const GL_T = [0.0694318442029737, 0.3300094782075719, 0.6699905217924281, 0.9305681557970263];
const GL_W = [0.1739274225687269, 0.3260725774312731, 0.3260725774312731, 0.1739274225687269];
/** Longest latitude span (radians) integrated by one quadrature. */
const MAX_SPAN = 0.05;

// 2-point rule for short edges (its error, ~Δφ⁴·q⁗/4320, is far below double precision there)
const GL2_T = [0.2113248654051871, 0.7886751345948129];
const SHORT_SPAN = 2e-3;

/** Mean of q(φ) − qRef over a straight edge from φ1 to φ2 (radians). */
function meanQ(phi1: number, phi2: number, qRef: number): number {
  const span = phi2 - phi1;
  if (Math.abs(span) < SHORT_SPAN) {
    return (
      (authalicQ(phi1 + span * (GL2_T[0] as number)) + authalicQ(phi1 + span * (GL2_T[1] as number))) / 2 -
      qRef
    );
  }
  const pieces = Math.max(1, Math.ceil(Math.abs(span) / MAX_SPAN));
  let sum = 0;
  for (let k = 0; k < pieces; k++) {
    const a = phi1 + (span * k) / pieces;
    const h = span / pieces;
    for (let i = 0; i < 4; i++) sum += (GL_W[i] as number) * (authalicQ(a + h * (GL_T[i] as number)) - qRef);
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
  const qRef = authalicQ(first[1] * DEG);
  let sum = 0;
  let p = first;
  for (const q of ring) {
    const from = p;
    p = q;
    const dLon = (q[0] - from[0]) * DEG;
    if (dLon === 0) continue;
    sum += dLon * meanQ(from[1] * DEG, q[1] * DEG, qRef);
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
