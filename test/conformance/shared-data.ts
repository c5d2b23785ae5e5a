// Where the shared data and peer suites live (GEO402_SHARED or ../shared beside the repository),
// and the crs registry extracted from proj.db once per test file.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CrsRegistryData } from "../../artifacts/format/crs-record.ts";
import { extractCrsRegistry } from "../../ingest/epsg/crs-registry-extract.ts";
import { openProjDb } from "../../ingest/epsg/proj-db.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const SHARED = process.env.GEO402_SHARED ?? path.resolve(repoRoot, "../shared");
export const PROJ_DB = path.join(SHARED, "data/epsg/proj.db");
export const NADCON_DIR = path.join(SHARED, "data/nadcon");
export const TRANSFORM_REFERENCE = path.join(SHARED, "testsuites/transform-reference");
export const PROJ_SUITE = path.join(SHARED, "testsuites/proj");

let registry: Promise<CrsRegistryData> | undefined;

/** The crs family's content, extracted from the shared proj.db (about 2 s, once per test file). */
export function testRegistry(): Promise<CrsRegistryData> {
  registry ??= openProjDb(PROJ_DB).then((db) => {
    try {
      return extractCrsRegistry(db);
    } finally {
      db.close();
    }
  });
  return registry;
}
