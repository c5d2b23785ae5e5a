// THE route table. Registration, prices charged, GET /, GET /openapi.json and the discovery
// extension all come from this one array. Each route group adds its entries here.
import type { Revision } from "./config.ts";
import type { CatalogEntry } from "./route-types.ts";
import { discoveryEntries } from "./routes/discovery.ts";
import { elevationEntries } from "./routes/elevation.ts";
import { helloEntries } from "./routes/hello.ts";

export const CATALOG: readonly CatalogEntry[] = [...discoveryEntries, ...helloEntries, ...elevationEntries];

/** The entries a revision lists. */
export function catalogFor(revision: Revision, catalog: readonly CatalogEntry[] = CATALOG): CatalogEntry[] {
  return catalog.filter((e) => e.revisions.includes(revision));
}
