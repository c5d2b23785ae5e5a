// Sanity checks of a candidate timezone product before `refresh` builds from it: it reads as
// zones and pieces, the counts lie in the expected range, and known inland points fall in their
// zones in the source polygons themselves (first piece wins, as the build rasterizes).
import { containsPoint, preparePolygon } from "./point-in-polygon.ts";
import type { ZoneSource } from "./zone-piece.ts";

export interface ZoneSourceExpectations {
  /** Inclusive ranges of the zone ids listed and of the clipped pieces. */
  zones?: [number, number];
  pieces?: [number, number];
  /** Inland points and the zone the source polygons must put them in. */
  points: { name: string; lat: number; lon: number; timeZone: string }[];
}

export function zoneSourceSanity(source: ZoneSource, expect: ZoneSourceExpectations): void {
  const inRange = (n: number, r: [number, number] | undefined) => !r || (n >= r[0] && n <= r[1]);
  if (!inRange(source.zones.length, expect.zones))
    throw new Error(`${source.zones.length} zones, expected ${expect.zones?.join("..")}`);
  const found = new Map<string, string>();
  let pieces = 0;
  for (const leaf of source.leaves()) {
    const candidates = leaf.kind === "area" ? [leaf] : leaf.pieces;
    if (leaf.kind === "clipped") pieces += leaf.pieces.length;
    for (const p of expect.points) {
      if (found.has(p.name)) continue;
      const bounds = preparePolygon(leaf.kind === "area" ? leaf.polygon : leaf.bounds);
      if (!containsPoint(bounds, p.lon, p.lat)) continue;
      const hit = candidates.find((c) => containsPoint(preparePolygon(c.polygon), p.lon, p.lat));
      if (hit) found.set(p.name, hit.tzid);
    }
  }
  if (!inRange(pieces, expect.pieces))
    throw new Error(`${pieces} zone pieces, expected ${expect.pieces?.join("..")}`);
  for (const p of expect.points) {
    const got = found.get(p.name);
    if (got !== p.timeZone)
      throw new Error(`known answer: ${p.name} is in ${got ?? "no zone"}, expected ${p.timeZone}`);
  }
}
