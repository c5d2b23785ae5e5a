// GET /v1/elevation and POST /v1/elevation/profile — heights from the DEM artifact (Alaska).
import { DEM_FAMILY, demOf } from "../data/dem-dataset.ts";
import { ApiError } from "../errors.ts";
import { BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute, type RouteContext } from "../route-types.ts";
import type { SchemaTypes } from "../types/schema-types.ts";
import { describeCoverage, pointAnswer } from "./elevation-answers.ts";
import { PROFILE_LIMITS, profileHandler } from "./elevation-profile.ts";
import { profileGeoJson } from "./geojson-forms.ts";
import { queryLonLat } from "./query-position.ts";

async function elevation(
  query: SchemaTypes["elevation.query"],
  ctx: RouteContext,
): Promise<SchemaTypes["elevation.response"]> {
  const { lon, lat } = queryLonLat(query);
  const interpolation = query.interpolation ?? "bilinear";
  const dem = demOf(ctx);
  const tiles = new Set<string>();
  dem.collectTiles(lon, lat, interpolation, tiles);
  const view = await dem.load(tiles);
  const at = view.locate(lon, lat);
  if (!at)
    throw new ApiError("outside_coverage", {
      field: "lat",
      path: "$",
      lat,
      lon,
      coverage: describeCoverage(dem),
    });
  const sampled = view.sample(at, interpolation);
  if (!sampled) throw new ApiError("no_data", { field: "lat", path: "$", lat, lon, interpolation });
  return pointAnswer(dem, { lon, lat }, at, sampled, interpolation);
}

export const elevationEntries: CatalogEntry[] = [
  defineRoute({
    method: "GET",
    path: "/v1/elevation",
    price: "0.005",
    summary: "Ground elevation at a point (Alaska)",
    description:
      "Height in metres at a latitude/longitude from the ingested DEM blocks of Alaska, bilinear (default) or nearest, with the vertical datum, pixel size, pixels used, source block and its publication date. Outside the coverage: 422 outside_coverage; a void window: 422 no_data; neither is charged.",
    tags: ["elevation"],
    schemas: { query: "elevation.query", response: "elevation.response" },
    limits: [],
    example: { query: { lat: 59.75, lon: -150.5, interpolation: "bilinear" } },
    revisions: ["A", "B"],
    families: [DEM_FAMILY],
    handler: ({ query }, ctx) => elevation(query, ctx),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/elevation/profile",
    price: "0.01",
    summary: "Elevation profile along a polyline (Alaska)",
    description:
      "Heights at samples equally spaced in geodesic distance along a path of [longitude, latitude] positions (default every 60 m, at most 2000), with min, max, gain and loss over consecutive non-null samples and the count of void samples. Limits are checked before any tile is read; a sample outside the coverage is refused with its index (422 outside_coverage), a path void throughout with 422 no_data; neither is charged.",
    tags: ["elevation"],
    schemas: {
      body: "elevation-profile.request",
      response: "elevation-profile.response",
      geojson: "elevation-profile-geojson.response",
    },
    limits: [...Object.values(PROFILE_LIMITS), BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT],
    example: {
      body: {
        path: [
          [-150.6, 59.75],
          [-150.4, 59.8],
        ],
        samples: 5,
        interpolation: "bilinear",
      },
    },
    revisions: ["A", "B"],
    compute: "pool",
    families: [DEM_FAMILY],
    handler: async ({ body, format }, ctx) => {
      const answer = await profileHandler(body, ctx);
      return format === "geojson" ? profileGeoJson(answer) : answer;
    },
  }),
];
