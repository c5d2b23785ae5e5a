// Reader of the ENC chart tiles (`charts.g4t`): the G4TILES container with ENC metadata and
// tile blobs. Holds only the directory and the (small) cell metadata in memory; each tile is
// read and decoded on demand.
import { ArtifactError } from "./artifact-error.ts";
import type { ByteSource } from "./byte-source.ts";
import { assertEncChartsMetadata, type EncChartsMetadata } from "./enc-charts-metadata.ts";
import { decodeEncTile, ENC_TILE_VERSION, type TileSectionView } from "./enc-tile-codec.ts";
import { checkGrid, encTileKey } from "./enc-tile-grid.ts";
import { TileContainerReader } from "./tile-container.ts";

export const ENC_CHARTS_FILE = "charts.g4t";

export class EncChartsReader {
  readonly metadata: EncChartsMetadata;
  readonly #container: TileContainerReader;

  /** Opens the container and checks the ENC metadata. */
  static async open(source: ByteSource): Promise<EncChartsReader> {
    return new EncChartsReader(await TileContainerReader.open(source));
  }

  private constructor(container: TileContainerReader) {
    this.#container = container;
    const meta = container.metadata;
    assertEncChartsMetadata(meta);
    if (meta.tileVersion !== ENC_TILE_VERSION) {
      throw new ArtifactError(
        "unsupported_format_version",
        `ENC tiles version ${meta.tileVersion}; this reader knows ${ENC_TILE_VERSION}`,
      );
    }
    checkGrid(meta.grid);
    this.metadata = meta;
  }

  /** Number of tiles stored. */
  get tileCount(): number {
    return this.#container.size;
  }

  /** True when the container holds tile (col, row); an absent tile charts nothing. */
  has(col: number, row: number): boolean {
    return this.#container.has(encTileKey(col, row));
  }

  /** The decoded sections of tile (col, row), or undefined when none is stored. Throws ArtifactError on a corrupt tile. */
  async tile(col: number, row: number): Promise<TileSectionView[] | undefined> {
    const blob = await this.#container.get(encTileKey(col, row));
    return blob === undefined ? undefined : decodeEncTile(blob, `ENC tile ${col}/${row}`);
  }

  /** Every stored tile as (col, row), in key order. */
  *tiles(): Generator<{ col: number; row: number }> {
    for (const key of this.#container.keys()) {
      yield { col: Number((key >> 28n) & 0xfffffffn), row: Number(key & 0xfffffffn) };
    }
  }

  close(): void {
    this.#container.close();
  }
}
