// POST /v1/geojson/validate and POST /v1/geojson/repair: RFC 7946 checks and safe repairs of a
// GeoJSON document posted directly. Kernels in service/geo/geojson/ (pure, no I/O).

import { kernel } from "../compute/kernel.ts";
import { SELF_INTERSECTION_BUDGET } from "../geo/geojson/budget.ts";
import { BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute } from "../route-types.ts";
import type { SchemaTypes } from "../types/schema-types.ts";

// The checks run in the compute workers only (compute/kernel.ts).
const validateKernel = kernel(() => import("../geo/geojson/validate.ts"));
const repairKernel = kernel(() => import("../geo/geojson/repair.ts"));

const EXAMPLE: SchemaTypes["geojson-validate.request"] = {
  type: "Feature",
  properties: { name: "plot 7" },
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [-149.9, 61.2],
        [-149.88, 61.2],
        [-149.88, 61.21],
        [-149.9, 61.21],
        [-149.9, 61.2],
      ],
    ],
  },
};

const SELF_INTERSECTION_LIMIT = {
  name: "selfIntersectionBudget",
  max: SELF_INTERSECTION_BUDGET,
  unit: "segment-pair comparisons",
  detail:
    "per request, rings cheapest first; a ring or nesting check that does not fit is listed in checksSkipped, never reported clean",
};

export const geojsonEntries: CatalogEntry[] = [
  defineRoute({
    method: "POST",
    path: "/v1/geojson/validate",
    price: "0.005",
    summary: "Validate GeoJSON against RFC 7946",
    description:
      "Checks a Feature, FeatureCollection or bare Geometry: structure, coordinate range, ring closure, winding, repeated positions, self-intersections and hole nesting. Modifies nothing; every issue has a dotted path from the document root.",
    tags: ["geojson"],
    schemas: { body: "geojson-validate.request", response: "geojson-validate.response" },
    limits: [BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT, SELF_INTERSECTION_LIMIT],
    example: { body: EXAMPLE },
    revisions: ["A", "B"],
    compute: "pool",
    handler: async ({ body }) => (await validateKernel()).validateGeoJSON(body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/geojson/repair",
    price: "0.01",
    summary: "Repair GeoJSON winding, repeats, closure and nesting",
    description:
      "Rewinds rings to the right-hand rule, drops consecutive repeated positions, closes unclosed rings and fixes polygon nesting. Same shape out as in; no coordinate moved; idempotent. Whatever it cannot fix safely (self-intersections above all) is listed in unrepaired.",
    tags: ["geojson"],
    schemas: { body: "geojson-repair.request", response: "geojson-repair.response" },
    limits: [BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT],
    example: { body: EXAMPLE },
    revisions: ["A", "B"],
    compute: "pool",
    handler: async ({ body }) => (await repairKernel()).repairGeoJSON(body),
  }),
];
