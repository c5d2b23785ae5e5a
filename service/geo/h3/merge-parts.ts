// The parts of a MultiPolygon merged into polygons H3 can read as they are, so that `full`
// containment of the union costs one H3 call per merged polygon. Parts are unioned with
// polyclip-ts (edges straight in longitude/latitude) in a longitude frame cut at a meridian no
// part touches: at ±180° when possible, else in the widest gap between the parts, the parts
// west of the cut moved east by 360°. Longitudes above 180° are then brought back by 360°,
// which leaves H3 a ring that crosses ±180° the short way, as H3 reads it. The answer is null,
// and the caller falls back to testing the cells along the seams (union-cover.ts), when no
// such meridian exists, when a part touches a pole (H3 reads no polygon around a pole), when a
// merged polygon across ±180° spans 180° of longitude or more (H3 misreads it), or when merged
// polygons still meet (clipping may keep slivers apart): then the merge would not be the union.
import * as polyclip from "polyclip-ts";
import type { PolygonRings } from "../areal-geometry.ts";
import { type LonLatBox, ringBox } from "./ring-measures.ts";

type Position = [number, number];

export function mergePartsForH3(parts: readonly PolygonRings[]): PolygonRings[] | null {
  const boxes = parts.map((p) => ringBox(p[0] as PolygonRings[number]));
  if (boxes.some((b) => b.maxLat === 90 || b.minLat === -90)) return null;
  const cut = cutMeridian(boxes);
  if (cut === null) return null;
  const moved = parts.map((rings, i) => {
    const shift = (boxes[i] as LonLatBox).maxLon < cut ? 360 : 0;
    return rings.map((ring) => ring.map((p) => [(p[0] as number) + shift, p[1] as number] as Position));
  });
  const [first, ...rest] = moved;
  if (!first) return [];
  const merged = polyclip.union(first, ...rest);
  const mergedBoxes = merged.map((polygon) => ringBox(polygon[0] as PolygonRings[number]));
  const meet = mergedBoxes.some((a, i) => mergedBoxes.some((b, j) => j > i && boxesMeet(a, b)));
  // H3 reads a ring across ±180° correctly only when it spans less than 180° of longitude.
  const wideAcross = mergedBoxes.some((b) => b.minLon < 180 && b.maxLon > 180 && b.maxLon - b.minLon >= 180);
  if (meet || wideAcross) return null;
  return merged.map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [x > 180 ? x - 360 : x, y])));
}

const boxesMeet = (a: LonLatBox, b: LonLatBox): boolean =>
  a.minLon <= b.maxLon && b.minLon <= a.maxLon && a.minLat <= b.maxLat && b.minLat <= a.maxLat;

/**
 * A meridian (−180..180) that no part's box reaches: −180 unless parts reach it from both
 * sides, else the middle of the widest gap between the boxes' longitude ranges; null when the
 * boxes cover the whole circle.
 */
function cutMeridian(boxes: readonly LonLatBox[]): number | null {
  if (!boxes.some((b) => b.minLon === -180) || !boxes.some((b) => b.maxLon === 180)) return -180;
  const spans = boxes.map((b) => [b.minLon, b.maxLon] as const).sort((a, b) => a[0] - b[0]);
  let best: { width: number; at: number } | null = null;
  let reach = spans[0]?.[1] ?? 0;
  for (const [lo, hi] of spans.slice(1)) {
    if (lo > reach && (!best || lo - reach > best.width)) best = { width: lo - reach, at: (lo + reach) / 2 };
    reach = Math.max(reach, hi);
  }
  return best ? best.at : null;
}
