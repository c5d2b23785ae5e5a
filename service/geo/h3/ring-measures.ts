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
 * Signed areas (km², counterclockwise positive) of a simple ring's region within each tile of
 * an n × n grid over `box`: areas[i][j] is tile column i (longitude), row j (latitude). Each
 * edge is split where it crosses grid lines; by Green's theorem with the integrand
 * −sin(min(lat, cut)) restricted to lon < cut, a tile's area is E + sin(top)·S(top) −
 * sin(bottom)·S(bottom), where E sums the edge integrals of the pieces in the tile and S(row)
 * the longitude spans of the pieces in the tile's column at or above that row.
 */
export function ringTileAreasKm2(ring: Ring, box: LonLatBox, n: number): number[][] {
  const stepLon = (box.maxLon - box.minLon) / n;
  const stepLat = (box.maxLat - box.minLat) / n;
  const lonLine = (k: number): number => (k === n ? box.maxLon : box.minLon + k * stepLon);
  const latLine = (k: number): number => (k === n ? box.maxLat : box.minLat + k * stepLat);
  const cell = (v: number, min: number, step: number): number =>
    step > 0 ? Math.min(n - 1, Math.max(0, Math.floor((v - min) / step))) : 0;
  const integral = new Float64Array(n * n);
  const span = new Float64Array(n * n);
  const ts: number[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i] as number[];
    const b = ring[i + 1] as number[];
    const lonA = a[0] as number;
    const latA = a[1] as number;
    const dLon = (b[0] as number) - lonA;
    const dLat = (b[1] as number) - latA;
    if (dLon === 0) continue;
    ts.length = 0;
    ts.push(0, 1);
    const c0 = cell(Math.min(lonA, lonA + dLon), box.minLon, stepLon);
    const c1 = cell(Math.max(lonA, lonA + dLon), box.minLon, stepLon);
    for (let k = c0 + 1; k <= c1; k++) {
      const t = (lonLine(k) - lonA) / dLon;
      if (t > 0 && t < 1) ts.push(t);
    }
    if (dLat !== 0) {
      const r0 = cell(Math.min(latA, latA + dLat), box.minLat, stepLat);
      const r1 = cell(Math.max(latA, latA + dLat), box.minLat, stepLat);
      for (let k = r0 + 1; k <= r1; k++) {
        const t = (latLine(k) - latA) / dLat;
        if (t > 0 && t < 1) ts.push(t);
      }
    }
    if (ts.length > 2) ts.sort((x, y) => x - y);
    for (let k = 0; k + 1 < ts.length; k++) {
      const t0 = ts[k] as number;
      const t1 = ts[k + 1] as number;
      const tMid = (t0 + t1) / 2;
      const at =
        cell(lonA + tMid * dLon, box.minLon, stepLon) * n + cell(latA + tMid * dLat, box.minLat, stepLat);
      const lon0 = lonA + t0 * dLon;
      const lon1 = lonA + t1 * dLon;
      integral[at] = (integral[at] as number) + edgeIntegral(lon0, latA + t0 * dLat, lon1, latA + t1 * dLat);
      span[at] = (span[at] as number) + (lon1 - lon0) * RAD;
    }
  }
  const areas: number[][] = [];
  for (let c = 0; c < n; c++) {
    const column: number[] = new Array(n);
    let above = 0; // S(row + 1): spans of this column's pieces above the current row
    for (let r = n - 1; r >= 0; r--) {
      const here = above + (span[c * n + r] as number);
      const top = Math.sin(latLine(r + 1) * RAD) * above;
      const bottom = Math.sin(latLine(r) * RAD) * here;
      column[r] = -((integral[c * n + r] as number) + top - bottom) * R2;
      above = here;
    }
    areas.push(column);
  }
  return areas;
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
