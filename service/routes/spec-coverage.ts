// The `specCoverage` member of the answers of a family whose coverage the lock names file by file
// (marine: NOAA ENC cells; elevation: USGS 3DEP blocks), from the manifest's `coverage`
// (schemas/spec-coverage.json). docs/spec-coverage.svg draws the same lists.
import type { ManifestCoverage } from "../../artifacts/format/manifest.ts";
import type { SchemaTypes } from "../types/schema-types.ts";

export type SpecCoverage = SchemaTypes["elevation.response"]["coverage"]["specCoverage"];

export function specCoverageOf(spec: ManifestCoverage | undefined): SpecCoverage {
  if (!spec) return null;
  const { specified, unnamed, served, missing, rule } = spec;
  return { specified, unnamed, served, missing, rule };
}
