// Gauss's conformal sphere at a latitude φ0: the sphere of radius √(M0·N0) (the Gaussian radius of
// curvature) onto which the ellipsoid is mapped conformally with unit scale at φ0, so distances
// near φ0 keep their length. Latitude: Gauss's conformal latitude χ(φ); longitude: n·Δλ near the
// central meridian, bent to reach exactly ±180° at the far meridian (Λ = Δλ + (n − 1)·sin Δλ) so
// the map stays one-to-one over the whole sphere, poles to poles. Radians inside, degrees outside.
import { DEG, gaussianRadius, WGS84_E, WGS84_E2 } from "./ellipsoid.ts";

export interface GaussSphere {
  /** Sphere radius in metres (the Gaussian radius of curvature at φ0). */
  radius: number;
  /** χ of φ0 (radians). */
  chi0: number;
  /** (Δλ from the centre, φ) in degrees → (Λ, χ) in radians. */
  forward(dLon: number, lat: number): [number, number];
  /** (Λ, χ) in radians → (Δλ, φ) in degrees, Δλ in −180..180. */
  inverse(lam: number, chi: number): [number, number];
}

const srat = (esinp: number, exp: number) => ((1 - esinp) / (1 + esinp)) ** exp;

export function gaussSphere(lat0: number): GaussSphere {
  const phi0 = lat0 * DEG;
  const s0 = Math.sin(phi0);
  const c0 = Math.cos(phi0);
  const n = Math.sqrt(1 + (WGS84_E2 * c0 ** 4) / (1 - WGS84_E2));
  const chi0 = Math.asin(s0 / n);
  const ratexp = 0.5 * n * WGS84_E;
  const k =
    Math.tan(0.5 * chi0 + Math.PI / 4) /
    (Math.tan(0.5 * phi0 + Math.PI / 4) ** n * srat(WGS84_E * s0, ratexp));
  const bend = n - 1;

  const chiOf = (phi: number): number => {
    if (Math.abs(phi) >= Math.PI / 2) return Math.sign(phi) * (Math.PI / 2);
    return (
      2 * Math.atan(k * Math.tan(0.5 * phi + Math.PI / 4) ** n * srat(WGS84_E * Math.sin(phi), ratexp)) -
      Math.PI / 2
    );
  };
  const phiOf = (chi: number): number => {
    if (Math.abs(chi) >= Math.PI / 2) return Math.sign(chi) * (Math.PI / 2);
    const num = (Math.tan(0.5 * chi + Math.PI / 4) / k) ** (1 / n);
    let phi = chi;
    for (let i = 0; i < 30; i++) {
      const next = 2 * Math.atan(num * srat(WGS84_E * Math.sin(phi), -0.5 * WGS84_E)) - Math.PI / 2;
      if (Math.abs(next - phi) < 1e-15) return next;
      phi = next;
    }
    return phi;
  };
  const lamOf = (dl: number) => dl + bend * Math.sin(dl);
  const dLonOf = (lam: number): number => {
    let dl = lam / n;
    for (let i = 0; i < 8; i++) {
      const step = (lamOf(dl) - lam) / (1 + bend * Math.cos(dl));
      dl -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    return dl;
  };
  return {
    radius: gaussianRadius(phi0),
    chi0,
    forward: (dLon, lat) => [lamOf(dLon * DEG), chiOf(lat * DEG)],
    inverse: (lam, chi) => [dLonOf(lam) / DEG, phiOf(chi) / DEG],
  };
}
