// Sizes of a ring whose edges are straight in longitude/latitude (the way H3 reads polygons),
// measured on H3's sphere: the exact area it encloses, an area bound that holds even for a
// self-crossing ring, an upper bound of its length, and its longitude/latitude box.
import type { Ring } from "../areal-geometry.ts";
import { EARTH_RADIUS_KM } from "./cell-size-bounds.ts";

const RAD = Math.PI / 180;
const R2 = EARTH_RADIUS_KM * EARTH_RADIUS_KM;

/** sin(x)/x, exact at 0. */
const sinc = (x: number): number => (Math.abs(x) < 1e-8 ? 1 - (x * x) / 6 : Math.sin(x) / x);

/**
 * ∫ sin(lat) d(lon) along the straight lon/lat segment from a to b (radians). By Green's
 * theorem the sum over a closed ring is minus the enclosed ∬ cos(lat) d(lat) d(lon).
 */
function edgeIntegral(lonA: number, latA: number, lonB: number, latB: number): number {
  const dLon = (lonB - lonA) * RAD;
  const dLat = (latB - latA) * RAD;
  const midLat = ((latA + latB) / 2) * RAD;
  return dLon * Math.sin(midLat) * sinc(dLat / 2);
}

/** Signed enclosed area (km²), positive for a counterclockwise ring; exact for a simple ring. */
export function ringSignedAreaKm2(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i] as number[];
    const b = ring[i + 1] as number[];
    sum += edgeIntegral(a[0] as number, a[1] as number, b[0] as number, b[1] as number);
  }
  return -sum * R2;
}

/**
 * Signed area (km², counterclockwise positive) of the part of a simple ring's region with
 * longitude below `lonCut` and latitude below `latCut`: Green's theorem with the integrand
 * −sin(min(lat, latCut)) restricted to lon < lonCut. Edges are split where they cross a cut.
 */
export function ringQuadrantAreaKm2(ring: Ring, lonCut: number, latCut: number): number {
  const sinCut = Math.sin(latCut * RAD);
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i] as number[];
    const b = ring[i + 1] as number[];
    const lonA = a[0] as number;
    const latA = a[1] as number;
    const dLon = (b[0] as number) - lonA;
    const dLat = (b[1] as number) - latA;
    if (dLon === 0) continue;
    const cuts = [0, 1];
    const tLon = (lonCut - lonA) / dLon;
    if (tLon > 0 && tLon < 1) cuts.push(tLon);
    const tLat = dLat === 0 ? -1 : (latCut - latA) / dLat;
    if (tLat > 0 && tLat < 1) cuts.push(tLat);
    cuts.sort((x, y) => x - y);
    for (let k = 0; k + 1 < cuts.length; k++) {
      const t0 = cuts[k] as number;
      const t1 = cuts[k + 1] as number;
      const tMid = (t0 + t1) / 2;
      if (lonA + tMid * dLon >= lonCut) continue;
      const lon0 = lonA + t0 * dLon;
      const lon1 = lonA + t1 * dLon;
      if (latA + tMid * dLat < latCut) sum += edgeIntegral(lon0, latA + t0 * dLat, lon1, latA + t1 * dLat);
      else sum += (lon1 - lon0) * RAD * sinCut;
    }
  }
  return -sum * R2;
}

/**
 * An upper bound of the area the even-odd rule assigns to any ring, self-crossing or not: the
 * sum of the unsigned areas of the triangles fanning out from the first vertex.
 */
export function ringFanAreaBoundKm2(ring: Ring): number {
  const o = ring[0] as number[];
  const ox = o[0] as number;
  const oy = o[1] as number;
  let total = 0;
  for (let i = 1; i + 2 < ring.length; i++) {
    const a = ring[i] as number[];
    const b = ring[i + 1] as number[];
    const ax = a[0] as number;
    const ay = a[1] as number;
    const bx = b[0] as number;
    const by = b[1] as number;
    const s = edgeIntegral(ox, oy, ax, ay) + edgeIntegral(ax, ay, bx, by) + edgeIntegral(bx, by, ox, oy);
    total += Math.abs(s);
  }
  return total * R2;
}

/** An upper bound of the ring's length on the sphere (km). */
export function ringLengthBoundKm(ring: Ring): number {
  let total = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i] as number[];
    const b = ring[i + 1] as number[];
    const latA = a[1] as number;
    const latB = b[1] as number;
    // Along the segment, d(length)² = R²(dLat² + cos²(lat)·dLon²) with cos(lat) at most its
    // largest value over the segment's latitudes.
    const maxCos =
      (latA <= 0 && latB >= 0) || (latB <= 0 && latA >= 0)
        ? 1
        : Math.cos(Math.min(Math.abs(latA), Math.abs(latB)) * RAD);
    const dLat = (latB - latA) * RAD;
    const dLon = ((b[0] as number) - (a[0] as number)) * RAD * maxCos;
    total += Math.hypot(dLat, dLon);
  }
  return total * EARTH_RADIUS_KM;
}

export interface LonLatBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export function ringBox(ring: Ring): LonLatBox {
  const box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const p of ring) {
    const lon = p[0] as number;
    const lat = p[1] as number;
    if (lon < box.minLon) box.minLon = lon;
    if (lon > box.maxLon) box.maxLon = lon;
    if (lat < box.minLat) box.minLat = lat;
    if (lat > box.maxLat) box.maxLat = lat;
  }
  return box;
}
