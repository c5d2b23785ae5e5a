// The geometry routes' published limits (the spec's Limits table); checked with checkLimit.
import type { Limit } from "../limit.ts";

/** A limit with a lower bound as well; `min` is carried in the error detail next to `max`. */
export type BoundedLimit = Limit & { min: number };

export const BUFFER_POSITIONS: Limit = {
  name: "positions",
  max: 2000,
  unit: "positions",
  detail: "positions in geojson, every nesting depth and ring closures included",
};
export const BUFFER_DISTANCE: BoundedLimit = {
  name: "distanceMeters",
  min: -1_000_000,
  max: 1_000_000,
  unit: "m",
  detail: "distance from -1000000 to 1000000 metres; negative erodes polygons",
};
export const BUFFER_STEPS: BoundedLimit = {
  name: "steps",
  min: 1,
  max: 128,
  unit: "segments per quadrant",
  detail: "steps from 1 to 128 segments per quarter circle (default 24)",
};
export const SIMPLIFY_POSITIONS: Limit = {
  name: "positions",
  max: 100_000,
  unit: "positions",
  detail: "positions in geojson, every nesting depth and ring closures included",
};
export const SIMPLIFY_TOLERANCE_METERS: BoundedLimit = {
  name: "toleranceMeters",
  min: 0,
  max: 1_000_000,
  unit: "m",
  detail: "toleranceMeters from 0 to 1000000",
};
export const SIMPLIFY_TOLERANCE_DEGREES: BoundedLimit = {
  name: "tolerance",
  min: 0,
  max: 180,
  unit: "degrees",
  detail: "tolerance from 0 to 180 degrees",
};
export const OVERLAY_POSITIONS: Limit = {
  name: "positions",
  max: 2000,
  unit: "positions",
  detail: "positions across all members, ring closures included",
};
export const OVERLAY_GEOMETRIES: BoundedLimit = {
  name: "polygonalGeometries",
  min: 2,
  max: 500,
  unit: "geometries",
  detail:
    "at least 2 Polygon or MultiPolygon members; at most 500 (a ring has at least 4 positions, so 2000 positions carry no more)",
};
export const MEASURE_POSITIONS: Limit = {
  name: "positions",
  max: 100_000,
  unit: "positions",
  detail: "positions in geojson, every nesting depth and ring closures included",
};
