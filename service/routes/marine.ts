// GET /v1/marine/depth and GET /v1/marine/hazards — charted depth and hazards from NOAA ENC cells.

import type { EncCharts } from "../data/enc-charts.ts";
import { ENC_FAMILY } from "../data/enc-charts.ts";
import { ApiError } from "../errors.ts";
import { checkLimit } from "../geo/limit.ts";
import { depthAt } from "../geo/marine/depth-lookup.ts";
import { hazardsNear } from "../geo/marine/hazard-search.ts";
import { type CatalogEntry, defineRoute, type RouteLimit } from "../route-types.ts";
import { hazardsGeoJson } from "./geojson-forms.ts";
import { depthAnswer, hazardsAnswer, outsideCoverage } from "./marine-answers.ts";
import { queryLonLat } from "./query-position.ts";

const PRICE = "0.005";
/** Tile rings searched around a position for its nearest sounding (about 10 km on this grid). */
export const SOUNDING_RINGS = 6;
export const RADIUS_DEFAULT = 1000;

export const RADIUS_LIMIT: RouteLimit = {
  name: "radius",
  max: 5000,
  unit: "m",
  detail: "search radius, 1 to 5000 metres (default 1000)",
};
export const HAZARDS_LIMIT: RouteLimit = {
  name: "hazards",
  max: 200,
  unit: "hazards",
  detail: "hazards returned, nearest first; the answer says when it truncated",
};
export const TILES_LIMIT: RouteLimit = {
  name: "tiles",
  max: 100,
  unit: "tiles",
  detail: "chart tiles one search may read, decided from the radius before any is read",
};

function radius(query: Record<string, unknown>): number {
  const r = query.radius === undefined ? RADIUS_DEFAULT : (query.radius as number);
  if (!Number.isFinite(r) || r < 1) {
    throw new ApiError("invalid_field", {
      field: "radius",
      path: "radius",
      reason: "radius must be a number of metres, at least 1",
    });
  }
  checkLimit(RADIUS_LIMIT, r, { field: "radius", path: "radius" });
  return r;
}

const charts = (ctx: Parameters<CatalogEntry["handler"]>[1]): EncCharts => ctx.data.require(ENC_FAMILY).value;

export const marineEntries: CatalogEntry[] = [
  defineRoute({
    method: "GET",
    path: "/v1/marine/depth",
    price: PRICE,
    summary: "Charted depth at a position (NOAA ENC)",
    description:
      "The depth range of the charted depth area containing the position, from the largest-scale NOAA ENC cell that charts one (band, then compilation scale), with the nearest charted sounding, survey quality (M_QUAL), chart, source, coverage and a not-for-navigation disclaimer. Nothing is interpolated. Covers 11 cells around Kachemak Bay, Alaska.",
    tags: ["marine"],
    schemas: { query: "marine-depth.query", response: "marine-depth.response" },
    limits: [],
    example: { query: { lat: 59.6033, lon: -151.4192 } },
    revisions: ["A", "B"],
    families: [ENC_FAMILY],
    handler: async ({ query }, ctx) => {
      const q = queryLonLat(query);
      const enc = charts(ctx);
      const session = enc.session();
      const r = await depthAt(session, q.lon, q.lat, { soundingRings: SOUNDING_RINGS });
      switch (r.kind) {
        case "outside_coverage":
          throw new ApiError("outside_coverage", outsideCoverage(enc, q));
        case "no_depth_area":
          throw new ApiError("no_depth_area", {
            query: q,
            cellsConsulted: r.consulted.map((i) => enc.cells[i]?.name ?? String(i)),
            reason:
              "no covering cell charts a depth area with a depth here: land, a drying area charted without depth, or an area left uncharted",
          });
        case "depth":
          return depthAnswer(enc, q, r, session.tilesRead, new Date());
      }
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/marine/hazards",
    price: PRICE,
    summary: "Charted rocks, obstructions and wrecks near a position (NOAA ENC)",
    description:
      "Every charted underwater rock (UWTROC), obstruction (OBSTRN) and wreck (WRECKS) within a geodesic radius (1–5000 m, default 1000), nearest first, with charted depth, water level, name, distance and cell; the largest-scale cell applies per location and a hazard charted twice at a cell seam is returned once. An empty list means the charts show nothing, not that the water is clear.",
    tags: ["marine"],
    schemas: {
      query: "marine-hazards.query",
      response: "marine-hazards.response",
      geojson: "marine-hazards-geojson.response",
    },
    limits: [RADIUS_LIMIT, HAZARDS_LIMIT, TILES_LIMIT],
    example: { query: { lat: 59.6033, lon: -151.4192, radius: 1000 } },
    revisions: ["A", "B"],
    families: [ENC_FAMILY],
    handler: async ({ query, format }, ctx) => {
      const q = { ...queryLonLat(query), radius: radius(query) };
      const enc = charts(ctx);
      const session = enc.session();
      const r = await hazardsNear(session, q.lon, q.lat, q.radius, {
        maxTiles: TILES_LIMIT.max,
        maxHazards: HAZARDS_LIMIT.max,
      });
      switch (r.kind) {
        case "too_many_tiles":
          return checkLimit(TILES_LIMIT, r.tiles, { field: "radius", path: "radius" }) as never;
        case "outside_coverage":
          throw new ApiError("outside_coverage", outsideCoverage(enc, q));
        case "hazards": {
          const answer = hazardsAnswer(enc, q, r, session.tilesRead);
          return format === "geojson"
            ? hazardsGeoJson(
                answer,
                r.hazards.map((f) => f.hazard.parts),
              )
            : answer;
        }
      }
    },
  }),
];
