// Even-odd point-in-polygon over open E7 rings ([lon0, lat0, lon1, lat1, …], first vertex not
// repeated): the containment rule of ENC coverage, depth and quality areas, shared by ingest
// (which cell applies at a hazard) and service (depth lookups).

/** True when (x, y) is inside the rings by the even-odd rule (exterior and holes alike). */
export function insideRings(rings: readonly ArrayLike<number>[], x: number, y: number): boolean {
  let inside = false;
  for (const r of rings) {
    const n = r.length;
    let xj = r[n - 2] as number;
    let yj = r[n - 1] as number;
    for (let i = 0; i < n; i += 2) {
      const xi = r[i] as number;
      const yi = r[i + 1] as number;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      xj = xi;
      yj = yi;
    }
  }
  return inside;
}

/** Bounding box [west, south, east, north] of open rings. */
export function ringsBounds(rings: readonly ArrayLike<number>[]): [number, number, number, number] {
  let w = Number.POSITIVE_INFINITY;
  let s = Number.POSITIVE_INFINITY;
  let e = Number.NEGATIVE_INFINITY;
  let n = Number.NEGATIVE_INFINITY;
  for (const r of rings) {
    for (let i = 0; i < r.length; i += 2) {
      const x = r[i] as number;
      const y = r[i + 1] as number;
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > n) n = y;
    }
  }
  return [w, s, e, n];
}
