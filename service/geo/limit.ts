// A published limit and the one check that refuses a request crossing it: limit_exceeded naming
// the field, its path and `{name, max, min?, unit, actual}`, `actual` being the count (or value)
// the request carries. Every route's limits are Limit values; the catalog publishes them.
import { Refusal, type RefusalDetails, type Where } from "./refusal.ts";

/** One published limit of a route (the spec's Limits table), advertised in `x-limits`. */
export interface Limit {
  name: string;
  max: number;
  /** Lower bound, for limits that are ranges (buffer distance and steps, simplify tolerances). */
  min?: number;
  unit: string;
  detail: string;
}

/**
 * Throws limit_exceeded when `actual` lies above `limit.max` (or below `limit.min` when it has
 * one); `more` adds details worth a caller's eyes (e.g. the finest resolution that would fit).
 */
export function checkLimit(limit: Limit, actual: number, where: Where, more?: RefusalDetails): void {
  if (actual <= limit.max && (limit.min === undefined || actual >= limit.min)) return;
  const { name, max, min, unit } = limit;
  throw new Refusal("limit_exceeded", {
    ...more,
    ...where,
    limit: min === undefined ? { name, max, unit, actual } : { name, max, min, unit, actual },
  });
}
