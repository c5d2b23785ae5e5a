// Reader of a DEM artifact: a tile container whose metadata is DemMetadata and whose blobs are
// DEM tiles. Checks the metadata once, then reads and decodes tiles on demand through a small
// LRU cache per layer. `blobReads` counts the blobs read from the byte source (tests assert on it).
import { ArtifactError } from "./artifact-error.ts";
import { DEM_FORMAT, type DemLayerMeta, type DemMetadata, type DemTile, decodeDemTile } from "./dem-tile.ts";
import { type TileContainerReader, tileKey } from "./tile-container.ts";

export const DEM_FILE = "dem.g4t";
/**
 * Decoded tiles kept per layer (about 0.29 MB each: 240² heights and coverage flags). Every thread
 * that opens the DEM (the main thread and each compute worker) holds its own cache, so this bound
 * is counted once per thread in the memory budget (docs/performance.md). A 2,000-sample profile
 * cold reads about 6 tiles.
 */
export const DEM_CACHE_TILES = 32;

export class DemReader {
  readonly metadata: DemMetadata;
  readonly #container: TileContainerReader;
  /** Per layer, decoded tiles by `tx·2²⁸ + ty` (a safe integer: tile columns stay below 2²⁴). */
  readonly #caches: Map<number, DemTile>[];
  readonly #capacity: number;
  #reads = 0;

  constructor(container: TileContainerReader, cacheTiles = DEM_CACHE_TILES) {
    this.#container = container;
    this.metadata = checkMetadata(container.metadata);
    this.#capacity = cacheTiles;
    this.#caches = this.metadata.layers.map(() => new Map<number, DemTile>());
  }

  /** Number of tile blobs read from storage so far (cache hits are not reads). */
  get blobReads(): number {
    return this.#reads;
  }

  /** Whether layer `z` has tile (tx, ty), from the in-memory directory: no blob is read. */
  hasTile(z: number, tx: number, ty: number): boolean {
    return tx >= 0 && ty >= 0 && this.#container.has(tileKey(z, tx, ty));
  }

  /** The decoded tile, or undefined when the layer has none there (outside the coverage). */
  async tile(z: number, tx: number, ty: number): Promise<DemTile | undefined> {
    const cache = this.#caches[z];
    if (!cache || tx < 0 || ty < 0 || tx >= 2 ** 24 || ty >= 2 ** 28) return undefined;
    const local = tx * 2 ** 28 + ty;
    const hit = cache.get(local);
    if (hit) {
      cache.delete(local);
      cache.set(local, hit);
      return hit;
    }
    const blob = await this.#container.get(tileKey(z, tx, ty));
    if (!blob) return undefined;
    this.#reads++;
    let tile: DemTile;
    try {
      tile = decodeDemTile(
        blob,
        (this.metadata.layers[z] as DemLayerMeta).tileSize,
        this.metadata.blocks.length,
      );
    } catch (err) {
      throw new ArtifactError("malformed", `DEM tile ${z}/${tx}/${ty}: ${(err as Error).message}`);
    }
    cache.set(local, tile);
    if (cache.size > this.#capacity) cache.delete(cache.keys().next().value as number);
    return tile;
  }

  /** Bytes held by the decoded tiles in the cache (heights, coverage flags, block slots). */
  get cachedBytes(): number {
    let n = 0;
    for (const cache of this.#caches) {
      for (const t of cache.values())
        n += t.values.byteLength + t.coverage.byteLength + (t.slots?.byteLength ?? 0);
    }
    return n;
  }

  /** Empties the tile cache (benchmarks measure cold reads with it). */
  dropCache(): void {
    for (const cache of this.#caches) cache.clear();
  }

  close(): void {
    this.#container.close();
  }
}

function checkMetadata(value: unknown): DemMetadata {
  const m = value as Partial<DemMetadata> | null;
  const fail = (why: string): never => {
    throw new ArtifactError("malformed", `DEM metadata: ${why}`);
  };
  if (m?.format !== "geo402-dem") return fail("not a geo402-dem container");
  const major = Number(String(m.formatVersion).split(".")[0]);
  if (major !== DEM_FORMAT.major) {
    throw new ArtifactError(
      "unsupported_format_version",
      `DEM format ${m.formatVersion}; this reader knows ${DEM_FORMAT.major}.x`,
    );
  }
  if (!Array.isArray(m.datasets) || !Array.isArray(m.blocks) || !Array.isArray(m.layers) || !m.coverage) {
    return fail("datasets, blocks, layers and coverage are required");
  }
  const datasets = m.datasets.length;
  for (const b of m.blocks)
    if (!(b.dataset >= 0 && b.dataset < datasets)) fail(`block ${b.id} names dataset ${b.dataset}`);
  for (const [z, l] of m.layers.entries()) {
    if (!(l.dataset >= 0 && l.dataset < datasets)) fail(`layer ${z} names dataset ${l.dataset}`);
    if (!Number.isInteger(l.tileSize) || l.tileSize < 1 || l.tileSize > 4096)
      fail(`layer ${z} tile size ${l.tileSize}`);
    if (!(l.grid?.ppdX > 0 && l.grid.ppdY > 0)) fail(`layer ${z} has no pixel grid`);
  }
  return m as DemMetadata;
}
