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

/** Reads `coordinates`: a position, or arrays of positions nested to any depth up to MAX_NESTING_DEPTH. */
export function readCoordinates(coordinates: unknown[]): PositionSet {
  const positions: number[][] = [];
  const paths: string[] = [];
  const walk = (node: unknown[], path: string, depth: number): void => {
    if (depth > MAX_NESTING_DEPTH) {
      throw new ApiError("limit_exceeded", {
        field: "coordinates",
        path,
        limit: { name: "nestingDepth", max: MAX_NESTING_DEPTH, unit: "levels", actual: depth },
      });
    }
    const numbers = node.filter((v) => typeof v === "number").length;
    if (node.length > 0 && numbers === node.length) {
      positions.push(checkPosition(node, "coordinates", path));
      paths.push(path);
      if (positions.length > MAX_POSITIONS) throw limitExceeded(positions.length);
      return;
    }
    node.forEach((child, i) => {
      if (!Array.isArray(child)) {
        throw new ApiError("invalid_field", {
          field: "coordinates",
          path: `${path}[${i}]`,
          reason: "expected a position or an array of positions",
        });
      }
      walk(child, `${path}[${i}]`, depth + 1);
    });
  };
  walk(coordinates, "$.coordinates", 0);
  const rebuild = (node: unknown[], xy: Float64Array, next: { i: number }): unknown[] => {
    if (node.length > 0 && typeof node[0] === "number") {
      const k = next.i++;
      return [xy[2 * k], xy[2 * k + 1], ...node.slice(2)];
    }
    return node.map((child) => rebuild(child as unknown[], xy, next));
  };
  return {
    positions,
    pathOf: (i) => paths[i] ?? "$.coordinates",
    bboxDropped: 0,
    rebuild: (xy) => rebuild(coordinates, xy, { i: 0 }),
  };
}
