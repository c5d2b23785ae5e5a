// The crs family's file (`crs.json`, format "geo402-crs" 1.0, artifacts/README.md §crs): the
// service's EPSG code set with projection parameters and the datum operations, as one JSON
// document. It is small (≈2.5 MB, 1,848 records): read whole when the service opens the family,
// parsed once on first use (service/data/transform-families.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { ArtifactError } from "./artifact-error.ts";
import type { CrsRegistryData } from "./crs-record.ts";

export const CRS_FILE = "crs.json";
export const CRS_FORMAT = "geo402-crs";
export const CRS_MAJOR = 1;
export const CRS_MINOR = 0;

interface CrsFile extends CrsRegistryData {
  format: string;
  formatVersion: string;
}

/** Writes the registry; the same data gives the same bytes (records come sorted from the extraction). */
export function writeCrsRegistry(file: string, data: CrsRegistryData): void {
  const doc: CrsFile = { format: CRS_FORMAT, formatVersion: `${CRS_MAJOR}.${CRS_MINOR}`, ...data };
  writeFileSync(file, `${JSON.stringify(doc)}\n`);
}

export function readCrsRegistry(file: string): CrsRegistryData {
  return parseCrsRegistry(readFileSync(file), file);
}

/** The registry from the file's bytes (`file` names it in errors). */
export function parseCrsRegistry(bytes: Buffer, file: string): CrsRegistryData {
  let doc: Partial<CrsFile>;
  try {
    doc = JSON.parse(bytes.toString("utf8")) as Partial<CrsFile>;
  } catch (e) {
    throw new ArtifactError("malformed", `${file}: not JSON (${(e as Error).message})`);
  }
  if (doc.format !== CRS_FORMAT)
    throw new ArtifactError("bad_magic", `${file}: format is ${String(doc.format)}, expected ${CRS_FORMAT}`);
  const major = Number(String(doc.formatVersion).split(".")[0]);
  if (major !== CRS_MAJOR) {
    throw new ArtifactError(
      "unsupported_format_version",
      `${file}: format ${doc.formatVersion}; this reader knows ${CRS_MAJOR}.x`,
    );
  }
  if (
    !Array.isArray(doc.crs) ||
    !Array.isArray(doc.gridOperations) ||
    !Array.isArray(doc.helmertOperations) ||
    typeof doc.epsgVersion !== "string"
  ) {
    throw new ArtifactError(
      "malformed",
      `${file}: missing crs, gridOperations, helmertOperations or epsgVersion`,
    );
  }
  return {
    epsgVersion: doc.epsgVersion,
    crs: doc.crs,
    gridOperations: doc.gridOperations,
    helmertOperations: doc.helmertOperations,
  };
}
