// Samples along a polyline, equally spaced in geodesic distance on WGS 84 (GeographicLib): the
// first at the first position, the last at the last. Positions are GeoJSON `[lon, lat]`.

import geographiclib from "geographiclib-geodesic";
import type { Position } from "../position.ts";

const { Geodesic } = geographiclib;

const WGS84 = Geodesic.WGS84;
const OUT = Geodesic.LATITUDE | Geodesic.LONGITUDE;

/** Default spacing in metres when no sample count is asked for. */
export const DEFAULT_SPACING_METERS = 60;

export interface PathLength {
  /** Cumulative geodesic distance at each position, in metres (first is 0). */
  cumulative: number[];
  lengthMeters: number;
}

export function pathLength(path: readonly Position[]): PathLength {
  const cumulative = [0];
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Position;
    const b = path[i] as Position;
    total += WGS84.Inverse(a[1], a[0], b[1], b[0], Geodesic.DISTANCE).s12 ?? 0;
    cumulative.push(total);
  }
  return { cumulative, lengthMeters: total };
}

/** Samples every DEFAULT_SPACING_METERS or closer, at least 2, at most `max`. */
export function defaultSampleCount(lengthMeters: number, max: number): number {
  return Math.min(max, Math.max(2, Math.ceil(lengthMeters / DEFAULT_SPACING_METERS) + 1));
}

export interface PathSample {
  distanceMeters: number;
  longitude: number;
  latitude: number;
}

/** `count` (≥ 2) samples equally spaced along a path of at least two positions, in order. */
export function samplePath(path: readonly Position[], length: PathLength, count: number): PathSample[] {
  const out: PathSample[] = [];
  const first = path[0] as Position;
  const last = path[path.length - 1] as Position;
  let segment = 1;
  let line = lineOf(path, 1);
  for (let k = 0; k < count; k++) {
    if (k === 0) {
      out.push({ distanceMeters: 0, longitude: first[0], latitude: first[1] });
      continue;
    }
    if (k === count - 1) {
      out.push({ distanceMeters: length.lengthMeters, longitude: last[0], latitude: last[1] });
      continue;
    }
    const d = (length.lengthMeters * k) / (count - 1);
    while (segment < path.length - 1 && (length.cumulative[segment] as number) < d) {
      segment++;
      line = lineOf(path, segment);
    }
    const start = length.cumulative[segment - 1] as number;
    const p = line.Position(d - start, OUT);
    out.push({ distanceMeters: d, longitude: p.lon2 as number, latitude: p.lat2 as number });
  }
  return out;
}

function lineOf(path: readonly Position[], segment: number) {
  const a = path[segment - 1] as Position;
  const b = path[segment] as Position;
  return WGS84.InverseLine(a[1], a[0], b[1], b[0], OUT | Geodesic.DISTANCE_IN);
}
