// A request member holding a list of `[lon, lat]` positions (h3/index, pip), checked position by
// position: two or three finite numbers, longitude −180..180, latitude −90..90, never normalised.
import { ApiError } from "../errors.ts";
import { assertLonLat } from "./coordinates.ts";

/** The positions as sent (a third number, an altitude, is allowed and ignored). */
export function readPositionList(value: unknown, field: string): number[][] {
  if (!Array.isArray(value))
    throw new ApiError("invalid_field", {
      field,
      path: `$.${field}`,
      reason: "must be an array of [longitude, latitude] positions",
    });
  for (let i = 0; i < value.length; i++) {
    readPosition(value[i], { field, path: `$.${field}[${i}]` });
  }
  return value as number[][];
}

/** Checks one GeoJSON position in place and returns it. */
export function readPosition(p: unknown, where: { field: string; path: string }): number[] {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every((n) => typeof n === "number")) {
    throw new ApiError("invalid_field", {
      ...where,
      reason: "a position is an array of two or three numbers",
    });
  }
  assertLonLat(p[0] as number, p[1] as number, where);
  return p as number[];
}
