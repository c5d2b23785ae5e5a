// Access to the NADCON5 grids a transform reads: headers up front, tiles on demand.
import type { ShiftGridHeader, Tile } from "../../../artifacts/format/shift-grid.ts";

export interface GridStore {
  /** Header of a grid held by the store, or undefined when the grid is not available here. */
  header(name: string): ShiftGridHeader | undefined;
  /** The tiles `ids` of grid `name`, in the order asked; rejects with GridUnreadableError when they cannot be read. */
  readTiles(name: string, ids: readonly number[]): Promise<Tile[]>;
  /** Where the grids come from, for the answer's provenance. */
  provenance: { source: string; version?: string };
}

/** A grid the store lists but cannot read (corrupt file, I/O error): the request answers 503. */
export class GridUnreadableError extends Error {
  constructor(
    readonly grid: string,
    cause: string,
  ) {
    super(`grid ${grid} cannot be read: ${cause}`);
    this.name = "GridUnreadableError";
  }
}
