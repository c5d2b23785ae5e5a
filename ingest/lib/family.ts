// The contract between the ingest pipeline and each data family. A family builder turns its
// checked upstream inputs into files in a staging folder; the pipeline does everything else
// (input checks, manifest, hashes, verify, atomic switch of `current`).
import type { PlannedFile } from "../catalogs/plan-types.ts";
import type { SourceEntry } from "../sources.ts";

export interface FamilyBuilder {
  /** A name of artifacts/families.ts (tests build their own families). */
  family: string;
  /** major.minor of the family's artifact format (artifacts/families.ts). Bump the minor whenever output bytes change. */
  formatVersion: string;
  /** The files a build must write, when the family declares them (artifacts/families.ts). */
  files?: readonly string[];
  /** Ids of entries of ingest/sources.ts this family reads. */
  sources: string[];
  /** Build parameters (e.g. `{ h3Resolution: 6 }`), recorded in the manifest and part of the version id. */
  parameters: Record<string, unknown>;
  /** One-line description shown by `geo402-ingest list`. */
  description?: string;
  /** Deterministic: same inputs → same bytes. Writes only into `ctx.outDir`. */
  build(ctx: BuildContext): Promise<void>;
  /** Opens the built version read-only, runs known-answer checks, throws on failure. */
  verify(dir: string): Promise<void>;
  /**
   * Optional, used by `refresh` before it builds from a new upstream version: parses the inputs
   * (source id → local path; `changed` lists the ids with new bytes, a hook may check only those)
   * and throws when they are not plausible (coverage, feature counts out of the expected range,
   * known-answer points). Returns the edition it read from an input (id → vintage) when it names one.
   */
  sanity?(inputs: Record<string, string>, changed: readonly string[]): Promise<SanityReport>;
  /**
   * How the family reads the files of its lock (ingest/sources.lock.json) that are not among its
   * pinned inputs. Absent: the lock only states what the build serves (lib/locked-inputs.ts).
   */
  lock?: FamilyLock;
}

/** A family that follows its lock: a build reads every locked file the mirror or a download supplies. */
export interface FamilyLock {
  /** The registry entry of a locked file, but its bytes (known only once it is had, when the lock gives no hash). */
  source(file: PlannedFile): LockedSource;
  /** The family over its pinned inputs plus `locked` (their entries with the bytes they were had with). */
  extend(locked: readonly SourceEntry[]): FamilyBuilder;
}

export type LockedSource = Omit<SourceEntry, "sha256" | "bytes" | "mirroredAt" | "published">;

export interface SanityReport {
  /** Source id → the edition the input itself declares (e.g. "EPSG v11.022 (2024-11-05), …"). */
  vintages?: Record<string, string>;
}

export interface BuildContext {
  /** Source id → local path of the checked input (mirror file or verified download). */
  inputs: Record<string, string>;
  /** The staging folder; every output goes here (sub-folders allowed). */
  outDir: string;
  /** Reports progress of a long step; `total` when known. */
  progress(label: string, done: number, total?: number): void;
  log(message: string): void;
}
