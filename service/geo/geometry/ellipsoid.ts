// WGS 84 constants and the latitude functions the geometry kernels share: radii of curvature,
// the authalic function q(φ) (equal-area maps) and its inverse. Angles in radians.

export const WGS84_A = 6378137;
export const WGS84_F = 1 / 298.257223563;
export const WGS84_E2 = WGS84_F * (2 - WGS84_F);
export const WGS84_E = Math.sqrt(WGS84_E2);
/** IUGG mean radius (2a + b) / 3, the radius a spherical buffer would use. */
export const MEAN_RADIUS = 6371008.7714;

export const DEG = Math.PI / 180;

/** Meridional radius of curvature M(φ). */
export function meridionalRadius(phi: number): number {
  const s = Math.sin(phi);
  const w = 1 - WGS84_E2 * s * s;
  return (WGS84_A * (1 - WGS84_E2)) / (w * Math.sqrt(w));
}

/** Prime-vertical radius of curvature N(φ). */
export function primeVerticalRadius(phi: number): number {
  const s = Math.sin(phi);
  return WGS84_A / Math.sqrt(1 - WGS84_E2 * s * s);
}

/** Gaussian radius of curvature √(M·N) at φ: the radius of the sphere that osculates the ellipsoid there. */
export function gaussianRadius(phi: number): number {
  const s = Math.sin(phi);
  return (WGS84_A * Math.sqrt(1 - WGS84_E2)) / (1 - WGS84_E2 * s * s);
}

/** The authalic function q(φ): a²·q/2 is the area between the equator and latitude φ per radian of longitude. */
export function authalicQ(phi: number): number {
  const s = Math.sin(phi);
  const es = WGS84_E * s;
  return (1 - WGS84_E2) * (s / (1 - es * es) + Math.atanh(es) / WGS84_E);
}

/** q at the pole. */
export const Q_POLE = authalicQ(Math.PI / 2);
/** Radius of the sphere with the ellipsoid's surface area. */
export const AUTHALIC_RADIUS = WGS84_A * Math.sqrt(Q_POLE / 2);

/** Authalic latitude β(φ) = asin(q/q_p). */
export function authalicLatitude(phi: number): number {
  const r = authalicQ(phi) / Q_POLE;
  return Math.asin(Math.max(-1, Math.min(1, r)));
}

/** Geodetic latitude from an authalic latitude (Newton iteration on q). */
export function latitudeFromAuthalic(beta: number): number {
  const q = Q_POLE * Math.sin(beta);
  if (Math.abs(q) >= Q_POLE) return Math.sign(q) * (Math.PI / 2);
  let phi = beta;
  for (let i = 0; i < 12; i++) {
    const s = Math.sin(phi);
    const c = Math.cos(phi);
    const w = 1 - WGS84_E2 * s * s;
    // dq/dφ = 2(1−e²)cosφ / w²
    const step = ((q - authalicQ(phi)) * w * w) / (2 * (1 - WGS84_E2) * c);
    phi += step;
    if (Math.abs(step) < 1e-15) break;
  }
  return Math.max(-Math.PI / 2, Math.min(Math.PI / 2, phi));
}

/** Unit vector of a (lon, lat) in degrees on the sphere (geocentric direction of the geodetic normal). */
export function unitVector(lon: number, lat: number): [number, number, number] {
  const l = lon * DEG;
  const p = lat * DEG;
  const c = Math.cos(p);
  return [c * Math.cos(l), c * Math.sin(l), Math.sin(p)];
}

/** (lon, lat) in degrees of a non-zero vector. */
export function vectorLonLat(v: readonly [number, number, number]): [number, number] {
  const [x, y, z] = v;
  return [Math.atan2(y, x) / DEG, Math.atan2(z, Math.hypot(x, y)) / DEG];
}
