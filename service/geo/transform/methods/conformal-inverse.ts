// Inverse LCC and Hotine on proj4js's set-up constants, with the latitude recovered from the
// isometric latitude to machine precision. proj4js's own inverses stop their fixed-point
// iteration (phi2z) once a step is under 1e-10 rad, which leaves up to ~2e-6 m in latitude;
// PROJ solves the same equation by Newton's method on tan φ (pj_sinhpsi2tanphi), which is what
// `latitudeFromTs` does. The set-up (cone constant, aposphere, rotation) stays proj4js's, so
// forward and inverse keep sharing one definition of the projection.

/** proj4js lcc instance fields read here (radians, metres). */
export interface LccConstants {
  a: number;
  e: number;
  k0: number;
  x0: number;
  y0: number;
  ns: number;
  f0: number;
  rh: number;
  long0: number;
}

/** proj4js omerc instance fields read here (radians, metres). */
export interface OmercConstants {
  a: number;
  e: number;
  x0: number;
  y0: number;
  no_rot: boolean;
  cosrot: number;
  sinrot: number;
  u_0: number;
  BrA: number;
  cosgam: number;
  singam: number;
  E: number;
  B: number;
  rB: number;
  lam0: number;
}

const ROOT_EPS = Math.sqrt(Number.EPSILON);
const TOL = ROOT_EPS / 10;
const TAU_MAX = 2 / ROOT_EPS;
/** proj4js's EPSLN, used by its own tests for the poles. */
const EPSLN = 1e-10;

/** tan φ from sinh ψ (ψ the isometric latitude) by Newton's method, as PROJ's pj_sinhpsi2tanphi. */
function tanPhiFromSinhPsi(taup: number, e: number): number {
  const e2m = 1 - e * e;
  let tau = Math.abs(taup) > 70 ? taup * Math.exp(e * Math.atanh(e)) : taup / e2m;
  const stol = TOL * Math.max(1, Math.abs(taup));
  if (!(Math.abs(tau) < TAU_MAX)) return tau;
  for (let i = 0; i < 5; i++) {
    const tau1 = Math.sqrt(1 + tau * tau);
    const sig = Math.sinh(e * Math.atanh((e * tau) / tau1));
    const taupa = Math.sqrt(1 + sig * sig) * tau - sig * tau1;
    const dtau = ((taup - taupa) * (1 + e2m * tau * tau)) / (e2m * tau1 * Math.sqrt(1 + taupa * taupa));
    tau += dtau;
    if (!(Math.abs(dtau) >= stol)) break;
  }
  return tau;
}

/** Latitude (radians) whose ts = exp(−ψ) is `ts` (PROJ's pj_phi2). */
function latitudeFromTs(ts: number, e: number): number {
  return Math.atan(tanPhiFromSinhPsi((1 / ts - ts) / 2, e));
}

/** Inverse LCC: metres → λ, φ in radians (λ not reduced) into out[0], out[1], as proj4js's lcc.inverse otherwise. */
export function lccInverse(c: LccConstants, px: number, py: number, out: Float64Array): boolean {
  const x = (px - c.x0) / c.k0;
  const y = c.rh - (py - c.y0) / c.k0;
  const sign = c.ns > 0 ? 1 : -1;
  const rho = sign * Math.sqrt(x * x + y * y);
  const theta = rho !== 0 ? Math.atan2(sign * x, sign * y) : 0;
  let phi: number;
  if (rho !== 0 || c.ns > 0) {
    const ts = (rho / (c.a * c.f0)) ** (1 / c.ns);
    phi = latitudeFromTs(ts, c.e);
  } else {
    phi = -Math.PI / 2;
  }
  if (Number.isNaN(phi)) return false;
  out[0] = theta / c.ns + c.long0;
  out[1] = phi;
  return true;
}

/** Inverse Hotine (proj4js omerc): metres → λ, φ in radians (λ not reduced) into out[0], out[1]. */
export function omercInverse(c: OmercConstants, px: number, py: number, out: Float64Array): boolean {
  const x = (px - c.x0) / c.a;
  const y = (py - c.y0) / c.a;
  const v = c.no_rot ? y : x * c.cosrot - y * c.sinrot;
  const u = c.no_rot ? x : y * c.cosrot + x * c.sinrot + c.u_0;
  const qp = Math.exp(-c.BrA * v);
  const sp = 0.5 * (qp - 1 / qp);
  const tp = 0.5 * (qp + 1 / qp);
  const vp = Math.sin(c.BrA * u);
  const up = (vp * c.cosgam + sp * c.singam) / tp;
  if (Math.abs(Math.abs(up) - 1) < EPSLN) {
    out[0] = c.lam0;
    out[1] = up < 0 ? -Math.PI / 2 : Math.PI / 2;
    return true;
  }
  const ts = (c.E / Math.sqrt((1 + up) / (1 - up))) ** (1 / c.B);
  const phi = latitudeFromTs(ts, c.e);
  if (!Number.isFinite(phi)) return false;
  out[0] = -c.rB * Math.atan2(sp * c.cosgam - vp * c.singam, Math.cos(c.BrA * u)) + c.lam0;
  out[1] = phi;
  return true;
}
