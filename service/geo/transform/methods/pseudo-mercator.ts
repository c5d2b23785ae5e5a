// EPSG method 1024 "Popular Visualisation Pseudo Mercator" (EPSG:3857) as PROJ's webmerc computes
// it: spherical Mercator on the ellipsoid's semi-major axis with the geodetic latitude as is,
// y = a·asinh(tan φ). (proj4js's merc writes y = a·ln(tan(π/4 + φ/2)), which is 7e-10 m off at
// the equator; this keeps PROJ's exact zero.)
import type { ProjectionDef } from "../../../../artifacts/format/crs-record.ts";
import type { PlanarMethod } from "./planar-method.ts";

const DEG = Math.PI / 180;

export function pseudoMercator(def: ProjectionDef): PlanarMethod {
  const a = def.ellipsoid.a;
  const { lon0, x0, y0 } = def.params;
  const lam0 = lon0 * DEG;
  const adjlon = (l: number) =>
    Math.abs(l) <= Math.PI ? l : l - 2 * Math.PI * Math.floor((l + Math.PI) / (2 * Math.PI));
  return {
    forward(lon, lat) {
      return [x0 + a * adjlon(lon * DEG - lam0), y0 + a * Math.asinh(Math.tan(lat * DEG))];
    },
    inverse(x, y) {
      return [adjlon((x - x0) / a + lam0) / DEG, Math.atan(Math.sinh((y - y0) / a)) / DEG];
    },
  };
}
