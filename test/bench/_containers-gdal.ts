// gdal3.js (GDAL compiled to WebAssembly) for the container benchmark: writes Cloud-Optimized
// GeoTIFFs with GDAL's COG driver and proves each standard file opens in GDAL (gdalinfo / ogrinfo).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Feature } from "geojson";
import { writeArrayBuffer } from "geotiff";

interface Dataset {
  readonly brand: "gdal-dataset";
}
interface FilePath {
  local: string;
  real: string;
}
interface GdalApi {
  open(files: string[]): Promise<{ datasets: Dataset[]; errors: unknown[] }>;
  close(ds: Dataset): Promise<void>;
  gdal_translate(ds: Dataset, options: string[], outputName: string): Promise<FilePath>;
  ogr2ogr(ds: Dataset, options: string[], outputName: string): Promise<FilePath>;
  gdalinfo(ds: Dataset, options?: string[]): Promise<Record<string, unknown>>;
  ogrinfo(ds: Dataset, options?: string[]): Promise<Record<string, unknown>>;
  getFileBytes(file: FilePath): Promise<Uint8Array>;
}

const require = createRequire(import.meta.url);
let gdalPromise: Promise<GdalApi> | undefined;

export function gdal(): Promise<GdalApi> {
  const dir = path.join(path.dirname(require.resolve("gdal3.js/package.json")), "dist/package");
  const init = require("gdal3.js/node.js") as (c: { path: string }) => Promise<GdalApi>;
  // gdal3.js resolves its path relative to the working directory.
  gdalPromise ??= init({ path: path.relative(process.cwd(), dir) });
  return gdalPromise;
}

export interface RasterSpec {
  width: number;
  height: number;
  /** Samples, pixel-interleaved, row 0 the northernmost. */
  values: Float32Array | Uint16Array | Uint8Array;
  /** Geographic pixel-is-area geotransform: north-west corner and pixel size in degrees. */
  west: number;
  north: number;
  resX: number;
  resY: number;
  /** COG block edge (a multiple of 16). */
  blockSize: number;
  noData?: number;
}

/** Writes `spec` as a COG (deflate, predictor, WGS 84) to `file` through GDAL's COG driver. */
export async function writeCog(file: string, spec: RasterSpec): Promise<void> {
  const plain = `${file}.plain.tif`;
  const bands = spec.values.length / (spec.width * spec.height);
  const tiff = writeArrayBuffer(spec.values as unknown as number[], {
    ...(bands > 1 ? { ExtraSamples: new Array(bands - 1).fill(0) } : {}),
    width: spec.width,
    height: spec.height,
    ModelPixelScale: [spec.resX, spec.resY, 0],
    ModelTiepoint: [0, 0, 0, spec.west, spec.north, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
  });
  writeFileSync(plain, new Uint8Array(tiff));
  const g = await gdal();
  const { datasets } = await g.open([plain]);
  const ds = datasets[0];
  if (!ds) throw new Error(`GDAL cannot open ${plain}`);
  const float = spec.values instanceof Float32Array;
  const out = await g.gdal_translate(
    ds,
    [
      "-of",
      "COG",
      "-co",
      "COMPRESS=DEFLATE",
      "-co",
      `PREDICTOR=${float ? "FLOATING_POINT" : "YES"}`,
      "-co",
      `BLOCKSIZE=${spec.blockSize}`,
      "-co",
      "SPARSE_OK=TRUE",
      "-co",
      "OVERVIEWS=NONE",
      ...(spec.noData === undefined ? [] : ["-a_nodata", String(spec.noData)]),
    ],
    path.basename(file),
  );
  writeFileSync(file, await g.getFileBytes(out));
  await g.close(ds);
  rmSync(plain);
}

/**
 * Writes GeoJSON features as FlatGeobuf through GDAL's driver, with its packed Hilbert R-tree
 * (`flatgeobuf`'s own JS `serialize` writes no spatial index, so its readers cannot search by box).
 */
export async function writeFlatGeobuf(file: string, features: readonly Feature[]): Promise<void> {
  const json = `${file}.geojson`;
  writeFileSync(json, JSON.stringify({ type: "FeatureCollection", features }));
  const g = await gdal();
  const { datasets } = await g.open([json]);
  const ds = datasets[0];
  if (!ds) throw new Error(`GDAL cannot open ${json}`);
  const out = await g.ogr2ogr(ds, ["-f", "FlatGeobuf", "-lco", "SPATIAL_INDEX=YES"], path.basename(file));
  writeFileSync(file, await g.getFileBytes(out));
  await g.close(ds);
  rmSync(json);
}

/** What GDAL reports when it opens `file`: driver and size (raster) or layers and features (vector); throws when it cannot. */
export async function gdalOpens(file: string, kind: "raster" | "vector"): Promise<string> {
  const g = await gdal();
  const { datasets } = await g.open([file]);
  const ds = datasets[0];
  if (!ds) throw new Error(`GDAL cannot open ${path.basename(file)}`);
  try {
    if (kind === "raster") {
      const info = (await g.gdalinfo(ds, ["-json"])) as {
        driverShortName: string;
        size: number[];
        bands: unknown[];
        metadata?: { IMAGE_STRUCTURE?: Record<string, string> };
      };
      const layout = info.metadata?.IMAGE_STRUCTURE?.LAYOUT ?? "";
      return `${info.driverShortName}${layout ? ` ${layout}` : ""} ${info.size.join("×")}, ${info.bands.length} band(s)`;
    }
    const info = (await g.ogrinfo(ds, ["-json", "-so"])) as {
      driverShortName: string;
      layers: { name: string; featureCount: number }[];
    };
    return `${info.driverShortName}: ${info.layers.map((l) => `${l.name} ${l.featureCount}`).join(", ")}`;
  } finally {
    await g.close(ds);
  }
}

export const fileBytes = (file: string): number => readFileSync(file).length;
