// What a pool route's work will cost, estimated from the request body before the 402 (issue 30,
// Build 2). Two uses:
// - the lane (pool.ts): work whose *ceiling* is a few milliseconds is `light` and never waits
//   behind heavy work; anything the body cannot bound that tightly is `heavy`;
// - a refusal before the 402: work whose *floor* is above the compute deadline cannot finish, and
//   is refused `503 compute_timeout` with nothing quoted or signed.
// The figures are CPU microseconds per unit measured on this 2-core machine (docs/execution.md#cost-estimates);
// ceilings are taken high and floors low, so a wrong estimate costs a lane, never a fair answer.
import { ApiError } from "../errors.ts";
import type { CatalogEntry } from "../route-types.ts";
import type { ComputePool, Lane } from "./pool.ts";

/** Work whose ceiling is at most this many milliseconds goes to the light lane. */
export const LIGHT_MS = 10;

/** Buffer: work per position × steps (segments per quarter circle). */
const BUFFER_CEILING_US = 25;
/** The least a buffer's position × step costs: quiet measurements gave 2.2–3.5 µs. */
const BUFFER_FLOOR_US = 1;
/** Overlays: the worst case is every segment of one operand crossing every segment of another. */
const OVERLAY_PAIR_CEILING_US = 8;
/** Other position-proportional work (measure, simplify, transform, validate, h3 index, pip). */
const POSITION_CEILING_US = 5;
/** The buffer's default steps (schemas/geometry-buffer.request.json). */
const DEFAULT_STEPS = 24;
/** Counting stops here: past it nothing is light anyway. */
const COUNT_CAP = 1_000_000;

export interface CostEstimate {
  lane: Lane;
  /** Milliseconds the work takes at least, when the body bounds it from below. */
  floorMs?: number;
}

/** Positions (arrays whose first member is a number) anywhere in `value`, counted up to COUNT_CAP. */
export function countPositions(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count < COUNT_CAP) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      if (typeof v[0] === "number") count++;
      else for (const item of v) stack.push(item);
    } else if (typeof v === "object" && v !== null) {
      for (const item of Object.values(v)) stack.push(item);
    }
  }
  return count;
}

const laneOf = (ceilingMs: number): Lane => (ceilingMs <= LIGHT_MS ? "light" : "heavy");

/** The estimate for a pool route's body (a body the schema has not checked yet: read defensively). */
export function estimateCost(entry: CatalogEntry, body: unknown): CostEstimate {
  const op = entry.path.split("/").at(-1);
  const positions = countPositions(body);
  if (entry.path === "/v1/geometry/buffer") {
    const raw = (body as { steps?: unknown } | null)?.steps;
    const steps = typeof raw === "number" && raw >= 1 ? raw : DEFAULT_STEPS;
    const units = positions * steps;
    return { lane: laneOf((units * BUFFER_CEILING_US) / 1000), floorMs: (units * BUFFER_FLOOR_US) / 1000 };
  }
  if (op === "union" || op === "intersect" || op === "difference") {
    const half = positions / 2;
    return { lane: laneOf((half * half * OVERLAY_PAIR_CEILING_US) / 1000) };
  }
  // The polyfill's cells and the profile's samples depend on more than the body's positions.
  if (op === "polyfill" || op === "profile") return { lane: "heavy" };
  return { lane: laneOf((positions * POSITION_CEILING_US) / 1000) };
}

/**
 * Before the 402, for a pool route: work that cannot finish within the compute budget is refused
 * before anyone signs, and a lane the pool cannot take now is shed (503 overloaded). The lane.
 */
export function admitPoolWork(
  entry: CatalogEntry,
  body: unknown,
  budgetMs: number,
  pool: Pick<ComputePool, "saturated">,
): Lane {
  const cost = estimateCost(entry, body);
  if (cost.floorMs !== undefined && cost.floorMs > budgetMs)
    throw new ApiError("compute_timeout", {
      phase: "estimate",
      deadlineMs: budgetMs,
      estimatedMs: Math.round(cost.floorMs),
    });
  if (pool.saturated(cost.lane)) throw new ApiError("overloaded", { retryAfterSeconds: 1 });
  return cost.lane;
}
