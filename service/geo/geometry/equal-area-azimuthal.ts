// Lambert azimuthal equal-area projection of the WGS 84 ellipsoid through its authalic sphere
// (geodetic → authalic latitude is area-preserving, the spherical Lambert map too). Metres.
import { AUTHALIC_RADIUS, authalicLatitude, DEG, latitudeFromAuthalic } from "./ellipsoid.ts";

export interface EqualAreaProjection {
  forward(lon: number, lat: number): [number, number];
  inverse(x: number, y: number): [number, number];
}

/** Projection centred on (lon0, lat0) in degrees. Longitudes of the inverse lie in −180..180. */
export function equalAreaAzimuthal(lon0: number, lat0: number): EqualAreaProjection {
  const b0 = authalicLatitude(lat0 * DEG);
  const sb0 = Math.sin(b0);
  const cb0 = Math.cos(b0);
  const R = AUTHALIC_RADIUS;
  return {
    forward(lon, lat) {
      const b = authalicLatitude(lat * DEG);
      const dl = (lon - lon0) * DEG;
      const sb = Math.sin(b);
      const cb = Math.cos(b);
      const cdl = Math.cos(dl);
      const denom = 1 + sb0 * sb + cb0 * cb * cdl;
      const k = denom > 1e-15 ? Math.sqrt(2 / denom) : 0;
      return [R * k * cb * Math.sin(dl), R * k * (cb0 * sb - sb0 * cb * cdl)];
    },
    inverse(x, y) {
      const rho = Math.hypot(x, y);
      if (rho === 0) return [lon0, lat0];
      const c = 2 * Math.asin(Math.min(1, rho / (2 * R)));
      const sc = Math.sin(c);
      const cc = Math.cos(c);
      const b = Math.asin(Math.max(-1, Math.min(1, cc * sb0 + (y * sc * cb0) / rho)));
      const dl = Math.atan2(x * sc, rho * cb0 * cc - y * sb0 * sc);
      let lon = lon0 + dl / DEG;
      lon = ((((lon + 180) % 360) + 360) % 360) - 180;
      return [lon, latitudeFromAuthalic(b) / DEG];
    },
  };
}
