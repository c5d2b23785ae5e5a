// proj.db → everything the `crs` family holds: the code-set records and the datum operations.
import type { CrsRegistryData } from "../../artifacts/format/crs-record.ts";
import { NAD83_SET_SQL } from "./code-set-rules.ts";
import { extractCrsRecords } from "./crs-extract.ts";
import { extractGridOperations, extractHelmertOperations } from "./datum-operations-extract.ts";
import { loadEpsgTables } from "./epsg-tables.ts";
import { epsgVersion, num, type ProjDb } from "./proj-db.ts";

export function extractCrsRegistry(db: ProjDb): CrsRegistryData {
  const tables = loadEpsgTables(db);
  const nad83 = new Set(db.all(NAD83_SET_SQL).map((r) => num(r, "code")));
  return {
    epsgVersion: epsgVersion(db),
    crs: extractCrsRecords(db, tables),
    gridOperations: extractGridOperations(db, nad83),
    helmertOperations: extractHelmertOperations(db, tables, nad83),
  };
}
