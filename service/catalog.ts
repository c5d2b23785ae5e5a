// THE route table. Registration, prices charged, GET /, GET /openapi.json and the discovery
// extension all come from this one array. Each route group adds its entries here.
import type { Revision } from "./config.ts";
import type { CatalogEntry } from "./route-types.ts";
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

/** In the order of the spec's price table. Each route says where it runs (`compute: "pool"`). */
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
];

/** The entries a revision lists. */
export function catalogFor(revision: Revision, catalog: readonly CatalogEntry[] = CATALOG): CatalogEntry[] {
  return catalog.filter((e) => e.revisions.includes(revision));
}
