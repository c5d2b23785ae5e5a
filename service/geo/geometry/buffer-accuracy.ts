// Measures a buffer's distance error where it is drawn: offsets of length |d| laid out in the
// plane from points of the input (perpendicular to its edges, and all round its points) are
// mapped back to lon/lat and measured with GeographicLib's geodesic inverse on WGS 84.
import geographiclib from "geographiclib-geodesic";
import type { LocalPlane } from "./local-plane.ts";
import type { XY } from "./offset-curves.ts";
import type { PlaneGeometry } from "./planar-buffer.ts";

const { Geodesic } = geographiclib;

export interface OffsetError {
  samples: number;
  /** Largest |measured/requested − 1|. */
  maxRelative: number;
  /** Largest |measured − requested| in metres. */
  maxMeters: number;
}

interface Offset {
  from: XY;
  angle: number;
}

function offsetsOf(g: PlaneGeometry): Offset[] {
  const out: Offset[] = [];
  for (const p of g.points) for (let k = 0; k < 8; k++) out.push({ from: p, angle: (k * Math.PI) / 4 });
  for (const path of [...g.paths, ...g.polygons.flat()]) {
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i] as XY;
      const b = path[i + 1] as XY;
      if (a[0] === b[0] && a[1] === b[1]) continue;
      const normal = Math.atan2(-(b[0] - a[0]), b[1] - a[1]);
      const mid: XY = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      for (const from of [a, mid]) out.push({ from, angle: normal }, { from, angle: normal + Math.PI });
    }
  }
  return out;
}

/** Error of at most `budget` offsets spread evenly over the geometry; null when there is nothing to measure. */
export function measureOffsets(
  plane: LocalPlane,
  g: PlaneGeometry,
  distance: number,
  budget: number,
): OffsetError | null {
  const d = Math.abs(distance);
  const all = offsetsOf(g);
  if (d === 0 || all.length === 0) return null;
  const stride = Math.max(1, all.length / budget);
  let maxRelative = 0;
  let maxMeters = 0;
  let samples = 0;
  for (let s = 0; Math.floor(s) < all.length && samples < budget; s += stride) {
    const o = all[Math.floor(s)] as Offset;
    const [lon1, lat1] = plane.inverse(o.from[0], o.from[1]);
    const [lon2, lat2] = plane.inverse(o.from[0] + d * Math.cos(o.angle), o.from[1] + d * Math.sin(o.angle));
    const measured = Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2).s12 ?? Number.NaN;
    maxRelative = Math.max(maxRelative, Math.abs(measured / d - 1));
    maxMeters = Math.max(maxMeters, Math.abs(measured - d));
    samples++;
  }
  return { samples, maxRelative, maxMeters };
}

/** Inward cut of a chord between arc vertices, as a fraction of the distance. */
export const chordError = (steps: number): number => 1 - Math.cos(Math.PI / (4 * steps));
