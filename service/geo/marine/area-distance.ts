// Geodesic distance from a position to a charted area hazard: 0 inside any part, otherwise to the
// nearest point of any part's outline. Each edge's nearest point is found in a local plane
// centred on the position (edges of charted areas are short against the 5 km search radius), and
// the distance to that point is the exact WGS 84 geodesic (GeographicLib).

import type { TileRings } from "../../../artifacts/format/enc-tile-codec.ts";
import { E7 } from "../../../artifacts/format/enc-tile-grid.ts";
import { insideRings } from "../../../artifacts/format/ring-containment.ts";
import { geodesicMeters } from "./geodesic-distance.ts";

/** Metres from (lon, lat) to the nearest point of the area made of `parts` (0 when inside one). */
export function areaDistanceMeters(lon: number, lat: number, parts: readonly TileRings[]): number {
  const x = lon * E7;
  const y = lat * E7;
  if (parts.some((rings) => insideRings(rings, x, y))) return 0;
  const kx = Math.cos((lat * Math.PI) / 180); // east-west shrink of a degree at this latitude
  let best = Number.POSITIVE_INFINITY;
  let bestLon = lon;
  let bestLat = lat;
  for (const rings of parts) {
    for (const r of rings) {
      const n = r.length;
      for (let i = 0; i < n; i += 2) {
        const j = (i + 2) % n;
        const ax = ((r[i] as number) - x) * kx;
        const ay = (r[i + 1] as number) - y;
        const bx = ((r[j] as number) - x) * kx;
        const by = (r[j + 1] as number) - y;
        const dx = bx - ax;
        const dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2));
        const px = ax + t * dx;
        const py = ay + t * dy;
        const d2 = px * px + py * py;
        if (d2 < best) {
          best = d2;
          bestLon = lon + px / kx / E7;
          bestLat = lat + py / E7;
        }
      }
    }
  }
  return geodesicMeters(lon, lat, bestLon, bestLat);
}
