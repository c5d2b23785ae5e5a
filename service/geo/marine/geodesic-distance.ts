// Geodesic distances on WGS 84 (GeographicLib): the distance every marine answer reports.
import geographiclib from "geographiclib-geodesic";

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** Geodesic distance in metres between (lon1, lat1) and (lon2, lat2). */
export function geodesicMeters(lon1: number, lat1: number, lon2: number, lat2: number): number {
  return WGS84.Inverse(lat1, lon1, lat2, lon2, Geodesic.DISTANCE).s12 ?? Number.NaN;
}

/** The point `meters` from (lon, lat) along azimuth `azimuth` (degrees clockwise from north). */
export function geodesicDestination(
  lon: number,
  lat: number,
  azimuth: number,
  meters: number,
): [number, number] {
  const r = WGS84.Direct(lat, lon, azimuth, meters, Geodesic.LATITUDE | Geodesic.LONGITUDE);
  return [r.lon2 ?? Number.NaN, r.lat2 ?? Number.NaN];
}
