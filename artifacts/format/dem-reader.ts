// Reader of a DEM artifact (artifacts/README.md §DEM): `dem.json` (DemMetadata) and per layer two
// sparse tiled GeoTIFFs, heights and flags, whose tiles are the layer's tiles. Checks the metadata and parses each
// GeoTIFF's directory once at open; then reads a tile's stored bytes by range, checks their CRC-32
// against the metadata's table before decoding, and keeps decoded tiles in a small LRU cache per
// layer. `blobReads` counts the tiles read from the byte sources (tests assert on it).
import { ArtifactError } from "./artifact-error.ts";
import { verifyChecksum } from "./block-checksum.ts";
import type { ByteSource } from "./byte-source.ts";
import { CogTiles, type SampleKind } from "./cog-tiles.ts";
import {
  checkDemMetadata,
  DEM_METADATA_FILE,
  type DemCogMeta,
  type DemLayerMeta,
  type DemMetadata,
  type DemTile,
} from "./dem-metadata.ts";

/**
 * Decoded tiles kept per layer (about 0.35 MB each: 240² heights and flags). Every thread
 * that opens the DEM (the main thread and each compute worker) holds its own cache, so this bound
 * is counted once per thread in the memory budget (docs/performance.md). A 2,000-sample profile
 * cold reads about 6 tiles.
 */
export const DEM_CACHE_TILES = 32;

/** Opens one file of a version (named as `dem.json` names it) as a byte source. */
export type DemSourceOpener = (file: string) => Promise<ByteSource>;

/** Georeferencing of a GeoTIFF and of its layer's tiles agree to this many degrees. */
const GEO_TOLERANCE = 1e-9;

interface LayerCogs {
  heights: CogTiles;
  flags: CogTiles;
}

export class DemReader {
  readonly metadata: DemMetadata;
  readonly #layers: LayerCogs[];
  readonly #sources: ByteSource[];
  /** Per layer, decoded tiles by `tx·2²⁸ + ty` (a safe integer: tile columns stay below 2²⁴). */
  readonly #caches: Map<number, DemTile>[];
  readonly #capacity: number;
  #reads = 0;

  private constructor(metadata: DemMetadata, layers: LayerCogs[], sources: ByteSource[], cacheTiles: number) {
    this.metadata = metadata;
    this.#layers = layers;
    this.#sources = sources;
    this.#capacity = cacheTiles;
    this.#caches = metadata.layers.map(() => new Map<number, DemTile>());
  }

  /** Reads `dem.json` and the directory of every GeoTIFF it names (closing what it opened when one is refused). */
  static async open(openSource: DemSourceOpener, cacheTiles = DEM_CACHE_TILES): Promise<DemReader> {
    const sources: ByteSource[] = [];
    const opened = async (file: string): Promise<ByteSource> => {
      const s = await openSource(file);
      sources.push(s);
      return s;
    };
    try {
      const metaSource = await opened(DEM_METADATA_FILE);
      const metaBytes = metaSource.bytes?.() ?? (await metaSource.read(0, metaSource.size));
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(metaBytes));
      } catch {
        throw new ArtifactError("malformed", `${DEM_METADATA_FILE} is not UTF-8 JSON`);
      }
      const metadata = checkDemMetadata(parsed);
      const layers: LayerCogs[] = [];
      for (const [z, layer] of metadata.layers.entries()) {
        const cog = async (meta: DemCogMeta, sample: SampleKind): Promise<CogTiles> => {
          const tiles = await CogTiles.open(await opened(meta.file), meta.file);
          checkLayout(z, layer, meta.file, tiles, sample);
          return tiles;
        };
        layers.push({
          heights: await cog(layer.heights, "float32"),
          flags: await cog(layer.flags, "uint16"),
        });
      }
      return new DemReader(metadata, layers, sources, cacheTiles);
    } catch (err) {
      for (const s of sources) s.close();
      throw err;
    }
  }

  /** Every file of the artifact: `dem.json` and the GeoTIFFs it names. */
  get files(): string[] {
    return [DEM_METADATA_FILE, ...this.metadata.layers.flatMap((l) => [l.heights.file, l.flags.file])];
  }

  /** Number of tiles read from storage so far (cache hits are not reads). */
  get blobReads(): number {
    return this.#reads;
  }

  /** Whether layer `z` has tile (tx, ty), from the GeoTIFF directories in memory: no tile is read. */
  hasTile(z: number, tx: number, ty: number): boolean {
    const at = this.#locate(z, tx, ty);
    return at >= 0 && (this.#layers[z] as LayerCogs).flags.stored(at);
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
    if (!this.hasTile(z, tx, ty)) return undefined;
    const at = this.#locate(z, tx, ty);
    const layer = this.metadata.layers[z] as DemLayerMeta;
    const cogs = this.#layers[z] as LayerCogs;
    this.#reads++;
    const [heights, flags] = await Promise.all([cogs.heights.raw(at), cogs.flags.raw(at)]);
    const what = `DEM tile ${z}/${tx}/${ty}`;
    verifyChecksum(layer.heights.crc32[at] as number, `${what} heights`, heights);
    verifyChecksum(layer.flags.crc32[at] as number, `${what} flags`, flags);
    let tile: DemTile;
    try {
      tile = {
        values: cogs.heights.decode(heights, Number.NaN) as Float32Array,
        flags: cogs.flags.decode(flags, 0) as Uint16Array,
      };
    } catch (err) {
      throw new ArtifactError("malformed", `${what}: ${(err as Error).message}`);
    }
    cache.set(local, tile);
    if (cache.size > this.#capacity) cache.delete(cache.keys().next().value as number);
    return tile;
  }

  /** Bytes held by the decoded tiles in the cache (heights and flags). */
  get cachedBytes(): number {
    let n = 0;
    for (const cache of this.#caches)
      for (const t of cache.values()) n += t.values.byteLength + t.flags.byteLength;
    return n;
  }

  /** Empties the tile cache (benchmarks measure cold reads with it). */
  dropCache(): void {
    for (const cache of this.#caches) cache.clear();
  }

  close(): void {
    for (const s of this.#sources) s.close();
  }

  /** Index of layer z's tile (tx, ty) in its GeoTIFFs, or -1 outside them. */
  #locate(z: number, tx: number, ty: number): number {
    const layer = this.metadata.layers[z];
    const cogs = this.#layers[z];
    if (!layer || !cogs) return -1;
    return cogs.flags.index(tx - layer.tiles.x0, ty - layer.tiles.y0);
  }
}

/** Throws `malformed` unless a layer's GeoTIFF holds its tiles: sample type, tile size, extent and georeferencing. */
function checkLayout(z: number, layer: DemLayerMeta, file: string, cog: CogTiles, sample: SampleKind): void {
  const { tileSize: T, grid, tiles } = layer;
  const l = cog.layout;
  const near = (a: number, b: number) => Math.abs(a - b) <= GEO_TOLERANCE;
  const why =
    l.sample !== sample
      ? `${l.sample} samples, not ${sample}`
      : l.tileSize !== T || l.width !== tiles.across * T || l.height !== tiles.down * T
        ? `${l.width}×${l.height} in tiles of ${l.tileSize}, not ${tiles.across}×${tiles.down} tiles of ${T}`
        : !near(l.west, (tiles.x0 * T + grid.phaseX) / grid.ppdX - 180) ||
            !near(l.north, 90 - (tiles.y0 * T + grid.phaseY) / grid.ppdY) ||
            !near(l.resX, 1 / grid.ppdX) ||
            !near(l.resY, 1 / grid.ppdY)
          ? "georeferencing other than the layer's grid"
          : undefined;
  if (why) throw new ArtifactError("malformed", `DEM layer ${z}: ${file} has ${why}`);
}
