// Limits shared by many routes (the spec's Limits table).
import type { Limit } from "./geo/limit.ts";

export const BODY_BYTES = 1_048_576;

export const BODY_BYTES_LIMIT: Limit = {
  name: "bodyBytes",
  max: BODY_BYTES,
  unit: "bytes",
  detail: "request body size, checked on Content-Length and again on the body",
};

/**
 * Deepest nesting of objects and arrays in a request body, counted on the raw text before it is
 * parsed: one limit for every GeoJSON member (coordinates, geometries of GeometryCollections,
 * features) and everything else, so no recursion anywhere meets a deeper document. The deepest
 * ordinary request (a FeatureCollection of MultiPolygons inside a body) nests 10 levels.
 */
export const NESTING_DEPTH = 64;

export const NESTING_DEPTH_LIMIT: Limit = {
  name: "nestingDepth",
  max: NESTING_DEPTH,
  unit: "levels",
  detail:
    "nesting of objects and arrays in the body (every GeoJSON member), refused before a price is quoted",
};
