// The DEM blobs stored in a tile container (artifacts/README.md §DEM tiles): one zlib-deflated
// square of T×T pixels of one layer grid, with heights, a coverage flag per pixel and the source
// block of each pixel. Encoder and decoder of the blob, and the metadata the container carries.
import { deflateSync, inflateSync } from "node:zlib";
import type { DemGrid } from "./dem-grid.ts";

export const DEM_TILE_MAGIC = "G4DM";
export const DEM_FORMAT = { major: 1, minor: 0 } as const;
/** Slot value of a pixel no block supplied. */
export const NO_BLOCK = 255;
/** Most blocks one tile may draw from (slots are bytes; 255 means none). */
export const MAX_TILE_BLOCKS = 254;

export interface DemTile {
  size: number;
  /** Global block indices (into the metadata's `blocks`) this tile draws from, ascending. */
  blocks: number[];
  /** Heights in metres, row-major; NaN = void or no block. */
  values: Float32Array;
  /** 1 where the pixel is inside the coverage (Alaska and its coastal band), else 0. */
  coverage: Uint8Array;
  /** Per pixel, the index into `blocks` (NO_BLOCK where none); null when the tile has one block. */
  slots: Uint8Array | null;
}

export function encodeDemTile(tile: DemTile): Uint8Array {
  const n = tile.size * tile.size;
  const multi = tile.blocks.length > 1;
  const head = 8 + 4 * tile.blocks.length;
  const raw = new Uint8Array(head + 4 * n + n + (multi ? n : 0));
  const dv = new DataView(raw.buffer);
  raw.set(new TextEncoder().encode(DEM_TILE_MAGIC), 0);
  dv.setUint16(4, tile.size, true);
  dv.setUint16(6, tile.blocks.length, true);
  for (const [i, b] of tile.blocks.entries()) dv.setUint32(8 + 4 * i, b, true);
  for (let i = 0; i < n; i++) dv.setFloat32(head + 4 * i, tile.values[i] as number, true);
  raw.set(tile.coverage, head + 4 * n);
  if (multi && tile.slots) raw.set(tile.slots, head + 5 * n);
  return deflateSync(raw, { level: 6 });
}

/** Decodes a blob; throws naming what is wrong (magic, sizes, slots) so the reader can refuse it. */
export function decodeDemTile(blob: Uint8Array, expectedSize: number, blockCount: number): DemTile {
  const raw = inflateSync(blob);
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (raw.length < 8 || new TextDecoder().decode(raw.subarray(0, 4)) !== DEM_TILE_MAGIC)
    throw new Error("DEM tile has a bad magic");
  const size = dv.getUint16(4, true);
  const count = dv.getUint16(6, true);
  if (size !== expectedSize)
    throw new Error(`DEM tile is ${size} pixels wide, the layer says ${expectedSize}`);
  const n = size * size;
  const head = 8 + 4 * count;
  if (count < 1 || count > MAX_TILE_BLOCKS || raw.length !== head + 5 * n + (count > 1 ? n : 0)) {
    throw new Error(`DEM tile of ${raw.length} bytes does not hold ${count} blocks and ${n} pixels`);
  }
  const blocks: number[] = [];
  for (let i = 0; i < count; i++) {
    const b = dv.getUint32(8 + 4 * i, true);
    if (b >= blockCount) throw new Error(`DEM tile names block ${b} of ${blockCount}`);
    blocks.push(b);
  }
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) values[i] = dv.getFloat32(head + 4 * i, true);
  const coverage = new Uint8Array(raw.subarray(head + 4 * n, head + 5 * n));
  const slots = count > 1 ? new Uint8Array(raw.subarray(head + 5 * n, head + 6 * n)) : null;
  return { size, blocks, values, coverage, slots };
}

/** A dataset as answers name it: id, name, publisher, licence, vertical and horizontal datum, URL, surface modelled. */
export interface DemDatasetMeta {
  id: string;
  name: string;
  publisher: string;
  license: string;
  verticalDatum: string;
  horizontalDatum: string;
  url: string;
  surface: "DTM" | "DSM" | "unspecified";
}

export interface DemBlockMeta {
  id: string;
  /** Index into `datasets`. */
  dataset: number;
  published: string | null;
  /** Raster extent (pixel edges) and nominal core, `[west, south, east, north]` in degrees. */
  extent: [number, number, number, number];
  core: [number, number, number, number];
}

export interface DemLayerMeta {
  /** Index into `datasets`; a layer is one dataset on one grid. Earlier layers win where they overlap. */
  dataset: number;
  grid: DemGrid;
  /** Tile edge in pixels. */
  tileSize: number;
  /** Columns around the globe (360·ppdX) when whole, so columns wrap at the antimeridian; else null. */
  wrapColumns: number | null;
  /** Union of the layer's block extents, `[west, south, east, north]`. */
  bbox: [number, number, number, number];
  /** Pixel size of the grid in arc-seconds, for answers. */
  arcSeconds: { longitude: number; latitude: number };
}

export interface DemCoverageMeta {
  region: string;
  boundary: string;
  coastalBandMeters: number;
  statement: string;
}

/** The container metadata of a DEM artifact. */
export interface DemMetadata {
  format: "geo402-dem";
  formatVersion: string;
  datasets: DemDatasetMeta[];
  blocks: DemBlockMeta[];
  layers: DemLayerMeta[];
  coverage: DemCoverageMeta;
}
