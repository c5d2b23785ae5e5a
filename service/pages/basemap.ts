// GET /pages/basemap.json (free, not a catalog route: a page asset like the scripts): the explorer
// map's base layer. No tile server is reachable from here, so the base layer is the project's own
// data — the timezone family's 1° fast grid (artifacts/format/timezone-lookup.ts `overview`):
// open water, the coastal band, coasts and borders, and land shaded by zone. 64,800 characters,
// built once per timezone version from the grid already in memory; no cell lookup, no file read.
import type { FastifyInstance } from "fastify";
import type { DataRegistry } from "../data/registry.ts";
import { ApiError, errorBody } from "../errors.ts";

export const BASEMAP_PATH = "/pages/basemap.json";

/** What the page draws: the grid's geometry, one character per square (rows from the north). */
export interface Basemap {
  south: number;
  west: number;
  cellDegrees: number;
  rows: number;
  cols: number;
  squares: string;
  /** The timezone version it was drawn from. */
  version: string;
}

export function registerBasemap(app: FastifyInstance, data: DataRegistry): void {
  let cached: { version: string; body: string } | null = null;
  app.get(BASEMAP_PATH, async (_req, reply) => {
    if (!data.has("timezone"))
      return reply.code(503).send(errorBody(new ApiError("data_unavailable", { family: "timezone" })));
    const { value, version } = data.require("timezone");
    if (cached?.version !== version) {
      const { spec, squares } = value.overview();
      const basemap: Basemap = { ...spec, squares, version };
      cached = { version, body: JSON.stringify(basemap) };
    }
    return reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(cached.body);
  });
}
