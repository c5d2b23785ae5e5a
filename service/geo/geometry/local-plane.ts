// The plane a geometry is buffered in: Gauss's conformal sphere at the geometry's centre latitude
// (radius = Gaussian radius of curvature), then the azimuthal equidistant map of that sphere about
// the centre. Metres; x east, y north at the centre. Longitudes come back unwrapped around the
// central meridian (λ0 − 180 … λ0 + 180).
import { gaussSphere } from "./gauss-sphere.ts";

export interface LocalPlane {
  lon0: number;
  lat0: number;
  /** Radius of the sphere the distances are measured on (Gaussian radius of curvature at lat0). */
  radius: number;
  forward(lon: number, lat: number): [number, number];
  inverse(x: number, y: number): [number, number];
  /** Angular distance (radians, on the sphere) of a plane point from the centre. */
  angle(x: number, y: number): number;
  northPole: [number, number];
  southPole: [number, number];
}

export function localPlane(lon0: number, lat0: number): LocalPlane {
  const g = gaussSphere(lat0);
  const R = g.radius;
  const sc0 = Math.sin(g.chi0);
  const cc0 = Math.cos(g.chi0);
  return {
    lon0,
    lat0,
    radius: R,
    forward(lon, lat) {
      let dLon = lon - lon0;
      dLon -= 360 * Math.round(dLon / 360);
      const [lam, chi] = g.forward(dLon, lat);
      const cc = Math.cos(chi);
      const up = cc * Math.cos(lam) * cc0 + Math.sin(chi) * sc0;
      const east = cc * Math.sin(lam);
      const north = -sc0 * cc * Math.cos(lam) + cc0 * Math.sin(chi);
      const h = Math.hypot(east, north);
      if (h === 0) return up > 0 ? [0, 0] : [0, -Math.PI * R];
      const c = Math.atan2(h, up);
      return [(R * c * east) / h, (R * c * north) / h];
    },
    inverse(x, y) {
      const rho = Math.hypot(x, y);
      if (rho === 0) return [lon0, lat0];
      const c = rho / R;
      const sc = Math.sin(c);
      const cc = Math.cos(c);
      const e = (x / rho) * sc;
      const nn = (y / rho) * sc;
      // p = up·cos c + east·e + north·nn, with up = (cosχ0, 0, sinχ0), north = (−sinχ0, 0, cosχ0)
      const px = cc0 * cc - sc0 * nn;
      const pz = sc0 * cc + cc0 * nn;
      const lam = Math.atan2(e, px);
      const chi = Math.atan2(pz, Math.hypot(px, e));
      const [dLon, lat] = g.inverse(lam, chi);
      return [lon0 + dLon, lat];
    },
    angle: (x, y) => Math.hypot(x, y) / R,
    northPole: [0, R * (Math.PI / 2 - g.chi0)],
    southPole: [0, -R * (Math.PI / 2 + g.chi0)],
  };
}
