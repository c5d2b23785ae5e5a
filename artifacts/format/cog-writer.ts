// Cloud-Optimized GeoTIFF writer: geotiff.js lays the raster out as a plain GeoTIFF (its writer
// stores uncompressed strips only), GDAL's COG driver (gdal3.js, GDAL compiled to WebAssembly)
// tiles, deflates and orders it as a COG. Both run in memory (gdal3.js's virtual file system);
// the output holds no timestamp or path, so the same raster gives the same bytes. Ingest writes
// the timezone grid with it; the service only reads COGs (geotiff.js), never loads GDAL.
import { createRequire } from "node:module";
import path from "node:path";
import { writeArrayBuffer } from "geotiff";

export interface GdalDataset {
  readonly brand: "gdal-dataset";
}
interface GdalFilePath {
  local: string;
  real: string;
}
/** The part of gdal3.js's API the writer, its tests and the container benchmark use. */
export interface GdalApi {
  open(files: string | string[]): Promise<{ datasets: GdalDataset[]; errors: unknown[] }>;
  close(ds: GdalDataset): Promise<void>;
  gdal_translate(ds: GdalDataset, options: string[], outputName: string): Promise<GdalFilePath>;
  ogr2ogr(ds: GdalDataset, options: string[], outputName: string): Promise<GdalFilePath>;
  gdalinfo(ds: GdalDataset, options?: string[]): Promise<Record<string, unknown>>;
  ogrinfo(ds: GdalDataset, options?: string[]): Promise<Record<string, unknown>>;
  getFileBytes(file: GdalFilePath | string): Promise<Uint8Array>;
  Module: { FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void } };
}

/** The members of `gdalinfo -json` of a raster that the COG tests read. */
export interface GdalRasterInfo {
  driverShortName: string;
  size: number[];
  geoTransform: number[];
  coordinateSystem: { wkt: string };
  metadata: { IMAGE_STRUCTURE: Record<string, string> };
  bands: { type: string; noDataValue?: number | string }[];
}

/** gdal3.js's folder of files written and opened in memory. */
export const GDAL_MEMORY_DIR = "/output";

const require = createRequire(import.meta.url);
let gdalPromise: Promise<GdalApi> | undefined;

/** The one gdal3.js instance of this process (about 1 s to load its 40 MB of WebAssembly). */
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
  /** Geographic (WGS 84, EPSG:4326) pixel-is-area georeferencing: north-west corner and pixel size in degrees. */
  west: number;
  north: number;
  resX: number;
  resY: number;
  /** COG block edge (a multiple of 16). */
  blockSize: number;
  noData?: number;
}

// gdal3.js keeps one mount of its input folder: conversions run one at a time.
let queue: Promise<unknown> = Promise.resolve();

/** The bytes of `spec` as a COG: deflate with a predictor, WGS 84, no overviews. */
export function writeCog(spec: RasterSpec): Promise<Uint8Array> {
  const next = queue.then(() => translate(spec));
  queue = next.catch(() => undefined);
  return next;
}

/**
 * The plain GeoTIFF geotiff.js's `writeArrayBuffer` writes for `spec`, byte for byte, without its
 * per-sample loop (a DataView allocated per sample: half the CPU of a DEM build at scale, issue
 * 31.4): geotiff.js writes only the directory (its fixed 1000 bytes, the sample layout stated
 * instead of counted), the samples follow big-endian as it writes them, swapped natively.
 */
const PLAIN_DIRECTORY_BYTES = 1000;

export function plainGeoTiff(spec: RasterSpec, bands: number): Uint8Array {
  const size = spec.values.BYTES_PER_ELEMENT;
  // One sample, so geotiff.js takes the flat-array path; its directory is the first 1000 bytes.
  const directory = writeArrayBuffer(spec.values.subarray(0, 1) as unknown as number[], {
    ...(bands > 1 ? { ExtraSamples: new Array(bands - 1).fill(0) } : {}),
    width: spec.width,
    height: spec.height,
    BitsPerSample: new Array(bands).fill(8 * size),
    SamplesPerPixel: [bands],
    SampleFormat: new Array(bands).fill(spec.values instanceof Float32Array ? 3 : 1),
    PhotometricInterpretation: bands === 3 ? 2 : 1,
    StripByteCounts: [spec.values.byteLength],
    ModelPixelScale: [spec.resX, spec.resY, 0],
    ModelTiepoint: [0, 0, 0, spec.west, spec.north, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
  });
  const header = new Uint8Array(directory, 0, PLAIN_DIRECTORY_BYTES);
  const out = new Uint8Array(PLAIN_DIRECTORY_BYTES + spec.values.byteLength);
  out.set(header);
  const body = Buffer.from(out.buffer, PLAIN_DIRECTORY_BYTES, spec.values.byteLength);
  body.set(new Uint8Array(spec.values.buffer, spec.values.byteOffset, spec.values.byteLength));
  if (size === 4) body.swap32();
  else if (size === 2) body.swap16();
  return out;
}

async function translate(spec: RasterSpec): Promise<Uint8Array> {
  const bands = spec.values.length / (spec.width * spec.height);
  if (!Number.isInteger(bands) || bands < 1)
    throw new RangeError(`${spec.values.length} samples do not fill ${spec.width}×${spec.height} pixels`);
  const plain = plainGeoTiff(spec, bands);
  const g = await gdal();
  const input = `${GDAL_MEMORY_DIR}/cog-input.tif`;
  const output = "cog-output.tif";
  g.Module.FS.writeFile(input, plain);
  const { datasets } = await g.open(input);
  const ds = datasets[0];
  if (!ds) throw new Error("GDAL cannot open the plain GeoTIFF written by geotiff.js");
  try {
    const out = await g.gdal_translate(
      ds,
      [
        "-of",
        "COG",
        "-co",
        "COMPRESS=DEFLATE",
        "-co",
        `PREDICTOR=${spec.values instanceof Float32Array ? "FLOATING_POINT" : "YES"}`,
        "-co",
        `BLOCKSIZE=${spec.blockSize}`,
        "-co",
        "SPARSE_OK=TRUE",
        "-co",
        "OVERVIEWS=NONE",
        ...(spec.noData === undefined ? [] : ["-a_nodata", String(spec.noData)]),
      ],
      output,
    );
    // A copy: the virtual file system's buffer is freed with the file.
    const bytes = (await g.getFileBytes(out)).slice();
    g.Module.FS.unlink(out.local);
    return bytes;
  } finally {
    await g.close(ds);
    g.Module.FS.unlink(input);
  }
}
