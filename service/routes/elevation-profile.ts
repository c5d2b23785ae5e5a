// POST /v1/elevation/profile: checks every limit (positions, samples, length, tiles) before a
// tile is read, then the coverage of every sample, then samples the heights.
import type { Located } from "../data/dem-dataset.ts";
import { demOf } from "../data/dem-dataset.ts";
import { ApiError } from "../errors.ts";
import { defaultSampleCount, pathLength, samplePath } from "../geo/elevation/profile-path.ts";
import { checkLimit } from "../geo/limit.ts";
import { readLonLatList } from "../geo/position.ts";
import type { RouteContext, RouteLimit } from "../route-types.ts";
import type { SchemaTypes } from "../types/schema-types.ts";
import { describeCoverage, profileAnswer } from "./elevation-answers.ts";

export const PROFILE_LIMITS = {
  positions: { name: "positions", max: 500, unit: "positions", detail: "positions of the polyline `path`" },
  samples: {
    name: "samples",
    max: 2000,
    unit: "samples",
    detail: "samples along the path (default: every 60 m, at most 2000)",
  },
  length: {
    name: "lengthMeters",
    max: 1_000_000,
    unit: "m",
    detail: "geodesic length of the path on WGS 84",
  },
  tiles: {
    name: "tiles",
    max: 512,
    unit: "tiles",
    detail: "DEM tiles the samples fall in, counted before any is read",
  },
} as const satisfies Record<string, RouteLimit>;

export async function profileHandler(
  req: SchemaTypes["elevation-profile.request"],
  ctx: RouteContext,
): Promise<SchemaTypes["elevation-profile.response"]> {
  const interpolation = req.interpolation ?? "bilinear";
  const where = { field: "path", path: "$.path" };
  const path = readLonLatList(req.path, "path", PROFILE_LIMITS.positions);
  if (path.length < 2)
    throw new ApiError("invalid_field", {
      ...where,
      reason: "a path needs at least 2 positions",
      actual: path.length,
    });
  if (req.samples !== undefined) {
    const at = { field: "samples", path: "$.samples" };
    checkLimit(PROFILE_LIMITS.samples, req.samples, at);
    if (req.samples < 2)
      throw new ApiError("invalid_field", { ...at, reason: "at least 2 samples", actual: req.samples });
  }
  const length = pathLength(path);
  checkLimit(PROFILE_LIMITS.length, length.lengthMeters, where);
  const count = req.samples ?? defaultSampleCount(length.lengthMeters, PROFILE_LIMITS.samples.max);
  const points = samplePath(path, length, count);

  const dem = demOf(ctx);
  const tilesOf = dem.tilesOfPositions(points, interpolation);
  const tiles = new Set(tilesOf.flatMap((own) => [...own]));
  checkLimit(PROFILE_LIMITS.tiles, tiles.size, where);

  const located: Located[] = [];
  const heights: (number | null)[] = [];
  await dem.visit(tilesOf, (view, index) => {
    const p = points[index] as (typeof points)[number];
    const at = view.locate(p.longitude, p.latitude);
    if (!at) {
      throw new ApiError("outside_coverage", {
        ...where,
        index,
        sample: { index, ...p },
        coverage: describeCoverage(dem),
      });
    }
    located.push(at);
    heights.push(view.sample(at, interpolation)?.elevationMeters ?? null);
  });
  if (heights.every((h) => h === null))
    throw new ApiError("no_data", { ...where, samples: count, interpolation });

  return profileAnswer(dem, {
    points,
    count,
    located,
    heights,
    length,
    interpolation,
    tilesConsulted: tiles.size,
  });
}
