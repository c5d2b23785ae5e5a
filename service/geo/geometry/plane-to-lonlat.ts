// Turns buffer polygons from the local plane into valid RFC 7946 (Multi)Polygon coordinates:
// plane edges are followed closely enough that straight lon/lat edges stay within a tolerance of
// them, rings that wind around a pole are closed along that pole, and anything beyond ±180° is cut
// at the antimeridian and shifted back (polyclip-ts intersection with 360°-wide windows).
import { Refusal } from "../refusal.ts";
import { clip, type MultiPoly, type Ring } from "./clip.ts";
import type { LocalPlane } from "./local-plane.ts";
import type { XY } from "./offset-curves.ts";

/** Deepest halving of one plane edge while following it in lon/lat (at most 2^10 pieces). */
const MAX_DEPTH = 10;

function follow(
  plane: LocalPlane,
  a: XY,
  b: XY,
  la: XY,
  lb: XY,
  tol: number,
  depth: number,
  out: XY[],
): void {
  if (depth < MAX_DEPTH) {
    const mid: XY = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const lonMid = la[0] + unwrapDelta(lb[0] - la[0]) / 2;
    const straight = plane.forward(lonMid, (la[1] + lb[1]) / 2);
    if (Math.hypot(straight[0] - mid[0], straight[1] - mid[1]) > tol) {
      const lm = plane.inverse(mid[0], mid[1]);
      follow(plane, a, mid, la, lm, tol, depth + 1, out);
      out.push(lm);
      follow(plane, mid, b, lm, lb, tol, depth + 1, out);
    }
  }
}

const unwrapDelta = (d: number) => d - 360 * Math.round(d / 360);

function insideRing(ring: XY[], p: XY): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as XY;
    const [xj, yj] = ring[j] as XY;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** One plane ring → lon/lat ring with continuous (unwrapped) longitudes, closed over a pole it winds around. */
function ringToLonLat(
  plane: LocalPlane,
  ring: Ring,
  tol: number,
  path: string,
): { ring: XY[]; pole: boolean } {
  const ll = ring.map(([x, y]) => plane.inverse(x, y));
  const out: XY[] = [ll[0] as XY];
  for (let i = 0; i + 1 < ring.length; i++) {
    follow(plane, ring[i] as XY, ring[i + 1] as XY, ll[i] as XY, ll[i + 1] as XY, tol, 0, out);
    out.push(ll[i + 1] as XY);
  }
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1] as XY;
    const p = out[i] as XY;
    out[i] = [prev[0] + unwrapDelta(p[0] - prev[0]), p[1]];
  }
  const first = out[0] as XY;
  const last = out[out.length - 1] as XY;
  const turns = Math.round((last[0] - first[0]) / 360);
  if (turns === 0) return { ring: out, pole: false };
  const north = insideRing(ring, plane.northPole);
  const south = insideRing(ring, plane.southPole);
  if (north === south) {
    throw new Refusal("invalid_geometry", {
      field: "geojson",
      path,
      reason: "the buffer would wind around both poles or neither; buffer this geometry in smaller parts",
    });
  }
  return { ring: seamAtAntimeridian(out, turns * 360, north ? 90 : -90), pole: true };
}

/**
 * A ring that winds once around a pole (its last position is the first shifted by `turn` = ±360°),
 * restarted where it first crosses an antimeridian (180° + k·360°) and closed along that meridian
 * over the pole, so the closing edges fall exactly on the cut.
 */
function seamAtAntimeridian(ring: XY[], turn: number, poleLat: number): XY[] {
  const sheet = (lon: number) => Math.floor((lon - 180) / 360);
  const n = ring.length - 1;
  let i = 0;
  while (i < n && sheet((ring[i] as XY)[0]) === sheet((ring[i + 1] as XY)[0])) i++;
  const a = ring[i] as XY;
  const b = ring[(i + 1) % (n + 1)] as XY;
  const seam = 180 + 360 * Math.max(sheet(a[0]), sheet(b[0]));
  const t = (seam - a[0]) / (b[0] - a[0]);
  const cut: XY = [seam, a[1] + t * (b[1] - a[1])];
  const out: XY[] = [cut, ...ring.slice(i + 1, n + 1)];
  for (let k = 1; k <= i; k++) out.push([(ring[k] as XY)[0] + turn, (ring[k] as XY)[1]]);
  out.push([seam + turn, cut[1]], [seam + turn, poleLat], [seam, poleLat], cut);
  return out;
}

const windowAt = (k: number): MultiPoly => [
  [
    [
      [-180 + 360 * k, -90],
      [180 + 360 * k, -90],
      [180 + 360 * k, 90],
      [-180 + 360 * k, 90],
      [-180 + 360 * k, -90],
    ],
  ],
];

/** A lon/lat region (one ring, possibly beyond ±180) cut into −180..180 pieces. */
function wrapRing(ring: XY[]): MultiPoly {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of ring) {
    lo = Math.min(lo, p[0]);
    hi = Math.max(hi, p[0]);
  }
  const first = Math.floor((lo + 180) / 360);
  const last = Math.ceil((hi - 180) / 360);
  if (first === last) return [[ring.map(([x, y]) => [clampLon(x - 360 * first), y] as [number, number])]];
  const pieces: MultiPoly = [];
  for (let k = first; k <= last; k++) {
    for (const poly of clip("intersection", [[ring]], windowAt(k)).polygons) {
      pieces.push(poly.map((r) => r.map(([x, y]) => [clampLon(x - 360 * k), y] as [number, number])));
    }
  }
  return pieces;
}

const clampLon = (x: number) => Math.max(-180, Math.min(180, x));
const clampLat = (y: number) => Math.max(-90, Math.min(90, y));

/** Plane polygons → lon/lat polygons inside −180..180 (counter-clockwise exteriors, clockwise holes). */
export function planeToLonLat(plane: LocalPlane, polygons: MultiPoly, tol: number, path: string): MultiPoly {
  const out: MultiPoly = [];
  for (const poly of polygons) {
    const rings = poly.map((r) => ringToLonLat(plane, r, tol, path));
    const inRange = rings.every((r) => !r.pole && r.ring.every(([x]) => x >= -180 && x <= 180));
    if (inRange) {
      out.push(rings.map((r) => r.ring.map(([x, y]) => [x, clampLat(y)] as [number, number])));
      continue;
    }
    const [exterior, ...holes] = rings.map((r) => wrapRing(r.ring.map(([x, y]) => [x, clampLat(y)] as XY)));
    if (!exterior || exterior.length === 0) continue;
    const cores = holes.filter((h) => h.length > 0);
    out.push(...(cores.length > 0 ? clip("difference", exterior, ...cores).polygons : exterior));
  }
  return out;
}
