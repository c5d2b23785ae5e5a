// What every pipeline step (build, verify, reproduce) is told about where things are.
import type { SourcesLock } from "../catalogs/lock-file.ts";
import type { SourceEntry } from "../sources.ts";

export interface PipelineOptions {
  /** Root of built artifacts: `<outRoot>/<family>/<version>/`, `<outRoot>/<family>/current`. */
  outRoot: string;
  /** Mirror root; undefined → download the pinned URLs. */
  mirror?: string;
  /** Download cache (default `<outRoot>/.cache/sources`). */
  cacheDir?: string;
  /** Registry to resolve source ids in (default: ingest/sources.ts SOURCES). */
  sources?: readonly SourceEntry[];
  /** ingest/sources.lock.json: the manifest says which of its files the build serves and lacks. */
  lock?: SourcesLock;
  log(message: string): void;
  progress(label: string, done: number, total?: number): void;
  /** Command line recorded in the manifest. */
  command: string;
  /** Git commit of the builder code (default: `git rev-parse HEAD`, null outside a checkout). */
  gitSha?: string | null;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Base URL of a host laid out like the publishers' sites, downloaded from instead of theirs. */
  upstream?: string;
  /** Download retries per input (default 3, with backoff). */
  retries?: number;
  /** Earlier versions kept besides `current` after a switch (default 2; `--keep`, GEO402_KEEP_VERSIONS). */
  keep?: number;
  /** Runs after the new version is built, verified and in place, right before `current` switches. */
  beforeSwitch?: (version: string) => Promise<void>;
}
