// The opened DEM artifact as routes use it: which layer covers a position, which tiles a set of
// positions may read (answered from the directory, without reading a tile), and the sampled
// height with the block it came from. Positions are (lon, lat) in degrees.

import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { toPixel } from "../../artifacts/format/dem-grid.ts";
import { DEM_FILE, DemReader } from "../../artifacts/format/dem-reader.ts";
import type { DemLayerMeta, DemMetadata, DemTile } from "../../artifacts/format/dem-tile.ts";
import { outputPath } from "../../artifacts/format/manifest.ts";
import { TileContainerReader } from "../../artifacts/format/tile-container.ts";
import { ApiError } from "../errors.ts";
import { type Interpolation, interpolate, sampleWindow } from "../geo/elevation/interpolate.ts";
import type { RouteContext } from "../route-types.ts";
import type { FamilyOpener } from "./families.ts";

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

  constructor(reader: DemReader) {
    this.reader = reader;
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

  /** Adds to `into` the tiles that sampling the position may read, found in the directory only. */
  collectTiles(lon: number, lat: number, method: Interpolation, into: Set<string>): void {
    for (const z of this.candidateLayers(lon, lat)) {
      const layer = this.metadata.layers[z] as DemLayerMeta;
      const { x, y } = toPixel(layer.grid, lon, lat);
      const cells = [{ col: Math.floor(x), row: Math.floor(y) }, ...sampleWindow(x, y, method)];
      for (const p of cells) {
        const tx = Math.floor(wrap(layer, p.col) / layer.tileSize);
        const ty = Math.floor(p.row / layer.tileSize);
        if (this.reader.hasTile(z, tx, ty)) into.add(`${z}/${tx}/${ty}`);
      }
    }
  }

  /** The first layer whose pixel under the position is in the coverage, or null. Reads tiles. */
  locate(lon: number, lat: number): Located | null {
    for (const z of this.candidateLayers(lon, lat)) {
      const layer = this.metadata.layers[z] as DemLayerMeta;
      const { x, y } = toPixel(layer.grid, lon, lat);
      const at = this.#at(z, Math.floor(x), Math.floor(y));
      if (at < 0) continue;
      const tile = this.#last as DemTile;
      if (tile.coverage[at] === 1)
        return { layer: z, x, y, block: tile.blocks[tile.slots ? (tile.slots[at] as number) : 0] ?? -1 };
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
    const layer = this.metadata.layers[z] as DemLayerMeta;
    const T = layer.tileSize;
    const c = wrap(layer, col);
    const tx = Math.floor(c / T);
    const ty = Math.floor(row / T);
    if (z !== this.#lastZ || tx !== this.#lastTx || ty !== this.#lastTy) {
      this.#lastZ = -1;
      try {
        this.#last = this.reader.tile(z, tx, ty);
      } catch (err) {
        // A tile that cannot be read or decoded after the checks at open: 503, never a guess.
        throw new ApiError("data_unavailable", { family: DEM_FAMILY, reason: (err as Error).message });
      }
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
export function demOf(ctx: Pick<RouteContext, "data">): DemDataset {
  return ctx.data.require(DEM_FAMILY).value;
}

/** Opens `dem.g4t` of a checked version folder with positioned reads (tiles are read on demand). */
export const demOpener: FamilyOpener<DemDataset> = {
  ...FAMILY_SPECS.dem,
  open: async (versionDir, manifest) => {
    const file = outputPath(versionDir, manifest, DEM_FILE);
    return new DemDataset(new DemReader(new TileContainerReader(openByteSource(path.resolve(file), "file"))));
  },
  close: (dem) => dem.reader.close(),
};
