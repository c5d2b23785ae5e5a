// Positions of a transform request, read out of `coordinates` (any nesting) or a GeoJSON object
// into flat arrays, and the answer rebuilt in exactly the shape sent: every array, member, id and
// property is copied except `bbox` members (dropped, counted) and the positions (x, y replaced,
// everything after y passed through).
import { ApiError } from "../../errors.ts";
import { NESTING_DEPTH } from "../../limits.ts";

/** Deepest array nesting accepted in `coordinates`: the service's one nesting limit (limits.ts). */
export const MAX_NESTING_DEPTH = NESTING_DEPTH;
export const MAX_POSITIONS = 10000;

export interface PositionSet {
  /** The position arrays in document order (each [x, y] or [x, y, z]). */
  positions: number[][];
  /** JSONPath of each position, computed on demand. */
  pathOf(index: number): string;
  /** Number of bbox members dropped. */
  bboxDropped: number;
  /** The same document with new positions (x, y from `xy`, 2·index and 2·index + 1). */
  rebuild(xy: Float64Array): unknown;
}

export const POSITION_LIMIT = { name: "positions", max: MAX_POSITIONS, unit: "positions" };

export function limitExceeded(actual: number): ApiError {
  return new ApiError("limit_exceeded", { field: "coordinates", limit: { ...POSITION_LIMIT, actual } });
}

/** Whether `value` is a well-formed 2D or 3D position of finite numbers (the common case, checked inline). */
export function isFinitePosition(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    value.length <= 3 &&
    Number.isFinite(value[0]) &&
    Number.isFinite(value[1]) &&
    (value.length === 2 || Number.isFinite(value[2]))
  );
}

/** A position: 2 or 3 finite numbers. */
export function checkPosition(value: unknown[], field: string, path: string): number[] {
  if (value.length < 2 || value.length > 3) {
    throw new ApiError("invalid_field", { field, path, reason: "a position has 2 or 3 numbers" });
  }
  for (const v of value) {
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new ApiError("invalid_field", { field, path, reason: "position members must be finite numbers" });
    }
  }
  return value as number[];
}

/** Whether `node` is a position (a non-empty array whose first member is a number). */
const isPosition = (node: unknown[]): boolean => node.length > 0 && typeof node[0] === "number";

/** JSONPath of the `index`-th position of `coordinates` (walked again: only refusals need it). */
function coordinatesPath(coordinates: unknown[], index: number): string {
  let seen = 0;
  const find = (node: unknown[], path: string): string | undefined => {
    if (isPosition(node)) return seen++ === index ? path : undefined;
    for (let i = 0; i < node.length; i++) {
      const hit = find(node[i] as unknown[], `${path}[${i}]`);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  return find(coordinates, "$.coordinates") ?? "$.coordinates";
}

/** Reads `coordinates`: a position, or arrays of positions nested to any depth up to MAX_NESTING_DEPTH. */
export function readCoordinates(coordinates: unknown[]): PositionSet {
  const positions: number[][] = [];
  // Paths are built only for a refusal, from the indices of the arrays on the way down.
  const trail: number[] = [];
  const here = (extra?: number): string =>
    `$.coordinates${trail.map((i) => `[${i}]`).join("")}${extra === undefined ? "" : `[${extra}]`}`;
  const walk = (node: unknown[], depth: number): void => {
    if (depth > MAX_NESTING_DEPTH) {
      throw new ApiError("limit_exceeded", {
        field: "coordinates",
        path: here(),
        limit: { name: "nestingDepth", max: MAX_NESTING_DEPTH, unit: "levels", actual: depth },
      });
    }
    if (isPosition(node)) {
      for (let i = 1; i < node.length; i++)
        if (typeof node[i] !== "number")
          throw new ApiError("invalid_field", {
            field: "coordinates",
            path: here(0),
            reason: "expected a position or an array of positions",
          });
      positions.push(checkPosition(node, "coordinates", here()));
      if (positions.length > MAX_POSITIONS) throw limitExceeded(positions.length);
      return;
    }
    for (let i = 0; i < node.length; i++) {
      const child = node[i];
      // The common case inline: a child that is a well-formed 2D or 3D position.
      if (depth < MAX_NESTING_DEPTH && isFinitePosition(child)) {
        positions.push(child);
        if (positions.length > MAX_POSITIONS) throw limitExceeded(positions.length);
        continue;
      }
      if (!Array.isArray(child)) {
        throw new ApiError("invalid_field", {
          field: "coordinates",
          path: here(i),
          reason: "expected a position or an array of positions",
        });
      }
      trail.push(i);
      walk(child, depth + 1);
      trail.pop();
    }
  };
  walk(coordinates, 0);
  let next = 0;
  const rebuild = (node: unknown[], xy: Float64Array): unknown[] => {
    if (isPosition(node)) {
      const k = next++;
      return node.length === 2 ? [xy[2 * k], xy[2 * k + 1]] : [xy[2 * k], xy[2 * k + 1], node[2]];
    }
    const out = new Array<unknown>(node.length);
    for (let i = 0; i < node.length; i++) {
      const child = node[i] as unknown[];
      if (child.length === 2 && typeof child[0] === "number") {
        const k = next++;
        out[i] = [xy[2 * k], xy[2 * k + 1]];
      } else out[i] = rebuild(child, xy);
    }
    return out;
  };
  return {
    positions,
    pathOf: (i) => coordinatesPath(coordinates, i),
    bboxDropped: 0,
    rebuild: (xy) => {
      next = 0;
      return rebuild(coordinates, xy);
    },
  };
}
