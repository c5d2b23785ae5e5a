// What a transform reads: the CRS registry, the datum grids when loaded, the revision, and the
// versions read (for provenance). Its own module so that the report and the transform share it
// without importing each other.
import type { Revision } from "../../config.ts";
import type { CrsRegistry } from "./crs-registry.ts";
import type { GridStore } from "./grid-store.ts";

export interface TransformDeps {
  registry: CrsRegistry;
  /** The datum-grids family (revision B); undefined when it is not loaded. */
  grids: GridStore | undefined;
  revision: Revision;
  /** Versions of the artifacts read, for provenance. */
  versions: { crs?: string; grids?: string };
}
