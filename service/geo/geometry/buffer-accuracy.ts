// Measures a buffer's distance error where it is drawn: offsets of length |d| laid out in the
// plane from the input positions where the map errs most, all round them, are mapped back to
// lon/lat and measured with GeographicLib's geodesic inverse on WGS 84.
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

/** Input positions per plane the offsets start from: the farthest from its centre, … */
const FARTHEST = 4;
/** … and each of them (and the northernmost and southernmost) in this many directions. */
const DIRECTIONS = 8;

/**
 * Where the plane's distances depart most from the ellipsoid's: the azimuthal map's transverse scale
 * grows with the distance from the centre, the conformal sphere's scale with the latitude away from
 * the centre's; so the positions farthest from the centre and the northernmost and southernmost.
 */
function sources(g: PlaneGeometry): XY[] {
  const all = [...g.points, ...g.paths.flat(), ...g.polygons.flat(2)];
  const far = [...all].sort((p, q) => q[0] * q[0] + q[1] * q[1] - (p[0] * p[0] + p[1] * p[1]));
  const out = new Set(far.slice(0, FARTHEST));
  let north = all[0];
  let south = all[0];
  for (const p of all) {
    if (north && p[1] > north[1]) north = p;
    if (south && p[1] < south[1]) south = p;
  }
  if (north) out.add(north);
  if (south) out.add(south);
  return [...out];
}

/**
 * Error of offsets of length |d| from the input positions where the map errs most (`sources`), in
 * DIRECTIONS directions about the one pointing away from the centre; null when there is nothing to
 * measure.
 */
export function measureOffsets(plane: LocalPlane, g: PlaneGeometry, distance: number): OffsetError | null {
  const d = Math.abs(distance);
  const from = sources(g);
  if (d === 0 || from.length === 0) return null;
  let maxRelative = 0;
  let maxMeters = 0;
  let samples = 0;
  for (const p of from) {
    const [lon1, lat1] = plane.inverse(p[0], p[1]);
    const radial = Math.atan2(p[1], p[0]);
    for (let k = 0; k < DIRECTIONS; k++) {
      const a = radial + (2 * Math.PI * k) / DIRECTIONS;
      const [lon2, lat2] = plane.inverse(p[0] + d * Math.cos(a), p[1] + d * Math.sin(a));
      const measured = Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2).s12 ?? Number.NaN;
      maxRelative = Math.max(maxRelative, Math.abs(measured / d - 1));
      maxMeters = Math.max(maxMeters, Math.abs(measured - d));
      samples++;
    }
  }
  return { samples, maxRelative, maxMeters };
}

/** Inward cut of a chord between arc vertices, as a fraction of the distance. */
export const chordError = (steps: number): number => 1 - Math.cos(Math.PI / (4 * steps));
