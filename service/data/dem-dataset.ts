// The opened DEM artifact as routes use it: which layer covers a position, which tiles a set of
// positions may read (answered from the directory, without reading a tile), those tiles read
// ahead asynchronously, and over them (DemView, synchronous) the sampled height with the block it
// came from. Positions are (lon, lat) in degrees.

import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { toPixel } from "../../artifacts/format/dem-grid.ts";
import type { DemLayerMeta, DemMetadata, DemTile } from "../../artifacts/format/dem-metadata.ts";
import { DEM_CACHE_TILES, DemReader } from "../../artifacts/format/dem-reader.ts";
import { type ManifestCoverage, outputPath } from "../../artifacts/format/manifest.ts";
import { ApiError } from "../errors.ts";
import { type Interpolation, interpolate, sampleWindow } from "../geo/elevation/interpolate.ts";
import type { FamilyOpener } from "./families.ts";
import type { DataReader } from "./registry.ts";

export const DEM_FAMILY = FAMILY_SPECS.dem.family;

/** A position found inside the coverage: its layer, continuous pixel coordinates and block. */
export interface Located {
  layer: number;
  x: number;
  y: number;
  /** Index into the metadata's blocks of the pixel under the position. */
  block: number;
}

export interface Sampled {
  elevationMeters: number;
  pixelsUsed: number;
}

export class DemDataset {
  readonly reader: DemReader;
  /** What the build serves of the spec's 3DEP blocks (the manifest's `coverage`; absent without a lock entry). */
  readonly specCoverage: ManifestCoverage | undefined;

  constructor(reader: DemReader, specCoverage?: ManifestCoverage) {
    this.reader = reader;
    this.specCoverage = specCoverage;
  }

  get metadata(): DemMetadata {
    return this.reader.metadata;
  }

  /** Layers whose extent contains the position, in priority order (metadata only). */
  candidateLayers(lon: number, lat: number): number[] {
    const out: number[] = [];
    const layers = this.metadata.layers;
    for (let z = 0; z < layers.length; z++) {
      const l = layers[z] as DemLayerMeta;
      if (
        inBox(l, lon, lat) ||
        (l.wrapColumns !== null && (inBox(l, lon + 360, lat) || inBox(l, lon - 360, lat)))
      )
        out.push(z);
    }
    return out;
  }

  /** Adds to `into` the tiles (`z/tx/ty`) that sampling the position may read, found in the directory only. */
  collectTiles(lon: number, lat: number, method: Interpolation, into: Set<string>): void {
    for (const z of this.candidateLayers(lon, lat)) {
      const layer = this.metadata.layers[z] as DemLayerMeta;
      const { x, y } = toPixel(layer.grid, lon, lat);
      const cells = [{ col: Math.floor(x), row: Math.floor(y) }, ...sampleWindow(x, y, method)];
      for (const p of cells) {
        const tx = Math.floor(wrap(layer, p.col) / layer.tileSize);
        const ty = Math.floor(p.row / layer.tileSize);
        const key = `${z}/${tx}/${ty}`;
        if (!into.has(key) && this.reader.hasTile(z, tx, ty)) into.add(key);
      }
    }
  }

  /** The tiles each position may read (`collectTiles` per position), the input of `visit`. */
  tilesOfPositions(
    positions: readonly { longitude: number; latitude: number }[],
    method: Interpolation,
  ): Set<string>[] {
    return positions.map((p) => {
      const own = new Set<string>();
      this.collectTiles(p.longitude, p.latitude, method, own);
      return own;
    });
  }

  /**
   * Reads the tiles (keys from `collectTiles`) through the reader's cache, all at once, and returns
   * the synchronous view that locates and samples positions over them: the sampling loop pays no
   * promise per position. A tile that cannot be read is 503 data_unavailable, never a guess.
   */
  async load(tiles: Iterable<string>): Promise<DemView> {
    const loaded = this.metadata.layers.map(() => new Map<number, DemTile>());
    await Promise.all(
      [...tiles].map(async (key) => {
        const [z, tx, ty] = key.split("/").map(Number) as [number, number, number];
        let tile: DemTile | undefined;
        try {
          tile = await this.reader.tile(z, tx, ty);
        } catch (err) {
          throw new ApiError("data_unavailable", { family: DEM_FAMILY, reason: (err as Error).message });
        }
        if (tile) loaded[z]?.set(tx * 2 ** 28 + ty, tile);
      }),
    );
    return new DemView(this, loaded);
  }

  /**
   * Visits the positions in order with a view holding the tiles each may read, loading them in runs
   * of consecutive positions whose tiles fit the reader's cache (`tilesOf[i]`: the keys of position
   * i from `collectTiles`), so a request holds at most one run of decoded tiles at a time.
   */
  async visit(tilesOf: readonly Set<string>[], each: (view: DemView, index: number) => void): Promise<void> {
    let start = 0;
    while (start < tilesOf.length) {
      const run = new Set<string>(tilesOf[start]);
      let end = start + 1;
      for (; end < tilesOf.length; end++) {
        const next = [...(tilesOf[end] as Set<string>)].filter((k) => !run.has(k));
        if (run.size + next.length > DEM_CACHE_TILES) break;
        for (const k of next) run.add(k);
      }
      const view = await this.load(run);
      for (let i = start; i < end; i++) each(view, i);
      start = end;
    }
  }
}

/** Tiles of one request, read: locating and sampling over them is synchronous. */
export class DemView {
  readonly #dem: DemDataset;
  /** Per layer, the loaded tiles by `tx·2²⁸ + ty`. */
  readonly #tiles: Map<number, DemTile>[];

  constructor(dem: DemDataset, tiles: Map<number, DemTile>[]) {
    this.#dem = dem;
    this.#tiles = tiles;
  }

  /** The first layer whose pixel under the position is in the coverage, or null. */
  locate(lon: number, lat: number): Located | null {
    for (const z of this.#dem.candidateLayers(lon, lat)) {
      const layer = this.#dem.metadata.layers[z] as DemLayerMeta;
      const { x, y } = toPixel(layer.grid, lon, lat);
      const at = this.#at(z, Math.floor(x), Math.floor(y));
      if (at < 0) continue;
      const flag = (this.#last as DemTile).flags[at] as number;
      if (flag !== 0) return { layer: z, x, y, block: flag - 1 };
    }
    return null;
  }

  /** Interpolated height at a located position, or null when every weighted pixel is void. */
  sample(at: Located, method: Interpolation): Sampled | null {
    const r = interpolate(sampleWindow(at.x, at.y, method), (col, row) => {
      const k = this.#at(at.layer, col, row);
      return k < 0 ? Number.NaN : ((this.#last as DemTile).values[k] as number);
    });
    return r && { elevationMeters: r.value, pixelsUsed: r.pixelsUsed };
  }

  // The tile last looked up: most window pixels fall in the same tile as the previous one.
  #lastZ = -1;
  #lastTx = -1;
  #lastTy = -1;
  #last: DemTile | undefined;

  /** Index of pixel (col, row) of layer z in its tile, leaving the tile in #last; -1 when absent. */
  #at(z: number, col: number, row: number): number {
    const layer = this.#dem.metadata.layers[z] as DemLayerMeta;
    const T = layer.tileSize;
    const c = wrap(layer, col);
    const tx = Math.floor(c / T);
    const ty = Math.floor(row / T);
    if (z !== this.#lastZ || tx !== this.#lastTx || ty !== this.#lastTy) {
      this.#last = this.#tiles[z]?.get(tx * 2 ** 28 + ty);
      // A tile in the directory that was not loaded is a caller's bug (collectTiles names every
      // tile locate and sample read), never "outside the coverage".
      if (!this.#last && this.#dem.reader.hasTile(z, tx, ty))
        throw new Error(`DEM tile ${z}/${tx}/${ty} was not loaded before sampling`);
      this.#lastZ = z;
      this.#lastTx = tx;
      this.#lastTy = ty;
    }
    return this.#last ? (row - ty * T) * T + (c - tx * T) : -1;
  }
}

function wrap(layer: DemLayerMeta, col: number): number {
  const w = layer.wrapColumns;
  return w === null ? col : ((col % w) + w) % w;
}

function inBox(l: DemLayerMeta, lon: number, lat: number): boolean {
  const [w, s, e, n] = l.bbox;
  return lon >= w && lon <= e && lat >= s && lat <= n;
}

/** The opened DEM of a request, or ApiError data_unavailable (503) when the family is missing. */
export function demOf(ctx: { data: DataReader }): DemDataset {
  return ctx.data.require(DEM_FAMILY).value;
}

/**
 * Opens the DEM of a checked version folder with positioned reads (tiles are read on demand);
 * refuses a version whose manifest lists other files than `dem.json` and the COGs it names.
 */
export const demOpener: FamilyOpener<DemDataset> = {
  ...FAMILY_SPECS.dem,
  open: async (versionDir, manifest) => {
    const reader = await DemReader.open((file) =>
      openByteSource(path.resolve(outputPath(versionDir, manifest, file)), "file"),
    );
    const listed = manifest.outputs.map((o) => o.path).sort();
    const named = reader.files.sort();
    if (listed.join(", ") !== named.join(", ")) {
      reader.close();
      throw new ArtifactError(
        "output_missing",
        `dem ${manifest.version} lists ${listed.join(", ")}; its ${named[0]} names ${named.join(", ")}`,
      );
    }
    return new DemDataset(reader, manifest.coverage);
  },
  close: (dem) => dem.reader.close(),
};
