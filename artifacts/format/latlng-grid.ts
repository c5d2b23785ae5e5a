// The lat/lng grid (artifacts/README.md §Lat/lng grid): one unsigned 16-bit value per
// equal-angle grid cell, stored as a single-band uint16 Cloud-Optimized GeoTIFF in WGS 84, so
// GDAL and QGIS open it. Families use it as a constant-time first step (e.g. "this whole 1° square
// has one answer") before a finer index. The reader decodes the raster once, at open (geotiff.js,
// one `readRasters`), and answers from the typed array; the manifest's SHA-256 covers the file.
import { fromArrayBuffer, type GeoTIFFImage } from "geotiff";
import { ArtifactError } from "./artifact-error.ts";
import type { ByteSource } from "./byte-source.ts";
import "./geotiff-zlib.ts";

export interface GridSpec {
  south: number;
  west: number;
  cellDegrees: number;
  rows: number;
  cols: number;
}

const EPSG_WGS84 = 4326;
const MODEL_GEOGRAPHIC = 2;
const SAMPLE_UNSIGNED = 1;

export class LatLngGrid {
  readonly spec: GridSpec;
  /** Row-major from the north-west corner, as the GeoTIFF stores them. */
  readonly #values: Uint16Array;

  private constructor(spec: GridSpec, values: Uint16Array) {
    this.spec = spec;
    this.#values = values;
  }

  /** Reads the whole COG from `source` once and decodes it (held in memory from then on). */
  static async open(source: ByteSource): Promise<LatLngGrid> {
    return LatLngGrid.fromCog(source.bytes?.() ?? (await source.read(0, source.size)));
  }

  /** Reads a grid from the bytes of its COG; throws ArtifactError `malformed` unless it is one geographic uint16 band with square cells. */
  static async fromCog(bytes: Uint8Array): Promise<LatLngGrid> {
    let image: GeoTIFFImage;
    let origin: number[];
    let resolution: number[];
    try {
      const tiff = await fromArrayBuffer(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
      image = await tiff.getImage();
      origin = image.getOrigin();
      resolution = image.getResolution();
    } catch (err) {
      throw new ArtifactError(
        "malformed",
        `lat/lng grid is not a georeferenced GeoTIFF (${(err as Error).message})`,
      );
    }
    const band = `${image.getSamplesPerPixel()} band(s) of ${image.getBitsPerSample()}-bit samples, format ${image.getSampleFormat()}`;
    if (
      image.getSamplesPerPixel() !== 1 ||
      image.getBitsPerSample() !== 16 ||
      image.getSampleFormat() !== SAMPLE_UNSIGNED
    )
      throw new ArtifactError("malformed", `lat/lng grid has ${band}; it needs one uint16 band`);
    const keys = image.getGeoKeys();
    if (keys?.GTModelTypeGeoKey !== MODEL_GEOGRAPHIC || keys.GeographicTypeGeoKey !== EPSG_WGS84)
      throw new ArtifactError(
        "malformed",
        `lat/lng grid is not in WGS 84 longitude/latitude (EPSG:${EPSG_WGS84})`,
      );
    const [west = Number.NaN, north = Number.NaN] = origin;
    const [resX = Number.NaN, resY = Number.NaN] = resolution;
    if (!(resX > 0) || resY !== -resX || !Number.isFinite(west + north))
      throw new ArtifactError(
        "malformed",
        `lat/lng grid cells are ${resX} × ${resY}° from (${west}, ${north}); they must be square, north up`,
      );
    const rows = image.getHeight();
    const cols = image.getWidth();
    let values: unknown;
    try {
      values = await image.readRasters({ interleave: true });
    } catch (err) {
      throw new ArtifactError("malformed", `lat/lng grid values do not decode (${(err as Error).message})`);
    }
    if (!(values instanceof Uint16Array) || values.length !== rows * cols)
      throw new ArtifactError("malformed", `lat/lng grid of ${rows}×${cols} decodes to other values`);
    return new LatLngGrid({ south: north - rows * resX, west, cellDegrees: resX, rows, cols }, values);
  }

  /** The value of the grid cell holding (lat, lon): row ⌊(lat − south)/size⌋ counted from the south; a position on the north or east edge belongs to the last row or column. Undefined outside the grid. */
  valueAt(lat: number, lon: number): number | undefined {
    const { south, west, cellDegrees, rows, cols } = this.spec;
    let row = Math.floor((lat - south) / cellDegrees);
    let col = Math.floor((lon - west) / cellDegrees);
    if (row === rows && lat === south + rows * cellDegrees) row--;
    if (col === cols && lon === west + cols * cellDegrees) col--;
    if (row < 0 || row >= rows || col < 0 || col >= cols) return undefined;
    return this.#values[(rows - 1 - row) * cols + col];
  }
}
