// The tile grid of the ENC family (artifacts/README.md §ENC chart tiles): rows of 1/rowsPerDegree
// degree of latitude and columns of 1/colsPerDegree degree of longitude from (-180, -90), in
// integer units of 1e-7 degree ("E7", the COMF of NOAA cells) so tile edges are exact integers.
import { tileKey } from "./tile-container.ts";

export const E7 = 10_000_000;

export interface EncTileGrid {
  rowsPerDegree: number;
  colsPerDegree: number;
}

/** Tile (col, row) and its bounds in E7 units; bounds are half-open [west, east) × [south, north). */
export interface GridTile {
  col: number;
  row: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Throws unless both divisions give whole E7 tile sizes. */
export function checkGrid(grid: EncTileGrid): void {
  for (const [name, v] of Object.entries(grid)) {
    if (!Number.isInteger(v) || v < 1 || E7 % v !== 0)
      throw new RangeError(`ENC grid ${name} must divide 1e7, got ${v}`);
  }
}

export const tileHeightE7 = (g: EncTileGrid): number => E7 / g.rowsPerDegree;
export const tileWidthE7 = (g: EncTileGrid): number => E7 / g.colsPerDegree;
export const columnCount = (g: EncTileGrid): number => 360 * g.colsPerDegree;
export const rowCount = (g: EncTileGrid): number => 180 * g.rowsPerDegree;

/** Column of a longitude in E7 (180° falls in the last column). */
export function colOf(g: EncTileGrid, lonE7: number): number {
  return Math.min(columnCount(g) - 1, Math.max(0, Math.floor((lonE7 + 180 * E7) / tileWidthE7(g))));
}

/** Row of a latitude in E7 (90° falls in the last row). */
export function rowOf(g: EncTileGrid, latE7: number): number {
  return Math.min(rowCount(g) - 1, Math.max(0, Math.floor((latE7 + 90 * E7) / tileHeightE7(g))));
}

export function gridTile(g: EncTileGrid, col: number, row: number): GridTile {
  const w = tileWidthE7(g);
  const h = tileHeightE7(g);
  const west = col * w - 180 * E7;
  const south = row * h - 90 * E7;
  return { col, row, west, south, east: west + w, north: south + h };
}

/** Container key of a tile: `tileKey(0, col, row)`. */
export const encTileKey = (col: number, row: number): bigint => tileKey(0, col, row);

/** Degrees → E7 integer units (exact for positions with at most 7 decimals). */
export const toE7 = (deg: number): number => Math.round(deg * E7);
