// Writes one DEM layer as its two sparse tiled GeoTIFFs (format/sparse-tiff-writer.ts), heights
// and flags, tile by tile as ingest paints them, and the CRC-32 of every stored tile for dem.json.
// Memory holds the tile being written, never the layer. Ingest only.
import path from "node:path";
import type { DemGrid } from "./dem-grid.ts";
import type { DemLayerMeta, DemTile } from "./dem-metadata.ts";
import { SparseTiffWriter } from "./sparse-tiff-writer.ts";

/** What dem.json records of a written layer. */
export type WrittenLayer = Pick<DemLayerMeta, "tiles" | "heights" | "flags">;

/** File names of layer z's GeoTIFFs. */
export const demLayerFiles = (z: number): { heights: string; flags: string } => ({
  heights: `dem-${z}-heights.tif`,
  flags: `dem-${z}-flags.tif`,
});

export class DemLayerWriter {
  readonly #files: { heights: string; flags: string };
  readonly #heights: SparseTiffWriter;
  readonly #flags: SparseTiffWriter;

  /** Opens layer z's two files in `dir` on the layer's grid and tile edge. */
  constructor(dir: string, z: number, grid: DemGrid, tileSize: number) {
    const T = tileSize;
    const geo = {
      tileSize: T,
      west: (tx: number) => (tx * T + grid.phaseX) / grid.ppdX - 180,
      north: (ty: number) => 90 - (ty * T + grid.phaseY) / grid.ppdY,
      resX: 1 / grid.ppdX,
      resY: 1 / grid.ppdY,
    };
    this.#files = demLayerFiles(z);
    this.#heights = new SparseTiffWriter(path.join(dir, this.#files.heights), {
      ...geo,
      sample: "float32",
      noData: Number.NaN,
    });
    this.#flags = new SparseTiffWriter(path.join(dir, this.#files.flags), { ...geo, sample: "uint16" });
  }

  /** Stores tile (tx, ty); a tile never added stays unwritten (heights NaN, flags 0). */
  add(tx: number, ty: number, tile: DemTile): void {
    this.#heights.add(tx, ty, tile.values);
    this.#flags.add(tx, ty, tile.flags);
  }

  /** Closes both files; they span the bounding range of the tiles added. */
  finish(): WrittenLayer {
    const heights = this.#heights.finish();
    const flags = this.#flags.finish();
    return {
      tiles: heights.range,
      heights: { file: this.#files.heights, crc32: heights.crc32 },
      flags: { file: this.#files.flags, crc32: flags.crc32 },
    };
  }

  /** Closes both files after a failure (the build's staging folder is discarded). */
  abandon(): void {
    this.#heights.abandon();
    this.#flags.abandon();
  }
}
