// Refusing a request that crosses one of its route's published limits, with the limit named.
import { ApiError } from "./errors.ts";
import type { RouteLimit } from "./route-types.ts";

/** Throws limit_exceeded with `{name, max, unit, actual}` when `actual` is above `limit.max`. */
export function assertWithinLimit(
  limit: RouteLimit,
  actual: number,
  where: { field: string; path: string },
): void {
  if (actual <= limit.max) return;
  throw new ApiError("limit_exceeded", {
    ...where,
    limit: { name: limit.name, max: limit.max, unit: limit.unit, actual },
  });
}
