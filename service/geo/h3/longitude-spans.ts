// Edges longer than 180° of longitude. H3 reads such an edge as crossing the antimeridian the
// short way, while GeoJSON tools read it straight across the map: the two disagree, so such a
// ring is refused with its path (cut it at ±180°, RFC 7946 §3.1.9). The one unambiguous case
// is an edge along a pole (both ends at latitude ±90°, a single point on the sphere), as in
// polygons around a pole such as Antarctica: that polygon is cut at the prime meridian into
// halves no wider than 180°, which H3 reads correctly and polyfill unions again.
import * as polyclip from "polyclip-ts";
import type { PolygonRings } from "../areal-geometry.ts";
import type { Where } from "../refusal.ts";
import { Refusal } from "../refusal.ts";

type Position = [number, number];

const WEST: Position[][] = [
  [
    [-180, -90],
    [0, -90],
    [0, 90],
    [-180, 90],
    [-180, -90],
  ],
];
const EAST: Position[][] = [
  [
    [0, -90],
    [180, -90],
    [180, 90],
    [0, 90],
    [0, -90],
  ],
];

/**
 * The parts ready for H3: refused when an edge spans more than 180° of longitude off the
 * poles; a part with such an edge along a pole comes back as its western and eastern halves.
 * `paths[i]` is the JSONPath of part i's coordinates.
 */
export function partsForH3(
  parts: readonly PolygonRings[],
  paths: readonly string[],
  field: string,
): PolygonRings[] {
  const out: PolygonRings[] = [];
  parts.forEach((part, i) => {
    let alongPole = false;
    part.forEach((ring, r) => {
      for (let k = 0; k + 1 < ring.length; k++) {
        const a = ring[k] as number[];
        const b = ring[k + 1] as number[];
        if (Math.abs((b[0] as number) - (a[0] as number)) <= 180) continue;
        if (a[1] === b[1] && Math.abs(a[1] as number) === 90) {
          alongPole = true;
          continue;
        }
        const where: Where = { field, path: `${paths[i]}[${r}][${k}]` };
        throw new Refusal("invalid_geometry", {
          ...where,
          reason:
            "an edge spans more than 180 degrees of longitude; cut polygons that cross the antimeridian at ±180 (RFC 7946 §3.1.9)",
          check: "antimeridian",
        });
      }
    });
    if (!alongPole) {
      out.push(part);
      return;
    }
    const rings = part.map((ring) => ring.map((p) => [p[0] as number, p[1] as number] as Position));
    for (const half of [WEST, EAST]) for (const piece of polyclip.intersection(rings, half)) out.push(piece);
  });
  return out;
}
