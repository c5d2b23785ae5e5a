// The built DEM's sparse GeoTIFFs (format 3.0, written tile by tile by format/sparse-tiff-writer.ts)
// are standard files: GDAL (gdal3.js) opens every layer's heights and flags as deflated tiled
// GeoTIFFs on the layer's grid in EPSG:4326, and reads the heights and flags our reader answers at
// windows of pixels of every layer (unwritten tiles as nodata and 0).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { openByteSource } from "./byte-source.ts";
import { GDAL_MEMORY_DIR, type GdalDataset, type GdalRasterInfo, gdal } from "./cog-writer.ts";
import type { DemLayerMeta } from "./dem-metadata.ts";
import { DemReader } from "./dem-reader.ts";

let dir: string;
let reader: DemReader;
const opened: { file: string; ds: GdalDataset }[] = [];

/** The file opened in GDAL (once per file). */
async function inGdal(file: string): Promise<GdalDataset> {
  const have = opened.find((o) => o.file === file);
  if (have) return have.ds;
  const g = await gdal();
  const local = `${GDAL_MEMORY_DIR}/dem-gdal-${file}`;
  g.Module.FS.writeFile(local, await readFile(path.join(dir, file)));
  const { datasets, errors } = await g.open(local);
  expect(errors).toEqual([]);
  const ds = datasets[0] as GdalDataset;
  opened.push({ file, ds });
  return ds;
}

/** GDAL's values of a window of pixels (column, row of the COG), row-major. */
async function gdalWindow(file: string, col: number, row: number, size: number): Promise<number[]> {
  const g = await gdal();
  const out = await g.gdal_translate(
    await inGdal(file),
    ["-of", "XYZ", "-srcwin", String(col), String(row), String(size), String(size)],
    "dem-window.xyz",
  );
  const text = new TextDecoder().decode(await g.getFileBytes(out));
  g.Module.FS.unlink(out.local);
  return text
    .trim()
    .split("\n")
    .map((line) => Number(line.trim().split(/\s+/)[2]));
}

beforeAll(async () => {
  dir = (await builtFamily("dem")).dir;
  reader = await DemReader.open((file) => openByteSource(path.join(dir, file), "file"));
});
afterAll(async () => {
  const g = await gdal();
  for (const { file, ds } of opened) {
    await g.close(ds);
    g.Module.FS.unlink(`${GDAL_MEMORY_DIR}/dem-gdal-${file}`);
  }
  reader?.close();
});

describe("dem COGs in GDAL", () => {
  it("gdalinfo: every layer's heights (Float32, nodata NaN) and flags (UInt16) are deflated tiled GeoTIFFs on the layer's grid", async () => {
    expect(reader.metadata.layers.length).toBeGreaterThan(1);
    for (const layer of reader.metadata.layers) {
      const { tileSize: T, grid, tiles } = layer;
      for (const [file, type] of [
        [layer.heights.file, "Float32"],
        [layer.flags.file, "UInt16"],
      ] as const) {
        const info = (await (
          await gdal()
        ).gdalinfo(await inGdal(file), ["-json"])) as unknown as GdalRasterInfo;
        expect(info.driverShortName).toBe("GTiff");
        expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({
          COMPRESSION: "DEFLATE",
          PREDICTOR: type === "Float32" ? "3" : "2",
        });
        expect(info.size).toEqual([tiles.across * T, tiles.down * T]);
        expect(info.bands.map((b) => b.type)).toEqual([type]);
        if (type === "Float32") expect(String(info.bands[0]?.noDataValue)).toBe("NaN");
        const [west, resX, , north, , resY] = info.geoTransform as number[];
        expect(west).toBeCloseTo((tiles.x0 * T + grid.phaseX) / grid.ppdX - 180, 9);
        expect(north).toBeCloseTo(90 - (tiles.y0 * T + grid.phaseY) / grid.ppdY, 9);
        expect(resX).toBeCloseTo(1 / grid.ppdX, 12);
        expect(resY).toBeCloseTo(-1 / grid.ppdY, 12);
        expect(info.coordinateSystem.wkt).toContain('ID["EPSG",4326]');
      }
    }
  });

  it("GDAL reads the heights and flags our reader answers, in windows of every layer", {
    timeout: 120_000,
  }, async () => {
    let compared = 0;
    let covered = 0;
    for (const [z, layer] of reader.metadata.layers.entries()) {
      const { tileSize: T, tiles } = layer as DemLayerMeta;
      // A window at the centre of every stored tile, crossing the tile's middle row and column.
      for (let ty = tiles.y0; ty < tiles.y0 + tiles.down; ty++) {
        for (let tx = tiles.x0; tx < tiles.x0 + tiles.across; tx++) {
          const tile = await reader.tile(z, tx, ty);
          if (!tile) continue;
          const col = (tx - tiles.x0) * T + T / 2 - 4;
          const row = (ty - tiles.y0) * T + T / 2 - 4;
          const heights = await gdalWindow(layer.heights.file, col, row, 8);
          const flags = await gdalWindow(layer.flags.file, col, row, 8);
          for (let r = 0; r < 8; r++) {
            for (let c = 0; c < 8; c++) {
              const k = (T / 2 - 4 + r) * T + T / 2 - 4 + c;
              const ours = tile.values[k] as number;
              const theirs = heights[r * 8 + c] as number;
              expect(Number.isNaN(ours) ? Number.isNaN(theirs) : theirs === ours).toBe(true);
              expect(flags[r * 8 + c]).toBe(tile.flags[k]);
              if (tile.flags[k] !== 0) covered++;
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(covered).toBeGreaterThan(500);
  });
});
