// Projection arithmetic delegated to proj4js for the methods where it reproduces PROJ 9.5.1 within
// 1e-8 m once every parameter is given explicitly (transverse Mercator = proj4js etmerc, the
// Poder/Engsager algorithm PROJ uses by default; LCC 1SP/2SP/Michigan; Hotine A/B).
// The proj4js projection object is called directly (radians in, metres out), bypassing its
// datum and unit handling.
import proj4 from "proj4";
import type { EllipsoidDef, ProjectionDef } from "../../../../artifacts/format/crs-record.ts";
import { type LccConstants, lccInverse, type OmercConstants, omercInverse } from "./conformal-inverse.ts";
import type { PlanarMethod } from "./planar-method.ts";

interface XY {
  x: number;
  y: number;
}

/** The part of a proj4js projection instance used here (the typings describe the outer API only). */
interface Proj4Instance {
  forward(p: XY): XY | null | undefined;
  inverse(p: XY): XY | null | undefined;
  /** Central longitude (radians) of lcc/etmerc/merc, and of omerc's computed origin. */
  long0?: number;
  lam0?: number;
  /** omerc: the aposphere constant B. */
  B?: number;
  /** lcc: cone constant n and radius ρ0 of the origin parallel (metres). */
  ns?: number;
  rh?: number;
}

const DEG = Math.PI / 180;

function ellipsoidTerms(e: EllipsoidDef): string {
  if (e.rf !== undefined) return `+a=${e.a} +rf=${e.rf}`;
  if (e.b !== undefined) return `+a=${e.a} +b=${e.b}`;
  throw new Error(`ellipsoid ${e.name} has neither rf nor b`);
}

/** The proj4js definition string for a supported method, every PROJ default written out. */
export function proj4Definition(def: ProjectionDef): string {
  const p = def.params;
  const common = `+x_0=${p.x0} +y_0=${p.y0} ${ellipsoidTerms(def.ellipsoid)} +no_defs`;
  switch (def.method) {
    case "transverse_mercator":
      return `+proj=etmerc +lat_0=${p.lat0} +lon_0=${p.lon0} +k_0=${p.k0} ${common}`;
    case "lambert_conic_conformal_1sp":
      return `+proj=lcc +lat_0=${p.lat0} +lat_1=${p.lat0} +lat_2=${p.lat0} +lon_0=${p.lon0} +k_0=${p.k0} ${common}`;
    case "lambert_conic_conformal_2sp":
    case "lambert_conic_conformal_2sp_michigan":
      return `+proj=lcc +lat_0=${p.lat0} +lat_1=${p.lat1} +lat_2=${p.lat2} +lon_0=${p.lon0} +k_0=${p.k0} ${common}`;
    case "hotine_oblique_mercator_a":
    case "hotine_oblique_mercator_b": {
      const variantA = def.method === "hotine_oblique_mercator_a" ? " +no_uoff" : "";
      return `+proj=omerc${variantA} +lat_0=${p.lat0} +lonc=${p.lon0} +alpha=${p.alpha} +gamma=${p.gamma} +k_0=${p.k0} ${common}`;
    }
    case "pseudo_mercator":
    case "local_orthographic":
      throw new Error(`${def.method} is not computed by proj4js`);
  }
}

/** Reduces an angle in radians to [−π, π] (PROJ's adjlon). */
function adjlon(lam: number): number {
  if (Math.abs(lam) <= Math.PI + 1e-12) return lam;
  return lam - 2 * Math.PI * Math.floor((lam + Math.PI) / (2 * Math.PI));
}

/** Hotine: proj4js's computed origin longitude λ0 (radians) and the aposphere constant B. */
export function proj4jsOblique(def: ProjectionDef): { origin: number; b: number } {
  const inst = create(def);
  return { origin: originOf(def, inst), b: inst.B ?? 1 };
}

function create(def: ProjectionDef): Proj4Instance {
  return proj4.Proj(proj4Definition(def)) as unknown as Proj4Instance;
}

function originOf(def: ProjectionDef, inst: Proj4Instance): number {
  return (def.method.startsWith("hotine") ? inst.lam0 : inst.long0) ?? 0;
}

/**
 * LCC at a pole, as PROJ computes it: ρ = 0 at the cone's apex (the pole on the side of n), the
 * other pole refused. proj4js instead nudges the latitude 2e-10 rad off the pole, which with
 * n ≈ 0.6 moves the point by metres.
 */
function lccApex(def: ProjectionDef, inst: Proj4Instance): (phi: number) => [number, number] | undefined {
  const n = inst.ns ?? 0;
  const rho0 = inst.rh ?? Number.NaN;
  const { k0, x0, y0 } = def.params;
  return (phi) => (phi * n <= 0 ? undefined : [x0, y0 + k0 * rho0]);
}

/** The inverse in radians into out[0], out[1]: our converged-latitude inverse for LCC and Hotine, proj4js's for TM. */
function inverseOf(
  def: ProjectionDef,
  inst: Proj4Instance,
): (x: number, y: number, out: Float64Array) => boolean {
  if (def.method.startsWith("lambert")) {
    const c = inst as unknown as LccConstants;
    return (x, y, out) => lccInverse(c, x, y, out);
  }
  if (def.method.startsWith("hotine")) {
    const c = inst as unknown as OmercConstants;
    return (x, y, out) => omercInverse(c, x, y, out);
  }
  const pt: XY = { x: 0, y: 0 };
  return (x, y, out) => {
    pt.x = x;
    pt.y = y;
    const r = inst.inverse(pt);
    if (!r) return false;
    out[0] = r.x;
    out[1] = r.y;
    return true;
  };
}

/**
 * Wraps proj4js for one projection; degrees in and out, metres on the plane. Like PROJ (and
 * unlike proj4js's omerc), the longitude difference from the central meridian is reduced to
 * [−180°, 180°] before projecting, and inverse longitudes are reduced to [−180°, 180°]. The
 * proj4js point and the radians are scratch objects reused across calls (no allocation per
 * position on the `…Into` paths).
 */
export function proj4jsMethod(def: ProjectionDef): PlanarMethod {
  const inst = create(def);
  const centre = originOf(def, inst);
  const apex = def.method.startsWith("lambert") ? lccApex(def, inst) : undefined;
  const inverse = inverseOf(def, inst);
  const pt: XY = { x: 0, y: 0 };
  const rad = new Float64Array(2);
  const xy = new Float64Array(2);
  const forwardInto = (lon: number, lat: number, out: Float64Array, at: number): boolean => {
    const phi = lat * DEG;
    if (apex && Math.abs(Math.abs(phi) - Math.PI / 2) < 1e-10) {
      const a = apex(phi);
      if (!a) return false;
      out[at] = a[0];
      out[at + 1] = a[1];
      return true;
    }
    pt.x = centre + adjlon(lon * DEG - centre);
    pt.y = phi;
    const r = inst.forward(pt);
    if (!r) return false;
    out[at] = r.x;
    out[at + 1] = r.y;
    return true;
  };
  const inverseInto = (x: number, y: number, lon: Float64Array, lat: Float64Array, at: number): boolean => {
    if (!inverse(x, y, rad)) return false;
    lon[at] = adjlon(rad[0] as number) / DEG;
    lat[at] = (rad[1] as number) / DEG;
    return true;
  };
  const ll = [new Float64Array(1), new Float64Array(1)] as const;
  return {
    forward: (lon, lat) => (forwardInto(lon, lat, xy, 0) ? [xy[0] as number, xy[1] as number] : undefined),
    inverse: (x, y) =>
      inverseInto(x, y, ll[0], ll[1], 0) ? [ll[0][0] as number, ll[1][0] as number] : undefined,
    forwardInto,
    inverseInto,
  };
}
