// POST /v1/transform — reproject positions between EPSG codes; revision B also shifts datums.

import { kernel } from "../compute/kernel.ts";
import { DATUM_GRID_TILES } from "../geo/transform/datum-shift.ts";
import { TRANSFORM_POSITIONS } from "../geo/transform/position-walk.ts";
import { BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute } from "../route-types.ts";

/** The transform (proj4 with it), in the compute workers only (compute/kernel.ts). */
const transformKernel = kernel(() => import("../geo/transform/transform.ts"));

export const transformEntries: CatalogEntry[] = [
  defineRoute({
    method: "POST",
    path: "/v1/transform",
    price: "0.005",
    summary: "Reproject positions between EPSG codes",
    description:
      "Transforms positions (nested arrays or GeoJSON) between EPSG codes of WGS 84, ITRF2020, NAD83 realizations and NAD27: geographic, Web Mercator, UTM, State Plane and low-distortion projections. Revision A applies no datum shift; revision B applies NADCON5 grid shifts and time-dependent Helmert transformations.",
    tags: ["transform"],
    schemas: { body: "transform.request", response: "transform.response" },
    limits: [BODY_BYTES_LIMIT, TRANSFORM_POSITIONS, DATUM_GRID_TILES, NESTING_DEPTH_LIMIT],
    example: { body: { from: "EPSG:4326", to: "EPSG:26905", coordinates: [[-149.9003, 61.2181]] } },
    revisions: ["A", "B"],
    compute: "pool",
    families: ["crs"],
    optionalFamilies: ["datum-grids"],
    handler: async ({ body }, ctx) => {
      const crs = ctx.data.require("crs");
      const revision = ctx.config.revision;
      const grids =
        revision === "B" && ctx.data.has("datum-grids") ? ctx.data.require("datum-grids") : undefined;
      return (await transformKernel()).runTransform(body, {
        registry: crs.value,
        grids: grids?.value,
        revision,
        versions: { crs: crs.version, ...(grids ? { grids: grids.version } : {}) },
      });
    },
  }),
];
