// The one position rule of every route (docs/errors.md, "Positions"): a position is an array of two
// or more finite numbers, RFC 7946 §3.1.1 — x (longitude), y (latitude), then an optional altitude
// and any further members, which are kept as sent where an answer echoes positions and ignored
// elsewhere. In EPSG:4326 longitude lies in −180..180 and latitude in −90..90, refused (never
// normalised) otherwise. A malformed position is invalid_field with the path of the position.
import { checkLimit, type Limit } from "./limit.ts";
import { Refusal, type Where } from "./refusal.ts";

/** A position exactly as sent: x (longitude), y (latitude) and any further numbers. */
export type Position = [number, number, ...number[]];

export const POSITION_RULE = "a position is an array of two or more finite numbers";

/** Whether `value` is a position of finite numbers (the common case, checked inline). */
export function isPosition(value: unknown): value is Position {
  if (!Array.isArray(value) || value.length < 2) return false;
  for (const n of value) if (typeof n !== "number" || !Number.isFinite(n)) return false;
  return true;
}

/** Whether a position of finite numbers lies in EPSG:4326's longitude and latitude ranges. */
export const inLonLatRange = (p: Position): boolean =>
  p[0] >= -180 && p[0] <= 180 && p[1] >= -90 && p[1] <= 90;

/**
 * Calls `edge(x0, y0, x1, y1)` for each pair of consecutive positions of a line or ring, in
 * order: the one edge walk of the ring measures, with no index past the end to guard.
 */
export function forEachEdge(
  line: readonly (readonly [number, number, ...number[]])[],
  edge: (x0: number, y0: number, x1: number, y1: number) => void,
): void {
  let from: readonly [number, number, ...number[]] | undefined;
  for (const to of line) {
    if (from !== undefined) edge(from[0], from[1], to[0], to[1]);
    from = to;
  }
}

/** Checks a position in any CRS (arity and finite numbers) and returns it as sent. */
export function readPosition(value: unknown, where: Where): Position {
  if (!isPosition(value)) throw new Refusal("invalid_field", { ...where, reason: POSITION_RULE });
  return value;
}

/** Checks a `[longitude, latitude, …]` position in EPSG:4326 and returns it as sent. */
export function readLonLat(value: unknown, where: Where): Position {
  const p = readPosition(value, where);
  assertLonLat(p[0], p[1], where);
  return p;
}

/**
 * A request member holding a list of EPSG:4326 positions (h3/index, pip, elevation/profile), its
 * length checked against `cap` after every position is read.
 */
export function readLonLatList(value: unknown, field: string, cap: Limit): Position[] {
  const where = { field, path: `$.${field}` };
  if (!Array.isArray(value))
    throw new Refusal("invalid_field", {
      ...where,
      reason: "must be an array of [longitude, latitude] positions",
    });
  for (let i = 0; i < value.length; i++) readLonLat(value[i], { field, path: `$.${field}[${i}]` });
  checkLimit(cap, value.length, where);
  return value as Position[];
}

/** Throws coordinate_out_of_range (or invalid_field for non-finite values). `(lon, lat)` order. */
export function assertLonLat(lon: number, lat: number, where: Where): void {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) {
    throw new Refusal("invalid_field", { ...where, reason: "longitude and latitude must be finite numbers" });
  }
  if (lon < -180 || lon > 180)
    throw new Refusal("coordinate_out_of_range", { ...where, axis: "longitude", value: lon });
  if (lat < -90 || lat > 90)
    throw new Refusal("coordinate_out_of_range", { ...where, axis: "latitude", value: lat });
}
