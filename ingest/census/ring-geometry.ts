// Plain ring arithmetic on flat [lon, lat, ...] rings: spherical area and bounding boxes.
import type { PolygonRings, Ring } from "./boundary-features.ts";

/** Authalic radius of GRS 80 in metres: a sphere of the ellipsoid's area. */
const AUTHALIC_RADIUS = 6_371_007.2;
const RAD = Math.PI / 180;

/** Absolute spherical area of one ring in square metres (edges as rhumb-free chords of lon/lat). */
function ringAreaSquareMetres(ring: Ring): number {
  let sum = 0;
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const lon1 = ring[i * 2]! * RAD;
    const lat1 = ring[i * 2 + 1]! * RAD;
    const lon2 = ring[j * 2]! * RAD;
    const lat2 = ring[j * 2 + 1]! * RAD;
    sum += (lon2 - lon1) * (2 + Math.sin(lat1) + Math.sin(lat2));
  }
  return Math.abs((sum * AUTHALIC_RADIUS * AUTHALIC_RADIUS) / 2);
}

/** Area of polygons (outer rings minus holes) in square metres. */
export function polygonsAreaSquareMetres(polygons: PolygonRings[]): number {
  let area = 0;
  for (const rings of polygons) {
    rings.forEach((ring, i) => {
      area += (i === 0 ? 1 : -1) * ringAreaSquareMetres(ring);
    });
  }
  return area;
}

export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Bounding box of rings in degrees. */
export function ringsBbox(rings: readonly Ring[]): Bbox {
  const b = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 2) {
      const lon = ring[i]!;
      const lat = ring[i + 1]!;
      if (lon < b.minLon) b.minLon = lon;
      if (lon > b.maxLon) b.maxLon = lon;
      if (lat < b.minLat) b.minLat = lat;
      if (lat > b.maxLat) b.maxLat = lat;
    }
  }
  return b;
}
