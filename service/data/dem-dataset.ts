// The opened DEM artifact as routes use it: which layer covers a position, which tiles a set of
// positions may read (answered from the directory, without reading a tile), and the sampled
// height with the block it came from. Positions are (lon, lat) in degrees.
import path from "node:path";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { toPixel } from "../../artifacts/format/dem-grid.ts";
import { DEM_FILE, DemReader } from "../../artifacts/format/dem-reader.ts";
import type { DemLayerMeta, DemMetadata } from "../../artifacts/format/dem-tile.ts";
import { outputPath } from "../../artifacts/format/manifest.ts";
import { TileContainerReader } from "../../artifacts/format/tile-container.ts";
import { type Interpolation, interpolate, sampleWindow } from "../geo/elevation/interpolate.ts";
import type { RouteContext } from "../route-types.ts";
import type { FamilyOpener } from "./families.ts";

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
    this.metadata.layers.forEach((l, z) => {
      if (
        inBox(l, lon, lat) ||
        (l.wrapColumns !== null && (inBox(l, lon + 360, lat) || inBox(l, lon - 360, lat)))
      )
        out.push(z);
    });
    return out;
  }

  /** Adds to `into` the tiles that sampling the position may read, found in the directory only. */
  collectTiles(lon: number, lat: number, method: Interpolation, into: Set<string>): void {
    for (const z of this.candidateLayers(lon, lat)) {
      const layer = this.metadata.layers[z] as DemLayerMeta;
      const { x, y } = toPixel(layer.grid, lon, lat);
      const cells = [{ col: Math.floor(x), row: Math.floor(y) }, ...sampleWindow(x, y, method)];
      for (const p of cells) {
        const tx = Math.floor(this.#wrap(layer, p.col) / layer.tileSize);
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
      const at = this.#pixel(z, Math.floor(x), Math.floor(y));
      if (at?.covered) return { layer: z, x, y, block: at.block };
    }
    return null;
  }

  /** Interpolated height at a located position, or null when every weighted pixel is void. */
  sample(at: Located, method: Interpolation): Sampled | null {
    const r = interpolate(
      sampleWindow(at.x, at.y, method),
      (col, row) => this.#pixel(at.layer, col, row)?.value ?? Number.NaN,
    );
    return r && { elevationMeters: r.value, pixelsUsed: r.pixelsUsed };
  }

  #wrap(layer: DemLayerMeta, col: number): number {
    const w = layer.wrapColumns;
    return w === null ? col : ((col % w) + w) % w;
  }

  #pixel(
    z: number,
    col: number,
    row: number,
  ): { value: number; covered: boolean; block: number } | undefined {
    const layer = this.metadata.layers[z] as DemLayerMeta;
    const T = layer.tileSize;
    const c = this.#wrap(layer, col);
    const tile = this.reader.tile(z, Math.floor(c / T), Math.floor(row / T));
    if (!tile) return undefined;
    const k = (row - Math.floor(row / T) * T) * T + (c % T);
    const slot = tile.slots ? (tile.slots[k] as number) : 0;
    return {
      value: tile.values[k] as number,
      covered: tile.coverage[k] === 1,
      block: tile.blocks[slot] ?? -1,
    };
  }
}

function inBox(l: DemLayerMeta, lon: number, lat: number): boolean {
  const [w, s, e, n] = l.bbox;
  return lon >= w && lon <= e && lat >= s && lat <= n;
}

export const DEM_FAMILY = "dem";

/** The opened DEM of a request, or ApiError data_unavailable (503) when the family is missing. */
export function demOf(ctx: Pick<RouteContext, "data">): DemDataset {
  return ctx.data.require<DemDataset>(DEM_FAMILY).value;
}

/** Opens `dem.g4t` of a checked version folder with positioned reads (tiles are read on demand). */
export const demOpener: FamilyOpener<DemDataset> = {
  family: DEM_FAMILY,
  formatMajor: 1,
  open: async (versionDir, manifest) => {
    const file = outputPath(versionDir, manifest, DEM_FILE);
    return new DemDataset(new DemReader(new TileContainerReader(openByteSource(path.resolve(file), "file"))));
  },
};
