// EPSG method 1130 "Local Orthographic" (EPSG Guidance Note 7-2, 2024): the ellipsoidal
// orthographic projection (method 9840) about (lat0, lon0), rotated so that the grid's Y axis
// points at azimuth alpha, and scaled by k0. PROJ computes it as +proj=ortho +alpha +k.
// proj4js has only the spherical orthographic, so the method is computed here.
import type { ProjectionDef } from "../../../../artifacts/format/crs-record.ts";
import { ellipsoidOf } from "../ellipsoid-of.ts";
import type { PlanarMethod } from "./planar-method.ts";

const DEG = Math.PI / 180;
/** PROJ's tolerance on the visibility test (points up to this far behind the limb are accepted). */
export const ORTHO_VISIBILITY_EPS = 1e-10;

/** Cosine of the angle between the ellipsoid normals at the origin and at the point (PROJ's visibility test). */
export function orthographicVisibility(lat0: number, lon0: number, lon: number, lat: number): number {
  const p0 = lat0 * DEG;
  const p = lat * DEG;
  return Math.sin(p0) * Math.sin(p) + Math.cos(p0) * Math.cos(p) * Math.cos((lon - lon0) * DEG);
}

export function localOrthographic(def: ProjectionDef): PlanarMethod {
  const { a, es } = ellipsoidOf(def.ellipsoid);
  const { lat0, lon0, k0, x0, y0 } = def.params;
  const alpha = (def.params.alpha ?? 0) * DEG;
  const sinA = Math.sin(alpha);
  const cosA = Math.cos(alpha);
  const phi0 = lat0 * DEG;
  const sinP0 = Math.sin(phi0);
  const cosP0 = Math.cos(phi0);
  const nu0 = 1 / Math.sqrt(1 - es * sinP0 * sinP0);
  const lam0 = lon0 * DEG;

  /** Orthographic U, V in units of a for geodetic (phi, lam − lam0). */
  const uv = (phi: number, lam: number): [number, number] => {
    const s = Math.sin(phi);
    const c = Math.cos(phi);
    const nu = 1 / Math.sqrt(1 - es * s * s);
    const u = nu * c * Math.sin(lam);
    const v = nu * (s * cosP0 - c * sinP0 * Math.cos(lam)) + es * (nu0 * sinP0 - nu * s) * cosP0;
    return [u, v];
  };

  return {
    forward(lon, lat) {
      let lam = lon * DEG - lam0;
      if (lam > Math.PI) lam -= 2 * Math.PI;
      else if (lam < -Math.PI) lam += 2 * Math.PI;
      const [u, v] = uv(lat * DEG, lam);
      return [x0 + a * k0 * (u * cosA - v * sinA), y0 + a * k0 * (u * sinA + v * cosA)];
    },
    inverse(x, y) {
      // The ellipsoidal orthographic is a parallel projection along the ellipsoid normal n0 at the
      // origin onto the plane spanned by east E = (0, 1, 0) and north N = (−sinφ0, 0, cosφ0), in a
      // frame rotated by λ0 and scaled by a. So the point is A + t·n0 with A = u·E + (v − c)·N,
      // on the ellipsoid X² + Y² + Z²/(1 − e²) = 1, on the near side (larger t): closed form.
      const e = (x - x0) / (a * k0);
      const n = (y - y0) / (a * k0);
      const u = e * cosA + n * sinA;
      const w = -e * sinA + n * cosA - es * nu0 * sinP0 * cosP0;
      const ax = -w * sinP0;
      const ay = u;
      const az = w * cosP0;
      const q = 1 - es;
      const qa = cosP0 * cosP0 + (sinP0 * sinP0) / q;
      const qb = 2 * (ax * cosP0 + (az * sinP0) / q);
      const qc = ax * ax + ay * ay + (az * az) / q - 1;
      const disc = qb * qb - 4 * qa * qc;
      if (disc < 0) return undefined;
      const t = (-qb + Math.sqrt(disc)) / (2 * qa);
      const px = ax + t * cosP0;
      const pz = az + t * sinP0;
      const lam = Math.atan2(ay, px);
      const phi = Math.atan2(pz, q * Math.hypot(px, ay));
      let lon = (lam + lam0) / DEG;
      if (lon > 180) lon -= 360;
      else if (lon < -180) lon += 360;
      return [lon, phi / DEG];
    },
  };
}
