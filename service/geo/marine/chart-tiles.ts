// What the marine lookups need from the chart artifact: the grid, the cells in rank order
// (largest scale first), which cells cover a position, and tiles read (asynchronously) and counted.
import type { EncCellMetadata } from "../../../artifacts/format/enc-charts-metadata.ts";
import type { TileSectionView } from "../../../artifacts/format/enc-tile-codec.ts";
import type { EncTileGrid } from "../../../artifacts/format/enc-tile-grid.ts";

export interface ChartTiles {
  readonly grid: EncTileGrid;
  /** Cells in rank order: index 0 is the largest scale (band, then compilation scale). */
  readonly cells: readonly EncCellMetadata[];
  /** Indexes of the cells whose M_COVR coverage contains (x, y) in E7, in rank order. */
  coveringCells(x: number, y: number): number[];
  /** The sections of tile (col, row), undefined when the charts hold nothing there. Counted in `tilesRead`. */
  tile(col: number, row: number): Promise<TileSectionView[] | undefined>;
  /** Tiles read so far by this session. */
  readonly tilesRead: number;
}
