// Time-dependent 15-parameter Helmert in the coordinate-frame convention (EPSG method 1056), as
// PROJ 9.5.1 runs EPSG:10334 / 10336 / 10338: geodetic → geocentric (GRS80), X' = T(t) + (1 + s(t))·R(t)·X
// with the linearised rotation R = [[1, rz, −ry], [−rz, 1, rx], [ry, −rx, 1]], each parameter
// P(t) = P + Ṗ·(t − t0), back to geodetic with PROJ's (Bowring) formula. The inverse is PROJ's:
// (X' − T)/(1 + s), then Rᵀ.
import type { HelmertOperation } from "../../../artifacts/format/crs-record.ts";
import { type Ellipsoid, GRS80 } from "./ellipsoid.ts";

const DEG = Math.PI / 180;
const ARCSEC = Math.PI / 648000;

export type Xyz = [number, number, number];

export function geodeticToGeocentric(lon: number, lat: number, h: number, e: Ellipsoid = GRS80): Xyz {
  const out = new Float64Array(3);
  geodeticToGeocentricInto(lon, lat, h, out, e);
  return [out[0] as number, out[1] as number, out[2] as number];
}

/** geodeticToGeocentric into out[0..2] (no allocation). */
function geodeticToGeocentricInto(
  lon: number,
  lat: number,
  h: number,
  out: Float64Array,
  e: Ellipsoid,
): void {
  const phi = lat * DEG;
  const lam = lon * DEG;
  const sp = Math.sin(phi);
  const cp = Math.cos(phi);
  const n = e.a / Math.sqrt(1 - e.es * sp * sp);
  out[0] = (n + h) * cp * Math.cos(lam);
  out[1] = (n + h) * cp * Math.sin(lam);
  out[2] = (n * (1 - e.es) + h) * sp;
}

/** PROJ's cart inverse, Bowring's closed formula (not iterated), into out[0..2]: longitude, latitude (degrees), h. */
function geocentricToGeodeticInto(x: number, y: number, z: number, out: Float64Array, e: Ellipsoid): void {
  const p = Math.hypot(x, y);
  const theta = Math.atan2(z * e.a, p * e.b);
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const e2s = e.es / (1 - e.es);
  let phi = Math.atan2(z + e2s * e.b * s * s * s, p - e.es * e.a * c * c * c);
  if (Math.abs(phi) > Math.PI / 2) phi = Math.sign(phi) * (Math.PI / 2);
  const lam = Math.atan2(y, x);
  const sp = Math.sin(phi);
  const n = e.a / Math.sqrt(1 - e.es * sp * sp);
  const cp = Math.cos(phi);
  out[0] = lam / DEG;
  out[1] = phi / DEG;
  out[2] = Math.abs(cp) < 1e-6 ? Math.abs(z) - e.b : p / cp - n;
}

interface AtEpoch {
  t: Xyz;
  /** Rotations in radians. */
  r: Xyz;
  scale: number;
}

function atEpoch(op: HelmertOperation, epoch: number): AtEpoch {
  const dt = epoch - op.referenceEpoch;
  return {
    t: [op.tx + op.dtx * dt, op.ty + op.dty * dt, op.tz + op.dtz * dt],
    r: [(op.rx + op.drx * dt) * ARCSEC, (op.ry + op.dry * dt) * ARCSEC, (op.rz + op.drz * dt) * ARCSEC],
    scale: 1 + (op.s + op.ds * dt) * 1e-6,
  };
}

/** Source (ITRF2020) geocentric → target (NAD83 realization) geocentric at `epoch` (decimal year). */
export function helmertForward(op: HelmertOperation, epoch: number, [x, y, z]: Xyz): Xyz {
  const out = new Float64Array(3);
  helmertInto(atEpoch(op, epoch), "forward", x, y, z, out);
  return [out[0] as number, out[1] as number, out[2] as number];
}

/**
 * The geocentric Helmert with its parameters at one epoch, into out[0..2]; "inverse" is target →
 * source, PROJ's way (transpose of the linearised rotation).
 */
function helmertInto(
  { t, r, scale }: AtEpoch,
  direction: "forward" | "inverse",
  x: number,
  y: number,
  z: number,
  out: Float64Array,
): void {
  const [rx, ry, rz] = r;
  if (direction === "forward") {
    out[0] = scale * (x + rz * y - ry * z) + t[0];
    out[1] = scale * (-rz * x + y + rx * z) + t[1];
    out[2] = scale * (ry * x - rx * y + z) + t[2];
    return;
  }
  const X = (x - t[0]) / scale;
  const Y = (y - t[1]) / scale;
  const Z = (z - t[2]) / scale;
  out[0] = X - rz * Y + ry * Z;
  out[1] = rz * X + Y - rx * Z;
  out[2] = -ry * X + rx * Y + Z;
}

/** A geodetic position through the Helmert (both ends GRS80); h is the ellipsoidal height used (0 for 2D CRSs). */
export function helmertGeodetic(
  op: HelmertOperation,
  epoch: number,
  lon: number,
  lat: number,
  h: number,
  direction: "forward" | "inverse",
): Xyz {
  const out = new Float64Array(3);
  helmertPosition(atEpoch(op, epoch), direction, lon, lat, h, out);
  return [out[0] as number, out[1] as number, out[2] as number];
}

/**
 * helmertGeodetic with h = 0 of the positions `idx` of lon/lat, in place: the parameters at
 * `epoch` computed once, no allocation per position.
 */
export function helmertInPlace(
  op: HelmertOperation,
  epoch: number,
  direction: "forward" | "inverse",
  lon: Float64Array,
  lat: Float64Array,
  idx: Int32Array,
): void {
  const params = atEpoch(op, epoch);
  const out = new Float64Array(3);
  for (const i of idx) {
    helmertPosition(params, direction, lon[i] as number, lat[i] as number, 0, out);
    lon[i] = out[0] as number;
    lat[i] = out[1] as number;
  }
}

/** One geodetic position (GRS80) through geocentric, the Helmert and back, into out[0..2]: lon, lat, h. */
function helmertPosition(
  params: AtEpoch,
  direction: "forward" | "inverse",
  lon: number,
  lat: number,
  h: number,
  out: Float64Array,
): void {
  geodeticToGeocentricInto(lon, lat, h, out, GRS80);
  helmertInto(params, direction, out[0] as number, out[1] as number, out[2] as number, out);
  geocentricToGeodeticInto(out[0] as number, out[1] as number, out[2] as number, out, GRS80);
}
