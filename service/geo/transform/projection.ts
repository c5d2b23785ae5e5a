// A projected CRS's arithmetic in the CRS's own unit, with the method's valid domain enforced:
// positions outside the domain (and any non-finite result) are refused, never returned.
import type { ProjectionDef } from "../../../artifacts/format/crs-record.ts";
import {
  localOrthographic,
  ORTHO_VISIBILITY_EPS,
  orthographicVisibility,
} from "./methods/local-orthographic.ts";
import type { PlanarMethod } from "./methods/planar-method.ts";
import { proj4jsMethod, proj4jsOblique } from "./methods/proj4js-method.ts";
import { pseudoMercator } from "./methods/pseudo-mercator.ts";

export interface Projection {
  /** Longitude, latitude (degrees) → easting, northing in the CRS unit; undefined outside the domain. */
  forward(lon: number, lat: number): [number, number] | undefined;
  /** Easting, northing in the CRS unit → longitude, latitude; undefined when no position of the domain maps there. */
  inverse(x: number, y: number): [number, number] | undefined;
  /** forward() into xy[2·i], xy[2·i + 1] without allocating; false outside the domain. */
  forwardInto(lon: number, lat: number, xy: Float64Array, i: number): boolean;
  /** inverse() into lon[i], lat[i] without allocating; false when no position of the domain maps there. */
  inverseInto(x: number, y: number, lon: Float64Array, lat: Float64Array, i: number): boolean;
}

const DEG = Math.PI / 180;

/** Largest angular distance (degrees) from the central meridian's great circle accepted by transverse Mercator. */
export const TM_MAX_DISTANCE_DEG = 45;
/** Web Mercator's square world: |lat| ≤ atan(sinh(π)). */
export const WEB_MERCATOR_MAX_LAT_DEG = Math.atan(Math.sinh(Math.PI)) / DEG;
/** Hotine: B·|λ − λ0| (angle on the aposphere from the origin meridian λ0) must not exceed this. */
export const HOM_MAX_ORIGIN_ANGLE_DEG = 179;

function wrap180(d: number): number {
  return d - 360 * Math.floor((d + 180) / 360);
}

/** The method's valid domain as a predicate on (lon, lat) in degrees (docs/transform.md "Projection domains"). */
export function domainOf(def: ProjectionDef): (lon: number, lat: number) => boolean {
  const { lat0, lon0 } = def.params;
  switch (def.method) {
    case "transverse_mercator": {
      const limit = Math.sin(TM_MAX_DISTANCE_DEG * DEG);
      // Within 45° of longitude from the central meridian every latitude is inside (no trigonometry).
      return (lon, lat) =>
        Math.abs(wrap180(lon - lon0)) <= TM_MAX_DISTANCE_DEG ||
        Math.cos(lat * DEG) * Math.abs(Math.sin((lon - lon0) * DEG)) <= limit;
    }
    case "lambert_conic_conformal_1sp":
    case "lambert_conic_conformal_2sp":
    case "lambert_conic_conformal_2sp_michigan": {
      // The cone opens towards the pole of the standard parallels' hemisphere; the other pole maps to infinity.
      const n =
        def.method === "lambert_conic_conformal_1sp" ? lat0 : (def.params.lat1 ?? 0) + (def.params.lat2 ?? 0);
      const farPole = n >= 0 ? -90 : 90;
      return (_lon, lat) => Math.abs(lat - farPole) > 1e-9;
    }
    case "hotine_oblique_mercator_a":
    case "hotine_oblique_mercator_b": {
      // Longitudes more than π/B from λ0 cannot come back from the inverse (it answers within π/B).
      const { origin, b } = proj4jsOblique(def);
      const limit = HOM_MAX_ORIGIN_ANGLE_DEG / b;
      const lam0 = origin / DEG;
      return (lon) => Math.abs(wrap180(lon - lam0)) <= limit;
    }
    case "pseudo_mercator":
      return (_lon, lat) => Math.abs(lat) <= WEB_MERCATOR_MAX_LAT_DEG;
    case "local_orthographic":
      return (lon, lat) => orthographicVisibility(lat0, lon0, lon, lat) >= -ORTHO_VISIBILITY_EPS;
  }
}

/** proj4js where it reproduces PROJ (TM, LCC, Hotine); our own code for the others. */
function methodOf(def: ProjectionDef): PlanarMethod {
  if (def.method === "local_orthographic") return localOrthographic(def);
  if (def.method === "pseudo_mercator") return pseudoMercator(def);
  return proj4jsMethod(def);
}

/** The projection of `def`, answering in a unit of `unitToMeter` metres. */
export function createProjection(def: ProjectionDef, unitToMeter: number): Projection {
  const method = methodOf(def);
  const inDomain = domainOf(def);
  const fromMeter = 1 / unitToMeter;
  const forwardRaw =
    method.forwardInto?.bind(method) ??
    ((lon: number, lat: number, out: Float64Array, at: number): boolean => {
      const p = method.forward(lon, lat);
      if (!p) return false;
      out[at] = p[0];
      out[at + 1] = p[1];
      return true;
    });
  const inverseRaw =
    method.inverseInto?.bind(method) ??
    ((x: number, y: number, lon: Float64Array, lat: Float64Array, at: number): boolean => {
      const p = method.inverse(x, y);
      if (!p) return false;
      lon[at] = p[0];
      lat[at] = p[1];
      return true;
    });
  const forwardInto = (lon: number, lat: number, xy: Float64Array, i: number): boolean => {
    if (!inDomain(lon, lat)) return false;
    try {
      if (!forwardRaw(lon, lat, xy, 2 * i)) return false;
    } catch {
      return false;
    }
    const x = (xy[2 * i] as number) * fromMeter;
    const y = (xy[2 * i + 1] as number) * fromMeter;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
    return true;
  };
  const inverseInto = (x: number, y: number, lon: Float64Array, lat: Float64Array, i: number): boolean => {
    try {
      if (!inverseRaw(x * unitToMeter, y * unitToMeter, lon, lat, i)) return false;
    } catch {
      return false;
    }
    const l = lon[i] as number;
    const p = lat[i] as number;
    return Number.isFinite(l) && Number.isFinite(p) && Math.abs(p) <= 90 && inDomain(l, p);
  };
  const xy = new Float64Array(2);
  const lo = new Float64Array(1);
  const la = new Float64Array(1);
  return {
    forward: (lon, lat) => (forwardInto(lon, lat, xy, 0) ? [xy[0] as number, xy[1] as number] : undefined),
    inverse: (x, y) => (inverseInto(x, y, lo, la, 0) ? [lo[0] as number, la[0] as number] : undefined),
    forwardInto,
    inverseInto,
  };
}
