// EPSG method 1130 "Local Orthographic" (EPSG Guidance Note 7-2, 2024): the ellipsoidal
// orthographic projection (method 9840) about (lat0, lon0), rotated so that the grid's Y axis
// points at azimuth alpha, and scaled by k0. PROJ computes it as +proj=ortho +alpha +k.
// proj4js has only the spherical orthographic, so the method is computed here.
import type { ProjectionDef } from "../../../../artifacts/format/crs-record.ts";
import { ellipsoidOf } from "../ellipsoid-of.ts";
import type { PlanarMethod } from "./planar-method.ts";

const DEG = Math.PI / 180;

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
      const e = (x - x0) / (a * k0);
      const n = (y - y0) / (a * k0);
      const tu = e * cosA + n * sinA;
      const tv = -e * sinA + n * cosA;
      const rho = Math.hypot(tu, tv);
      if (rho > 1) return undefined;
      // Spherical start, then Newton on the ellipsoidal equations.
      const c = Math.asin(rho);
      let phi = rho === 0 ? phi0 : Math.asin(Math.cos(c) * sinP0 + (tv * Math.sin(c) * cosP0) / rho);
      let lam = Math.atan2(tu * Math.sin(c), rho * cosP0 * Math.cos(c) - tv * sinP0 * Math.sin(c));
      for (let i = 0; i < 30; i++) {
        const s = Math.sin(phi);
        const co = Math.cos(phi);
        const sl = Math.sin(lam);
        const cl = Math.cos(lam);
        const nu = 1 / Math.sqrt(1 - es * s * s);
        const dnu = es * s * co * nu * nu * nu;
        const [u, v] = uv(phi, lam);
        const uPhi = (dnu * co - nu * s) * sl;
        const uLam = nu * co * cl;
        const vPhi =
          dnu * (s * cosP0 - co * sinP0 * cl) +
          nu * (co * cosP0 + s * sinP0 * cl) -
          es * cosP0 * (dnu * s + nu * co);
        const vLam = nu * co * sinP0 * sl;
        const det = uPhi * vLam - uLam * vPhi;
        if (det === 0 || !Number.isFinite(det)) return undefined;
        const du = tu - u;
        const dv = tv - v;
        const dphi = (du * vLam - dv * uLam) / det;
        const dlam = (uPhi * dv - vPhi * du) / det;
        phi += dphi;
        lam += dlam;
        if (Math.abs(dphi) < 1e-15 && Math.abs(dlam) < 1e-15) break;
      }
      if (!Number.isFinite(phi) || !Number.isFinite(lam)) return undefined;
      let lon = (lam + lam0) / DEG;
      if (lon > 180) lon -= 360;
      else if (lon < -180) lon += 360;
      return [lon, phi / DEG];
    },
  };
}
