// The positions of a transform request (the set both `coordinates` and `geojson` read into) and the
// reader of `coordinates`: a position, or arrays of positions nested to any depth, each position by
// the one position rule (position.ts). The answer is rebuilt in exactly the shape sent (x, y
// replaced, everything after y passed through). `geojson` is read by the one GeoJSON reader
// (geojson-positions.ts).
import { NESTING_DEPTH_LIMIT } from "../../limits.ts";
import { checkLimit, type Limit } from "../limit.ts";
import { isPosition, type Position, readPosition } from "../position.ts";
import { Refusal } from "../refusal.ts";

/** Deepest array nesting accepted in `coordinates`: the service's one nesting limit (limits.ts). */
const MAX_NESTING_DEPTH = NESTING_DEPTH_LIMIT.max;

export const TRANSFORM_POSITIONS: Limit = {
  name: "positions",
  max: 10_000,
  unit: "positions",
  detail: "positions across coordinates or geojson, all nesting depths",
};

/** `Shape`: what `rebuild` answers (the nested arrays, or the GeoJSON object). */
export interface PositionSet<Shape = unknown> {
  /** The position arrays in document order (each [x, y, …], as sent). */
  positions: Position[];
  /** JSONPath of each position, computed on demand. */
  pathOf(index: number): string;
  /** Number of bbox members dropped. */
  bboxDropped: number;
  /** The same document with new positions (x, y from `xy`, 2·index and 2·index + 1). */
  rebuild(xy: Float64Array): Shape;
}

/** Whether `node` stands for a position (a non-empty array whose first member is a number). */
const isPositionNode = (node: unknown[]): boolean => node.length > 0 && typeof node[0] === "number";

/** JSONPath of the `index`-th position of `coordinates` (walked again: only refusals need it). */
function coordinatesPath(coordinates: unknown[], index: number): string {
  let seen = 0;
  const find = (node: unknown[], path: string): string | undefined => {
    if (isPositionNode(node)) return seen++ === index ? path : undefined;
    for (let i = 0; i < node.length; i++) {
      const hit = find(node[i] as unknown[], `${path}[${i}]`);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  return find(coordinates, "$.coordinates") ?? "$.coordinates";
}

/** Reads `coordinates`: a position, or arrays of positions nested to any depth up to MAX_NESTING_DEPTH. */
export function readCoordinates(coordinates: unknown[]): PositionSet<unknown[]> {
  const positions: Position[] = [];
  // Paths are built only for a refusal, from the indices of the arrays on the way down.
  const trail: number[] = [];
  const here = (extra?: number): string =>
    `$.coordinates${trail.map((i) => `[${i}]`).join("")}${extra === undefined ? "" : `[${extra}]`}`;
  const walk = (node: unknown[], depth: number): void => {
    checkLimit(NESTING_DEPTH_LIMIT, depth, { field: "coordinates", path: here() });
    if (isPositionNode(node)) {
      positions.push(readPosition(node, { field: "coordinates", path: here() }));
      return;
    }
    for (let i = 0; i < node.length; i++) {
      const child = node[i];
      // The common case inline: a child that is a well-formed position.
      if (depth < MAX_NESTING_DEPTH && isPosition(child)) {
        positions.push(child);
        continue;
      }
      if (!Array.isArray(child)) {
        throw new Refusal("invalid_field", {
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
  // The cap on the count of every position read (`actual` is that count).
  checkLimit(TRANSFORM_POSITIONS, positions.length, { field: "coordinates", path: "$.coordinates" });
  let next = 0;
  const rebuild = (node: unknown[], xy: Float64Array): unknown[] => {
    if (isPositionNode(node)) {
      const k = next++;
      return node.length === 2 ? [xy[2 * k], xy[2 * k + 1]] : [xy[2 * k], xy[2 * k + 1], ...node.slice(2)];
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
