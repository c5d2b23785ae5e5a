// The tiles of a tiled GeoTIFF (a COG, or the DEM's sparse GeoTIFFs whose directory follows the
// tiles) read one block at a time through a byte source: the first image file directory (IFD)
// is parsed once at open and held in memory (size, sample type,
// tile offsets and byte counts, georeferencing); `raw(i)` reads the stored bytes of tile i by
// range, `decode` inflates them (Node's zlib) and undoes the TIFF predictor.
//
// Our own ~150 lines rather than geotiff.js: a reader that checks a CRC-32 per block must see the
// stored bytes before they are decoded (geotiff.js's `getTileOrStrip` reads and decodes in one
// step through its own source layer), and must read them through our `ByteSource` (file, memory,
// object storage). Only what GDAL's COG driver and format/sparse-tiff-writer.ts write for our
// rasters is accepted: classic little-endian TIFF, tiled, DEFLATE, one image plane, one sample type.
import { inflateSync } from "node:zlib";
import { ArtifactError } from "./artifact-error.ts";
import type { ByteSource } from "./byte-source.ts";

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  samplesPerPixel: 277,
  planarConfiguration: 284,
  predictor: 317,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  sampleFormat: 339,
  modelPixelScale: 33550,
  modelTiepoint: 33922,
} as const;

/** Bytes per value of the TIFF field types we read (BYTE, SHORT, LONG, DOUBLE). */
const TYPE_BYTES: Record<number, number> = { 1: 1, 3: 2, 4: 4, 12: 8 };
const DEFLATE = [8, 32946];
/** GDAL's COG puts the IFD and tile arrays first: one read of this many bytes usually holds them. */
const HEAD_BYTES = 16384;
/** Most bytes read at once from a directory to the end of the file (Alaska's 2″ layer: about 3.4 MB of tile arrays). */
const TAIL_BYTES = 64 * 2 ** 20;

export type SampleKind = "float32" | "uint16";

export interface CogLayout {
  width: number;
  height: number;
  /** Tile edge in pixels (tiles are square). */
  tileSize: number;
  sample: SampleKind;
  /** GDAL's geotransform origin and pixel size in degrees (north-west corner, pixel is area). */
  west: number;
  north: number;
  resX: number;
  resY: number;
}

export class CogTiles {
  readonly layout: CogLayout;
  readonly tilesAcross: number;
  readonly tilesDown: number;
  readonly #source: ByteSource;
  readonly #offsets: Float64Array;
  readonly #counts: Float64Array;
  readonly #predictor: number;

  private constructor(
    source: ByteSource,
    layout: CogLayout,
    offsets: Float64Array,
    counts: Float64Array,
    predictor: number,
  ) {
    this.#source = source;
    this.layout = layout;
    this.tilesAcross = Math.ceil(layout.width / layout.tileSize);
    this.tilesDown = Math.ceil(layout.height / layout.tileSize);
    this.#offsets = offsets;
    this.#counts = counts;
    this.#predictor = predictor;
  }

  /** Parses the first IFD (one read, or a few when its arrays lie past the first 16 KiB); throws ArtifactError `malformed` for anything but one of our COGs. */
  static async open(source: ByteSource, what: string): Promise<CogTiles> {
    const fail = (why: string): never => {
      throw new ArtifactError("malformed", `${what}: ${why}`);
    };
    if (source.size < 16) fail(`${source.size} bytes is no TIFF`);
    const head = await source.read(0, Math.min(source.size, HEAD_BYTES));
    const hv = new DataView(head.buffer, head.byteOffset, head.byteLength);
    if (hv.getUint16(0) !== 0x4949 || hv.getUint16(2, true) !== 42)
      fail("not a classic little-endian TIFF (BigTIFF and big-endian are not read)");
    const ifd = hv.getUint32(4, true);
    if (ifd + 2 > source.size) fail(`the directory at ${ifd} lies past the end`);
    // A directory past the first read (the DEM's sparse GeoTIFFs write it, then its values, after
    // the tiles): one read from it to the end of the file, so an object store sees two requests.
    const tail =
      ifd + 2 > head.length && source.size - ifd <= TAIL_BYTES
        ? await source.read(ifd, source.size - ifd)
        : new Uint8Array(0);
    const bytesAt = async (offset: number, length: number): Promise<Uint8Array> =>
      offset + length <= head.length
        ? head.subarray(offset, offset + length)
        : offset >= ifd && offset + length <= ifd + tail.length
          ? tail.subarray(offset - ifd, offset - ifd + length)
          : source.read(offset, length);
    const countBytes = await bytesAt(ifd, 2);
    const count = new DataView(countBytes.buffer, countBytes.byteOffset, 2).getUint16(0, true);
    const entries = await bytesAt(ifd + 2, 12 * count);
    const ev = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
    const fields = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const at = 12 * i;
      const tag = ev.getUint16(at, true);
      const type = ev.getUint16(at + 2, true);
      const n = ev.getUint32(at + 4, true);
      const size = TYPE_BYTES[type];
      if (!size || !(Object.values(TAG) as number[]).includes(tag)) continue;
      const inline = n * size <= 4;
      const bytes = inline
        ? entries.subarray(at + 8, at + 8 + n * size)
        : await bytesAt(ev.getUint32(at + 8, true), n * size);
      const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const values: number[] = [];
      for (let k = 0; k < n; k++) {
        const o = k * size;
        values.push(
          size === 1
            ? dv.getUint8(o)
            : size === 2
              ? dv.getUint16(o, true)
              : size === 4
                ? dv.getUint32(o, true)
                : dv.getFloat64(o, true),
        );
      }
      fields.set(tag, values);
    }
    const one = (tag: number, fallback?: number): number => {
      const v = fields.get(tag)?.[0] ?? fallback;
      return v === undefined ? fail(`TIFF tag ${tag} is missing`) : v;
    };
    const width = one(TAG.width);
    const height = one(TAG.height);
    const tileSize = one(TAG.tileWidth);
    if (one(TAG.tileLength) !== tileSize) fail("tiles are not square");
    if (!DEFLATE.includes(one(TAG.compression))) fail(`compression ${one(TAG.compression)}; DEFLATE is read`);
    if (one(TAG.samplesPerPixel, 1) !== 1) fail("more than one band");
    if (one(TAG.planarConfiguration, 1) !== 1) fail("planar configuration is not 1");
    const bits = one(TAG.bitsPerSample);
    const format = one(TAG.sampleFormat, 1);
    const sample: SampleKind =
      bits === 32 && format === 3
        ? "float32"
        : bits === 16 && format === 1
          ? "uint16"
          : fail(`${bits}-bit samples of format ${format}; float32 or uint16 is read`);
    const predictor = one(TAG.predictor, 1);
    if (predictor !== 1 && predictor !== (sample === "float32" ? 3 : 2)) fail(`predictor ${predictor}`);
    const offsets = Float64Array.from(fields.get(TAG.tileOffsets) ?? []);
    const counts = Float64Array.from(fields.get(TAG.tileByteCounts) ?? []);
    const tiles = Math.ceil(width / tileSize) * Math.ceil(height / tileSize);
    if (offsets.length !== tiles || counts.length !== tiles)
      fail(`${offsets.length} tile offsets and ${counts.length} byte counts for ${tiles} tiles`);
    for (let i = 0; i < tiles; i++)
      if ((offsets[i] as number) + (counts[i] as number) > source.size) fail(`tile ${i} runs past the end`);
    const scale = fields.get(TAG.modelPixelScale) ?? fail("no ModelPixelScale");
    const tie = fields.get(TAG.modelTiepoint) ?? fail("no ModelTiepoint");
    if (tie[0] !== 0 || tie[1] !== 0) fail("the tie point is not pixel (0, 0)");
    const layout: CogLayout = {
      width,
      height,
      tileSize,
      sample,
      west: tie[3] as number,
      north: tie[4] as number,
      resX: scale[0] as number,
      resY: scale[1] as number,
    };
    return new CogTiles(source, layout, offsets, counts, predictor);
  }

  /** Index of tile (column tx, row ty) of the raster, or -1 outside it. */
  index(tx: number, ty: number): number {
    return tx < 0 || ty < 0 || tx >= this.tilesAcross || ty >= this.tilesDown
      ? -1
      : ty * this.tilesAcross + tx;
  }

  /** Whether tile i holds bytes (GDAL's SPARSE_OK leaves tiles of nothing but nodata or 0 unwritten). */
  stored(i: number): boolean {
    return (this.#counts[i] ?? 0) > 0;
  }

  /** The stored (compressed) bytes of tile i; empty for an unwritten tile. */
  raw(i: number): Promise<Uint8Array> {
    const n = this.#counts[i] ?? 0;
    return n > 0 ? this.#source.read(this.#offsets[i] as number, n) : Promise.resolve(new Uint8Array(0));
  }

  /**
   * The samples of tile i from its stored bytes, row-major over tileSize² pixels; an unwritten
   * tile is `empty` throughout. Throws ArtifactError `malformed` when they do not inflate to a tile.
   */
  decode(raw: Uint8Array, empty: number): Float32Array | Uint16Array {
    const T = this.layout.tileSize;
    const n = T * T;
    const float = this.layout.sample === "float32";
    if (raw.length === 0) return float ? new Float32Array(n).fill(empty) : new Uint16Array(n).fill(empty);
    let bytes: Uint8Array;
    try {
      bytes = inflateSync(raw);
    } catch (err) {
      throw new ArtifactError("malformed", `COG tile does not inflate (${(err as Error).message})`);
    }
    const size = float ? 4 : 2;
    if (bytes.length !== n * size)
      throw new ArtifactError("malformed", `COG tile inflates to ${bytes.length} bytes, not ${n * size}`);
    if (this.#predictor === 3) return new Float32Array(undoFloatPredictor(bytes, T).buffer);
    const out = new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    if (this.#predictor === 2) undoHorizontalDifference(out, T);
    return float ? new Float32Array(out.buffer) : out;
  }
}

/**
 * TIFF predictor 3 (floating point, Adobe TIFF Technote 3 as libtiff's fpAcc): each row was split
 * into byte planes, most significant first, and the bytes differenced along the row. Returns the
 * row-major float32 samples as little-endian bytes (the byte order of every platform Node runs on here).
 */
function undoFloatPredictor(bytes: Uint8Array, width: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  const rowBytes = 4 * width;
  for (let r = 0; r < bytes.length; r += rowBytes) {
    let acc = 0;
    for (let i = r; i < r + rowBytes; i++) {
      acc = (acc + (bytes[i] as number)) & 0xff;
      bytes[i] = acc;
    }
    // Byte planes: most significant first; a little-endian float32 takes them in reverse.
    const p1 = r + width;
    const p2 = r + 2 * width;
    const p3 = r + 3 * width;
    for (let c = 0; c < width; c++) {
      const o = r + 4 * c;
      out[o] = bytes[p3 + c] as number;
      out[o + 1] = bytes[p2 + c] as number;
      out[o + 2] = bytes[p1 + c] as number;
      out[o + 3] = bytes[r + c] as number;
    }
  }
  return out;
}

/** TIFF predictor 2 over 16-bit samples: each sample was stored as the difference from its left neighbour. */
function undoHorizontalDifference(samples: Uint16Array, width: number): void {
  for (let r = 0; r < samples.length; r += width)
    for (let c = r + 1; c < r + width; c++) samples[c] = (samples[c] as number) + (samples[c - 1] as number);
}
