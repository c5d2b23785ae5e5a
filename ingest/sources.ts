// THE pinned upstream registry: every input any family reads, with where it comes from, the
// exact bytes expected (sha256, size), vintage, license and attribution, and where it sits in
// the mirror. Families keep their entries in `ingest/<family>/sources.ts`; add one line below.
import { CENSUS_SOURCES } from "./census/sources.ts";
import { DEM_SOURCES } from "./dem/sources.ts";
import { ENC_SOURCES } from "./enc/sources.ts";
import { EPSG_SOURCES } from "./epsg/sources.ts";
import { NADCON_SOURCES } from "./nadcon/sources.ts";
import { TIMEZONE_SOURCES } from "./timezone/sources.ts";

export interface SourceEntry {
  /** Stable id used by FamilyBuilder.sources and recorded in manifests. */
  id: string;
  /** Upstream URL of exactly these bytes (or of the zip archive holding them, see archiveMember). */
  url: string;
  /** Lowercase hex SHA-256 of the input file itself. */
  sha256: string;
  bytes: number;
  /** Edition of the data (release tag, survey year, publication date). */
  vintage: string;
  license: string;
  /** The attribution line the license asks for. */
  attribution: string;
  /** Path of the file relative to the mirror root (`--mirror`, `GEO402_MIRROR`, ../shared/data). */
  mirrorPath: string;
  /** Day (YYYY-MM-DD) the mirror copy was taken from upstream. */
  mirroredAt: string;
  /** When `url` is a zip archive: the member path inside it that holds these bytes. */
  archiveMember?: string;
  /** Where the upstream publishes a checksum of the file at `url` (checked by `refresh`). */
  published?: PublishedChecksum;
}

/** An upstream checksum list. `proj-files-geojson`: PROJ-data's files.geojson (name, file_size, sha256sum). */
export interface PublishedChecksum {
  url: string;
  format: "proj-files-geojson";
}

export const SOURCES: readonly SourceEntry[] = [
  ...TIMEZONE_SOURCES,
  ...EPSG_SOURCES,
  ...NADCON_SOURCES,
  ...ENC_SOURCES,
  ...CENSUS_SOURCES,
  ...DEM_SOURCES,
];

/** The entry of `id`; throws naming the id when it is not registered. */
export function sourceById(id: string, sources: readonly SourceEntry[] = SOURCES): SourceEntry {
  const entry = sources.find((s) => s.id === id);
  if (!entry) throw new Error(`source "${id}" is not registered in ingest/sources.ts`);
  return entry;
}
