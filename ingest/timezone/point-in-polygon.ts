// Planar point-in-polygon on [lon, lat] coordinates (even-odd rule, holes subtract), the test
// geo-tz itself applies to its clipped pieces, with a bounding box to skip far pieces quickly.
import type { PolygonCoordinates } from "./zone-piece.ts";

export interface PreparedPolygon {
  polygon: PolygonCoordinates;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

export function preparePolygon(polygon: PolygonCoordinates): PreparedPolygon {
  let minLon = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const [lon, lat] of polygon[0] ?? []) {
    minLon = Math.min(minLon, lon!);
    maxLon = Math.max(maxLon, lon!);
    minLat = Math.min(minLat, lat!);
    maxLat = Math.max(maxLat, lat!);
  }
  return { polygon, minLon, maxLon, minLat, maxLat };
}

function inRing(lon: number, lat: number, ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    const ay = a[1]!;
    const by = b[1]!;
    if (ay > lat !== by > lat) {
      const x = a[0]! + ((lat - ay) * (b[0]! - a[0]!)) / (by - ay);
      if (lon < x) inside = !inside;
    }
  }
  return inside;
}

export function containsPoint(p: PreparedPolygon, lon: number, lat: number): boolean {
  if (lon < p.minLon || lon > p.maxLon || lat < p.minLat || lat > p.maxLat) return false;
  const [outer, ...holes] = p.polygon;
  if (!outer || !inRing(lon, lat, outer)) return false;
  return !holes.some((h) => inRing(lon, lat, h));
}
