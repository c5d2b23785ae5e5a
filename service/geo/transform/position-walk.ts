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

/**
 * Answer position `k`: x, y from `xy` (2·k and 2·k + 1), then whatever `sent` carries after y.
 * Built with `new Array` and element stores, not an array literal: V8 pretenures a literal's
 * allocation site once its arrays outlive a young-generation collection (a caller that keeps one
 * answer is enough), and 10,000 positions then took 4 ms of old-space allocation against 0.2 ms.
 */
export function answerPosition(xy: Float64Array, k: number, sent: readonly unknown[]): unknown[] {
  const n = sent.length;
  const out = new Array<unknown>(n);
  out[0] = xy[2 * k];
  out[1] = xy[2 * k + 1];
  for (let i = 2; i < n; i++) out[i] = sent[i];
  return out;
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
    if (isPositionNode(node)) return answerPosition(xy, next++, node);
    const out = new Array<unknown>(node.length);
    for (let i = 0; i < node.length; i++) {
      const child = node[i] as unknown[];
      out[i] = typeof child[0] === "number" ? answerPosition(xy, next++, child) : rebuild(child, xy);
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
