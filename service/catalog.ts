// THE route table. Registration, prices charged, GET /, GET /openapi.json and the discovery
// extension all come from this one array. Each route group adds its entries here.
import { RUNS_IN_POOL } from "./compute/pool-routes.ts";
import type { Revision } from "./config.ts";
import { type CatalogEntry, routeKey } from "./route-types.ts";
import { censusEntries } from "./routes/census.ts";
import { demoEntries } from "./routes/demo.ts";
import { discoveryEntries } from "./routes/discovery.ts";
import { elevationEntries } from "./routes/elevation.ts";
import { geojsonEntries } from "./routes/geojson.ts";
import { geometryEntries } from "./routes/geometry.ts";
import { h3Entries } from "./routes/h3.ts";
import { helloEntries } from "./routes/hello.ts";
import { marineEntries } from "./routes/marine.ts";
import { pipEntries } from "./routes/pip.ts";
import { timezoneEntries } from "./routes/timezone.ts";
import { transformEntries } from "./routes/transform.ts";

/** In the order of the spec's price table; pool routes marked (compute/pool-routes.ts). */
export const CATALOG: readonly CatalogEntry[] = [
  ...discoveryEntries,
  ...demoEntries,
  ...helloEntries,
  ...geojsonEntries,
  ...transformEntries,
  ...geometryEntries,
  ...h3Entries,
  ...pipEntries,
  ...timezoneEntries,
  ...censusEntries,
  ...elevationEntries,
  ...marineEntries,
].map((e) => (RUNS_IN_POOL.has(routeKey(e)) ? { ...e, compute: "pool" as const } : e));

for (const key of RUNS_IN_POOL)
  if (!CATALOG.some((e) => routeKey(e) === key))
    throw new Error(`RUNS_IN_POOL names ${key}, not in the catalog`);

/** The entries a revision lists. */
export function catalogFor(revision: Revision, catalog: readonly CatalogEntry[] = CATALOG): CatalogEntry[] {
  return catalog.filter((e) => e.revisions.includes(revision));
}
