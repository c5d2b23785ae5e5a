// POST /v1/h3/index and POST /v1/h3/polyfill — H3 cells of positions and of polygons (h3-js v4).

import type { AnswerFormat } from "../answer-format.ts";
import { kernel } from "../compute/kernel.ts";
import { ApiError } from "../errors.ts";
import { indexPoint } from "../geo/h3/cell-index.ts";
import type { PolyfillCells } from "../geo/h3/cells-within-cap.ts";
import type { Containment } from "../geo/h3/part-cells.ts";
import { readPolyfillFeatures } from "../geo/h3/polyfill-input.ts";
import type { PlannedFeature } from "../geo/h3/polyfill-plan.ts";
import { RESOLUTIONS_LIMIT, readResolutions } from "../geo/h3/request-resolutions.ts";
import { checkLimit } from "../geo/limit.ts";
import { readLonLatList } from "../geo/position.ts";
import { BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute, type RouteLimit, type RouteOf } from "../route-types.ts";
import { SAN_FRANCISCO } from "./example-geometries.ts";

const INDEX_POINTS_LIMIT: RouteLimit = {
  name: "points",
  max: 10_000,
  unit: "points",
  detail: "positions in `points`",
};
const POLYFILL_POLYGONS_LIMIT: RouteLimit = {
  name: "polygons",
  max: 500,
  unit: "polygons",
  detail: "polygons in `geojson`, each MultiPolygon part counting as one",
};
const POLYFILL_POSITIONS_LIMIT: RouteLimit = {
  name: "positions",
  max: 10_000,
  unit: "positions",
  detail: "polygon positions in `geojson`, all rings, closing positions included",
};
// The polyfill's planning (polyclip-ts splits parts at the antimeridian) and cell generation run in
// the compute workers only (compute/kernel.ts).
const planKernel = kernel(() => import("../geo/h3/polyfill-plan.ts"));
const cellsKernel = kernel(() => import("../geo/h3/cells-within-cap.ts"));
const geojsonFormsKernel = kernel(() => import("./h3-geojson-forms.ts"));

const POLYFILL_CELLS_LIMIT: RouteLimit = {
  name: "cells",
  max: 100_000,
  unit: "cells",
  detail:
    "cells per call over all features and resolutions: an upper-bound estimate within the cap admits a job before any cell is generated; above it, the cells are counted (when the estimate is at most twice the cap) and only a true count over the cap is refused",
};

type IndexRoute = RouteOf<{
  body: "h3-index.request";
  response: "h3-index.response";
  geojson: "h3-index-geojson.response";
}>;
type PolyfillRoute = RouteOf<{
  body: "h3-polyfill.request";
  response: "h3-polyfill.response";
  geojson: "h3-polyfill-geojson.response";
}>;

const indexCells: IndexRoute["handler"] = async ({ body: b, format }) => {
  const points = readLonLatList(b.points, "points", INDEX_POINTS_LIMIT);
  const resolutions = readResolutions(b);
  const options = { includeCenter: b.includeCenter === true, includeBoundary: b.includeBoundary === true };
  const answer = {
    resolutions,
    count: points.length,
    cells: points.map((p) => indexPoint(p, resolutions, options)),
  };
  return format === "geojson" ? (await geojsonFormsKernel()).h3IndexGeoJson(answer) : answer;
};

const polyfillCells: PolyfillRoute["handler"] = async ({ body: b, format }) => {
  const features = readPolyfillFeatures(b.geojson);
  const resolutions = readResolutions(b);
  const containment = b.containment ?? "center";
  if (b.estimateOnly === true && format === "geojson")
    throw new ApiError("invalid_field", {
      field: "format",
      path: "$.format",
      reason: "an estimateOnly answer has no cells to draw; ask for it as JSON",
    });
  const where = { field: "geojson", path: "$.geojson" };
  checkLimit(POLYFILL_POLYGONS_LIMIT, sum(features.map((f) => f.geometry.parts.length)), where);
  checkLimit(POLYFILL_POSITIONS_LIMIT, sum(features.map((f) => f.geometry.positions)), where);

  const { coarselyWithin, featureEstimate, finestResolutionWithin, planFeatures } = await planKernel();
  const { PolyfillCells } = await cellsKernel();
  const plan = planFeatures(features, "geojson");
  const cap = POLYFILL_CELLS_LIMIT.max;
  const head = { containment, resolutions };
  const cells = new PolyfillCells(plan, containment);
  if (b.estimateOnly !== true && coarselyWithin(plan, resolutions, containment, cap))
    return cellsAnswer(head, plan, resolutions, cells, cap, format);
  const estimates = plan.map((f) => resolutions.map((r) => featureEstimate(f, r, containment)));
  const totals = resolutions.map((_, k) => sum(estimates.map((row) => row[k] as number)));
  const totalEstimate = sum(totals);
  if (b.estimateOnly === true) {
    return {
      ...head,
      estimateOnly: true,
      features: plan.map((f, i) => ({
        index: i,
        id: f.id,
        results: resolutions.map((resolution, k) => ({ resolution, estimate: estimates[i]?.[k] as number })),
      })),
      totals: resolutions.map((resolution, k) => ({ resolution, estimate: totals[k] as number })),
      totalEstimate,
      cellCap: cap,
      withinCap: totalEstimate <= cap,
      finestResolutionWithinCap: finestResolutionWithin(plan, containment, cap),
    };
  }
  if (totalEstimate > cap && !cells.fits(resolutions, cap)) {
    const field = b.resolution !== undefined ? "resolution" : "resolutions";
    checkLimit(
      POLYFILL_CELLS_LIMIT,
      totalEstimate,
      { field, path: `$.${field}` },
      {
        finestResolution: cells.finestResolutionWithin(cap),
        estimates: resolutions.map((resolution, k) => ({ resolution, estimate: totals[k] as number })),
      },
    );
  }
  return cellsAnswer(head, plan, resolutions, cells, cap, format);
};

async function cellsAnswer(
  head: { containment: Containment; resolutions: number[] },
  plan: readonly PlannedFeature[],
  resolutions: readonly number[],
  cells: PolyfillCells,
  cap: number,
  format: AnswerFormat | undefined,
) {
  const results = plan.map((f, i) => ({
    index: i,
    id: f.id,
    results: resolutions.map((resolution) => {
      const found = cells.of(i, resolution);
      return { resolution, count: found.length, cells: found };
    }),
  }));
  const counts = resolutions.map((_, k) => sum(results.map((f) => f.results[k]?.count as number)));
  const answer = {
    ...head,
    estimateOnly: false as const,
    features: results,
    totals: resolutions.map((resolution, k) => ({ resolution, count: counts[k] as number })),
    totalCount: sum(counts),
    cellCap: cap,
  };
  return format === "geojson" ? (await geojsonFormsKernel()).h3PolyfillGeoJson(answer) : answer;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

export const h3Entries: CatalogEntry[] = [
  defineRoute({
    method: "POST",
    path: "/v1/h3/index",
    price: "0.005",
    summary: "Index positions to H3 cells",
    description:
      "For each [longitude, latitude] point, the containing H3 cell (h3-js v4) at each requested resolution, optionally with the cell's centre and closed boundary ring in GeoJSON order. Exactly one of `resolution` or `resolutions`.",
    tags: ["h3"],
    schemas: {
      body: "h3-index.request",
      response: "h3-index.response",
      geojson: "h3-index-geojson.response",
    },
    limits: [INDEX_POINTS_LIMIT, RESOLUTIONS_LIMIT, BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT],
    example: { body: { points: [[-122.4194, 37.7749]], resolution: 9, includeCenter: true } },
    revisions: ["A", "B"],
    compute: "pool",
    forbiddenMembers: ["geojson"],
    handler: indexCells,
  }),
  defineRoute({
    method: "POST",
    path: "/v1/h3/polyfill",
    price: "0.01",
    summary: "Cover polygons with H3 cells",
    description:
      "Covers each Polygon or MultiPolygon feature with H3 cells (h3-js v4) at the requested resolutions: containment center (default), overlapping or full; holes respected; a MultiPolygon's parts unioned. Edges are straight in longitude/latitude. A job whose true count exceeds 100000 cells is refused, naming the finest resolution that truly fits; estimateOnly returns the estimates without generating cells.",
    tags: ["h3"],
    schemas: {
      body: "h3-polyfill.request",
      response: "h3-polyfill.response",
      geojson: "h3-polyfill-geojson.response",
    },
    limits: [
      POLYFILL_POLYGONS_LIMIT,
      POLYFILL_POSITIONS_LIMIT,
      RESOLUTIONS_LIMIT,
      POLYFILL_CELLS_LIMIT,
      BODY_BYTES_LIMIT,
      NESTING_DEPTH_LIMIT,
    ],
    // A variable, not a literal: the schema types `geojson` by its `type` only.
    example: { body: { geojson: SAN_FRANCISCO, resolution: 7 } },
    revisions: ["A", "B"],
    compute: "pool",
    forbiddenMembers: ["points"],
    handler: polyfillCells,
  }),
];
