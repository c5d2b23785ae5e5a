// The datum-grids family's file (`nadcon5.g4t`, artifacts/README.md §datum-grids): NADCON5 shift
// grids cut into square tiles and stored in a tile container. Key = tileKey(grid index, tx, ty);
// blob = tileSize² nodes × [latOffset, lonOffset] float32 little-endian, arc-seconds, longitude
// positive east, rows from the south (edge tiles padded with NaN). The container metadata holds
// the format name and version and every grid's lattice.
import { ArtifactError } from "./artifact-error.ts";
import type { ShiftGridHeader, Tile } from "./shift-grid.ts";
import { type TileContainerReader, type TileContainerWriter, tileKey } from "./tile-container.ts";

export const DATUM_GRID_FILE = "nadcon5.g4t";
export const DATUM_GRID_FORMAT = "geo402-datum-grids";
export const DATUM_GRID_MAJOR = 1;
export const DATUM_GRID_MINOR = 1;

export interface StoredGrid extends ShiftGridHeader {
  /** Grid index: the z of its tile keys. */
  index: number;
  /** SHA-256 of the GeoTIFF it was cut from. */
  sourceSha256: string;
  /** The GeoTIFF's description and GDAL metadata (area_of_use, target_crs_epsg_code, …). */
  description: string;
  metadata: Record<string, string>;
}

export interface DatumGridMetadata {
  format: string;
  formatVersion: string;
  sampleType: "float32le";
  grids: StoredGrid[];
}

/** Adds one grid's tiles (in tile-id order) to the container. */
export function addGridTiles(w: TileContainerWriter, grid: StoredGrid, tiles: readonly Tile[]): void {
  const across = Math.ceil(grid.width / grid.tileSize);
  tiles.forEach((t, id) => {
    const bytes = new Uint8Array(t.length * 4);
    const dv = new DataView(bytes.buffer);
    for (let k = 0; k < t.length; k++) dv.setFloat32(k * 4, t[k] as number, true);
    w.add(tileKey(grid.index, id % across, Math.floor(id / across)), bytes);
  });
}

export function datumGridMetadata(grids: StoredGrid[]): DatumGridMetadata {
  return {
    format: DATUM_GRID_FORMAT,
    formatVersion: `${DATUM_GRID_MAJOR}.${DATUM_GRID_MINOR}`,
    sampleType: "float32le",
    grids,
  };
}

/** Checks the container's metadata and returns the grids it holds. */
export function readDatumGridMetadata(r: TileContainerReader): StoredGrid[] {
  const m = r.metadata as Partial<DatumGridMetadata> | null;
  if (m?.format !== DATUM_GRID_FORMAT)
    throw new ArtifactError("bad_magic", `datum-grid container format is ${String(m?.format)}`);
  if (Number(String(m.formatVersion).split(".")[0]) !== DATUM_GRID_MAJOR) {
    throw new ArtifactError(
      "unsupported_format_version",
      `datum-grid format ${m.formatVersion}; this reader knows ${DATUM_GRID_MAJOR}.x`,
    );
  }
  if (m.sampleType !== "float32le" || !Array.isArray(m.grids))
    throw new ArtifactError("malformed", "datum-grid metadata lacks sampleType or grids");
  return m.grids;
}

/** Decodes one stored tile. */
export async function readGridTile(r: TileContainerReader, grid: StoredGrid, id: number): Promise<Tile> {
  const across = Math.ceil(grid.width / grid.tileSize);
  const blob = await r.get(tileKey(grid.index, id % across, Math.floor(id / across)));
  const n = grid.tileSize * grid.tileSize * 2;
  if (!blob || blob.length !== n * 4)
    throw new ArtifactError("malformed", `grid ${grid.name}: tile ${id} missing or of the wrong size`);
  const dv = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const out = new Float32Array(n);
  for (let k = 0; k < n; k++) out[k] = dv.getFloat32(k * 4, true);
  return out;
}
