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
  const phi = lat * DEG;
  const lam = lon * DEG;
  const sp = Math.sin(phi);
  const cp = Math.cos(phi);
  const n = e.a / Math.sqrt(1 - e.es * sp * sp);
  return [(n + h) * cp * Math.cos(lam), (n + h) * cp * Math.sin(lam), (n * (1 - e.es) + h) * sp];
}

/** PROJ's cart inverse: Bowring's closed formula (not iterated). */
export function geocentricToGeodetic(x: number, y: number, z: number, e: Ellipsoid = GRS80): Xyz {
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
  const h = Math.abs(cp) < 1e-6 ? Math.abs(z) - e.b : p / cp - n;
  return [lam / DEG, phi / DEG, h];
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
  const { t, r, scale } = atEpoch(op, epoch);
  const [rx, ry, rz] = r;
  return [
    scale * (x + rz * y - ry * z) + t[0],
    scale * (-rz * x + y + rx * z) + t[1],
    scale * (ry * x - rx * y + z) + t[2],
  ];
}

/** Target geocentric → source geocentric, PROJ's way (transpose of the linearised rotation). */
export function helmertInverse(op: HelmertOperation, epoch: number, [x, y, z]: Xyz): Xyz {
  const { t, r, scale } = atEpoch(op, epoch);
  const [rx, ry, rz] = r;
  const X = (x - t[0]) / scale;
  const Y = (y - t[1]) / scale;
  const Z = (z - t[2]) / scale;
  return [X - rz * Y + ry * Z, rz * X + Y - rx * Z, -ry * X + rx * Y + Z];
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
  const xyz = geodeticToGeocentric(lon, lat, h);
  const out = direction === "forward" ? helmertForward(op, epoch, xyz) : helmertInverse(op, epoch, xyz);
  return geocentricToGeodetic(out[0], out[1], out[2]);
}
