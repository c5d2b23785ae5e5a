// Recorded answers of every priced route to its catalog example, one file per route under
// schemas/examples/ named after the route's response schema, holding the answer of each revision
// that lists the route (`{"A": ..., "B": ...}`: revision A applies no datum shift, so some
// answers differ). They are real answers of this
// service, written by test/e2e/route-examples.e2e.test.ts (UPDATE_EXAMPLES=1) and checked equal to
// the live answer by that same test. Published as the 200 example in OpenAPI (not in the 402's
// discovery extension, which stays small enough for a proxy's header buffer: route-terms.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Revision } from "./config.ts";
import type { CatalogEntry } from "./route-types.ts";
import { SCHEMA_DIR } from "./schemas.ts";

export const EXAMPLES_DIR = path.join(SCHEMA_DIR, "examples");

export const exampleFile = (entry: Pick<CatalogEntry, "schemas">): string =>
  path.join(EXAMPLES_DIR, `${entry.schemas.response}.json`);

const cache = new Map<string, unknown>();

/** Every recorded revision's answer in the route's file (empty when none is recorded). */
export function recordedExamples(entry: Pick<CatalogEntry, "schemas">): Partial<Record<Revision, unknown>> {
  const file = exampleFile(entry);
  let byRevision = cache.get(file);
  if (!byRevision) {
    byRevision = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    cache.set(file, byRevision);
  }
  return byRevision as Partial<Record<Revision, unknown>>;
}

/** The recorded answer to the route's example in a revision, or undefined (free routes). */
export const responseExample = (entry: Pick<CatalogEntry, "schemas">, revision: Revision): unknown =>
  recordedExamples(entry)[revision];
