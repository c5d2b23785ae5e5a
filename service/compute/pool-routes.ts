// THE choice of which routes run in the compute worker pool: those whose worst legal input costs
// more CPU than a lookup (measured in docs/execution.md); everything else runs on the main thread.
// catalog.ts marks these entries `compute: "pool"`; the worker imports this file rather than the
// whole catalog, so a worker starts with only the route groups and families it can be asked for.
import { demOpener } from "../data/dem-dataset.ts";
import type { FamilyOpener } from "../data/families.ts";
import { crsOpener, datumGridsOpener } from "../data/transform-families.ts";
import type { CatalogEntry } from "../route-types.ts";
import { elevationEntries } from "../routes/elevation.ts";
import { geojsonEntries } from "../routes/geojson.ts";
import { geometryEntries } from "../routes/geometry.ts";
import { h3Entries } from "../routes/h3.ts";
import { pipEntries } from "../routes/pip.ts";
import { transformEntries } from "../routes/transform.ts";

export const RUNS_IN_POOL: ReadonlySet<string> = new Set([
  "POST /v1/geojson/validate",
  "POST /v1/geojson/repair",
  "POST /v1/transform",
  "POST /v1/geometry/buffer",
  "POST /v1/geometry/simplify",
  "POST /v1/geometry/union",
  "POST /v1/geometry/intersect",
  "POST /v1/geometry/difference",
  "POST /v1/geometry/area",
  "POST /v1/geometry/centroid",
  "POST /v1/geometry/bbox",
  "POST /v1/h3/index",
  "POST /v1/h3/polyfill",
  "POST /v1/pip",
  "POST /v1/elevation/profile",
]);

/** The route groups holding the pool routes (a worker's whole route table). */
export const POOL_ROUTE_GROUPS: readonly CatalogEntry[] = [
  ...geojsonEntries,
  ...transformEntries,
  ...geometryEntries,
  ...h3Entries,
  ...pipEntries,
  ...elevationEntries,
];

/** Openers of the families pool routes read (a worker opens nothing else). */
export const POOL_FAMILY_OPENERS: readonly FamilyOpener<unknown>[] = [crsOpener, datumGridsOpener, demOpener];
