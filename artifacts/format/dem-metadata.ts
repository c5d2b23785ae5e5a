// The `geo402-dem` metadata of a DEM artifact (artifacts/README.md §DEM): datasets, source blocks,
// layers (one dataset on one pixel grid, stored as two sparse tiled GeoTIFFs each) and the coverage statement,
// written as `dem.json` beside the GeoTIFFs, and its check at open.
import { ArtifactError } from "./artifact-error.ts";
import type { DemGrid } from "./dem-grid.ts";

export const DEM_FORMAT = { major: 3, minor: 0 } as const;
/** The metadata file of a version; it names every other file (the layers' GeoTIFFs). */
export const DEM_METADATA_FILE = "dem.json";
/** Most source blocks an artifact may hold: a pixel's block is stored as 1 + its index in a uint16. */
export const MAX_DEM_BLOCKS = 65534;

/** A decoded tile of one layer: T × T pixels, row-major. */
export interface DemTile {
  /** Heights in metres; NaN = void or no block. */
  values: Float32Array;
  /** 0 outside the coverage (Alaska and its coastal band), else 1 + the index (into the metadata's `blocks`) of the pixel's source block. */
  flags: Uint16Array;
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
  /** The stored tiles: tile (tx, ty) of the layer is tile (tx − x0, ty − y0) of both GeoTIFFs, which are `across` × `down` tiles. */
  tiles: { x0: number; y0: number; across: number; down: number };
  /** The float32 GeoTIFF of heights (nodata NaN) and the CRC-32 of each stored tile's bytes, row-major (0 for an unwritten tile). */
  heights: DemCogMeta;
  /** The uint16 GeoTIFF of flags (DemTile.flags), same tiles. */
  flags: DemCogMeta;
}

export interface DemCogMeta {
  file: string;
  crc32: number[];
}

export interface DemCoverageMeta {
  region: string;
  boundary: string;
  coastalBandMeters: number;
  statement: string;
}

/** The metadata of a DEM artifact (`dem.json`). */
export interface DemMetadata {
  format: "geo402-dem";
  formatVersion: string;
  datasets: DemDatasetMeta[];
  blocks: DemBlockMeta[];
  layers: DemLayerMeta[];
  coverage: DemCoverageMeta;
}

/** Throws ArtifactError unless `value` is metadata of a known major whose layers are consistent. */
export function checkDemMetadata(value: unknown): DemMetadata {
  const m = value as Partial<DemMetadata> | null;
  const fail = (why: string): never => {
    throw new ArtifactError("malformed", `DEM metadata: ${why}`);
  };
  if (m?.format !== "geo402-dem") return fail("not geo402-dem metadata");
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
  if (m.blocks.length > MAX_DEM_BLOCKS) fail(`${m.blocks.length} blocks; at most ${MAX_DEM_BLOCKS}`);
  for (const b of m.blocks)
    if (!(b.dataset >= 0 && b.dataset < datasets)) fail(`block ${b.id} names dataset ${b.dataset}`);
  for (const [z, l] of m.layers.entries()) {
    if (!(l.dataset >= 0 && l.dataset < datasets)) fail(`layer ${z} names dataset ${l.dataset}`);
    if (!Number.isInteger(l.tileSize) || l.tileSize < 16 || l.tileSize > 4096 || l.tileSize % 16 !== 0)
      fail(`layer ${z} tile size ${l.tileSize}`);
    if (!(l.grid?.ppdX > 0 && l.grid.ppdY > 0)) fail(`layer ${z} has no pixel grid`);
    const t = l.tiles;
    if (![t?.x0, t?.y0, t?.across, t?.down].every((v) => Number.isInteger(v) && (v as number) >= 0))
      fail(`layer ${z} has no tile range`);
    for (const cog of [l.heights, l.flags])
      if (
        typeof cog?.file !== "string" ||
        !Array.isArray(cog.crc32) ||
        cog.crc32.length !== t.across * t.down
      )
        fail(`layer ${z} names no GeoTIFF with a CRC-32 per tile`);
  }
  return m as DemMetadata;
}
