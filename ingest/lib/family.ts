// The contract between the ingest pipeline and each data family. A family builder turns its
// checked upstream inputs into files in a staging folder; the pipeline does everything else
// (input checks, manifest, hashes, verify, atomic switch of `current`).

export interface FamilyBuilder {
  /** "timezone" | "census" | "dem" | "enc" | "crs" | "datum-grids" */
  family: string;
  /** major.minor of the family's artifact format. Bump the minor whenever output bytes change. */
  formatVersion: string;
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
