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

/** Shortest length of a degree of latitude on WGS 84 (at the equator), metres. */
const MIN_DEGREE_METERS = 110_574;

/**
 * A cheap lower bound (metres) on the geodesic distance, for skipping candidates before the exact
 * computation: degree lengths at their minimum (the equator's meridian degree, scaled by the cosine
 * of the more poleward latitude for longitude) and 1% slack for the ellipsoid's curvature.
 */
export function geodesicLowerBoundMeters(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const cos = Math.cos((Math.max(Math.abs(lat1), Math.abs(lat2)) * Math.PI) / 180);
  const dy = (lat2 - lat1) * MIN_DEGREE_METERS;
  const dx = Math.abs(lon2 - lon1) * MIN_DEGREE_METERS * cos;
  return 0.99 * Math.sqrt(dx * dx + dy * dy);
}
