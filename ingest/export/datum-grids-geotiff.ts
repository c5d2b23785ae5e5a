// `geo402-ingest export datum-grids`: every NADCON5 grid of the current datum-grids artifact as a
// GeoTIFF GDAL opens (a COG written by artifacts/format/cog-writer.ts): two float32 bands,
// latitude then longitude offset in arc-seconds (longitude positive east), as PROJ-data's own
// grids hold them; the nodes are pixel centres, so the raster's corner lies half a node
// outside the node extent. The container's tiles are reassembled row by row from the north.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { writeCog } from "../../artifacts/format/cog-writer.ts";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import {
  DATUM_GRID_FILE,
  readDatumGridMetadata,
  readGridTile,
  type StoredGrid,
} from "../../artifacts/format/datum-grid-file.ts";
import { tileId, tilesAcross } from "../../artifacts/format/shift-grid.ts";
import { TileContainerReader } from "../../artifacts/format/tile-container.ts";

/** Writes one GeoTIFF per grid into `dir`; returns the files written. */
export async function exportDatumGrids(artifactsDir: string, dir: string): Promise<string[]> {
  const current = await resolveCurrent(artifactsDir, "datum-grids");
  const source = await openByteSource(path.join(current.dir, DATUM_GRID_FILE), "file");
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    const reader = await TileContainerReader.open(source);
    for (const grid of readDatumGridMetadata(reader)) {
      const file = path.join(dir, grid.name.endsWith(".tif") ? grid.name : `${grid.name}.tif`);
      await writeFile(file, await gridGeoTiff(reader, grid));
      written.push(file);
    }
  } finally {
    source.close();
  }
  return written;
}

async function gridGeoTiff(reader: TileContainerReader, grid: StoredGrid): Promise<Uint8Array> {
  const { width, height, tileSize: t } = grid;
  const values = new Float32Array(width * height * 2);
  const rowsOfTiles = Math.ceil(height / t);
  for (let ty = 0; ty < rowsOfTiles; ty++) {
    for (let tx = 0; tx < tilesAcross(grid); tx++) {
      const tile = await readGridTile(reader, grid, tileId(grid, tx, ty));
      for (let r = 0; r < t && ty * t + r < height; r++) {
        const row = height - 1 - (ty * t + r); // raster rows from the north, tile rows from the south
        for (let c = 0; c < t && tx * t + c < width; c++) {
          const from = (r * t + c) * 2;
          const to = (row * width + tx * t + c) * 2;
          values[to] = tile[from] as number;
          values[to + 1] = tile[from + 1] as number;
        }
      }
    }
  }
  return writeCog({
    width,
    height,
    values,
    west: grid.west - grid.resX / 2,
    north: grid.south + (height - 1) * grid.resY + grid.resY / 2,
    resX: grid.resX,
    resY: grid.resY,
    blockSize: 256,
  });
}
