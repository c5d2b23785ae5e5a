// Sizes of a ring whose edges are straight in longitude/latitude (the way H3 reads polygons),
// measured on H3's sphere: the exact area it encloses, an area bound that holds even for a
// self-crossing ring, an upper bound of its length, and its longitude/latitude box.
import type { Ring } from "../areal-geometry.ts";
import { forEachEdge } from "../position.ts";
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
  forEachEdge(ring, (x0, y0, x1, y1) => {
    sum += edgeIntegral(x0, y0, x1, y1);
  });
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
  forEachEdge(ring, (lonA, latA, lonB, latB) => {
    const dLon = lonB - lonA;
    const dLat = latB - latA;
    if (dLon === 0) return;
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
    let t0: number | undefined;
    for (const t1 of ts) {
      const start = t0;
      t0 = t1;
      if (start === undefined) continue;
      const tMid = (start + t1) / 2;
      const at =
        cell(lonA + tMid * dLon, box.minLon, stepLon) * n + cell(latA + tMid * dLat, box.minLat, stepLat);
      const lon0 = lonA + start * dLon;
      const lon1 = lonA + t1 * dLon;
      integral[at] =
        (integral[at] as number) + edgeIntegral(lon0, latA + start * dLat, lon1, latA + t1 * dLat);
      span[at] = (span[at] as number) + (lon1 - lon0) * RAD;
    }
  });
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
  const [o, ...rest] = ring;
  if (o === undefined) return 0;
  const [ox, oy] = o;
  let total = 0;
  // The fan's triangles o·a·b for consecutive a, b up to the last position before the closing one.
  forEachEdge(rest.slice(0, -1), (ax, ay, bx, by) => {
    const s = edgeIntegral(ox, oy, ax, ay) + edgeIntegral(ax, ay, bx, by) + edgeIntegral(bx, by, ox, oy);
    total += Math.abs(s);
  });
  return total * R2;
}

/** An upper bound of the ring's length on the sphere (km). */
export function ringLengthBoundKm(ring: Ring): number {
  let total = 0;
  forEachEdge(ring, (lonA, latA, lonB, latB) => {
    // Along the segment, d(length)² = R²(dLat² + cos²(lat)·dLon²) with cos(lat) at most its
    // largest value over the segment's latitudes.
    const maxCos =
      (latA <= 0 && latB >= 0) || (latB <= 0 && latA >= 0)
        ? 1
        : Math.cos(Math.min(Math.abs(latA), Math.abs(latB)) * RAD);
    const dLat = (latB - latA) * RAD;
    const dLon = (lonB - lonA) * RAD * maxCos;
    total += Math.hypot(dLat, dLon);
  });
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
  for (const [lon, lat] of ring) {
    if (lon < box.minLon) box.minLon = lon;
    if (lon > box.maxLon) box.maxLon = lon;
    if (lat < box.minLat) box.minLat = lat;
    if (lat > box.maxLat) box.maxLat = lat;
  }
  return box;
}
