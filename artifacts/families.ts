// THE list of artifact families, shared by ingest and service: each family's name, format version
// (what its manifest records and its version id starts with) and output files, in build order.
// Ingest keys one builder per name (ingest/families.ts), the service one opener per name
// (service/data/families.ts); both maps are typed by this list, so a family added here without a
// builder or an opener fails type-checking. `checkManifest` is the one check of a version's
// manifest against its family that the pipeline, the service and the compute workers all run.
import { ArtifactError } from "./format/artifact-error.ts";
import { CENSUS_FILES } from "./format/census-record.ts";
import { CRS_FILE } from "./format/crs-registry-file.ts";
import { DATUM_GRID_FILE } from "./format/datum-grid-file.ts";
import { ENC_CHARTS_FILE } from "./format/enc-charts-reader.ts";
import { type ArtifactManifest, formatMajor } from "./format/manifest.ts";
import { TIMEZONE_FILES } from "./format/timezone-lookup.ts";

export interface FamilySpec<N extends string = string> {
  readonly family: N;
  /**
   * major.minor of the family's artifact. Bump the minor whenever output bytes change for the same
   * inputs, the major when older readers cannot read them (`geo402-ingest repro` enforces it).
   */
  readonly formatVersion: string;
  /**
   * Every output file of a version besides manifest.json, sorted (`/`-separated paths); absent when
   * the files depend on the data (dem: `dem.json` names two COGs per layer, and its opener checks
   * the manifest lists exactly those).
   */
  readonly files?: readonly string[];
}

const spec = <N extends string>(
  family: N,
  formatVersion: string,
  files?: readonly string[],
): FamilySpec<N> => ({
  family,
  formatVersion,
  ...(files ? { files: [...files].sort() } : {}),
});

export const FAMILY_SPECS = {
  timezone: spec("timezone", "2.0", Object.values(TIMEZONE_FILES)),
  crs: spec("crs", "1.0", [CRS_FILE]),
  "datum-grids": spec("datum-grids", "1.1", [DATUM_GRID_FILE]),
  enc: spec("enc", "2.0", [ENC_CHARTS_FILE]),
  census: spec("census", "3.0", Object.values(CENSUS_FILES)),
  dem: spec("dem", "3.0"),
};

export type FamilyName = keyof typeof FAMILY_SPECS;

/** Family names in build order. */
export const FAMILY_NAMES = Object.keys(FAMILY_SPECS) as FamilyName[];

/**
 * Throws ArtifactError unless `manifest` describes `version` of the family, in a format whose major
 * this code reads, listing exactly the family's files (when it declares them).
 */
export function checkManifest(
  spec: Pick<FamilySpec, "family" | "formatVersion"> & { files?: readonly string[] },
  manifest: ArtifactManifest,
  version: string,
): void {
  if (manifest.family !== spec.family || manifest.version !== version)
    throw new ArtifactError(
      "family_mismatch",
      `manifest describes ${manifest.family} ${manifest.version}, expected ${spec.family} ${version}`,
    );
  if (formatMajor(manifest.formatVersion) !== formatMajor(spec.formatVersion))
    throw new ArtifactError(
      "unsupported_format_version",
      `${spec.family} ${version} has format ${manifest.formatVersion}; this code reads and writes ${spec.formatVersion}`,
    );
  checkFiles(
    spec,
    manifest.outputs.map((o) => o.path),
  );
}

/** Throws ArtifactError unless `paths` are exactly the family's declared files. */
export function checkFiles(
  spec: { family: string; files?: readonly string[] },
  paths: readonly string[],
): void {
  if (!spec.files) return;
  const got = [...paths].sort().join(", ");
  if (got !== spec.files.join(", "))
    throw new ArtifactError(
      "output_missing",
      `${spec.family} has files ${got || "none"}; the family declares ${spec.files.join(", ")} (artifacts/families.ts)`,
    );
}
