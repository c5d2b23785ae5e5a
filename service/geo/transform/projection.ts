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
      return (lon, lat) => Math.cos(lat * DEG) * Math.abs(Math.sin((lon - lon0) * DEG)) <= limit;
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

const finite2 = (p: [number, number] | undefined): p is [number, number] =>
  p !== undefined && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** The projection of `def`, answering in a unit of `unitToMeter` metres. */
export function createProjection(def: ProjectionDef, unitToMeter: number): Projection {
  const method = methodOf(def);
  const inDomain = domainOf(def);
  const fromMeter = 1 / unitToMeter;
  return {
    forward(lon, lat) {
      if (!inDomain(lon, lat)) return undefined;
      let p: [number, number] | undefined;
      try {
        p = method.forward(lon, lat);
      } catch {
        return undefined;
      }
      return finite2(p) ? [p[0] * fromMeter, p[1] * fromMeter] : undefined;
    },
    inverse(x, y) {
      let p: [number, number] | undefined;
      try {
        p = method.inverse(x * unitToMeter, y * unitToMeter);
      } catch {
        return undefined;
      }
      if (!finite2(p) || Math.abs(p[1]) > 90 || !inDomain(p[0], p[1])) return undefined;
      return p;
    },
  };
}
