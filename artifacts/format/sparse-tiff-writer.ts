// A sparse tiled GeoTIFF written tile by tile to a file: the DEM's layers (issue 31.4). Tiles are
// deflated (zlib format, TIFF compression 8) with the TIFF predictor (3 for float32, 2 for
// uint16) and appended as they come, in any order; `finish` writes the image file directory
// (IFD) after the last tile, spanning the bounding range of the tiles given, with tiles never
// given left unwritten (offset and byte count 0, as GDAL's SPARSE_OK writes them). Memory holds
// one tile and the tile table, never the raster: a layer of Alaska at 2″ is 648,000 × 38,160
// pixels.
//
// Our own ~150 lines rather than GDAL's COG driver (format/cog-writer.ts): GDAL (gdal3.js, in
// WebAssembly's 32-bit memory) takes the whole raster as input, and geotiff.js writes only
// uncompressed strips. The file is read back by format/cog-tiles.ts (the same subset: classic
// little-endian TIFF, square tiles, DEFLATE, one band) and by GDAL (dem-cog-gdal.test.ts).
import { closeSync, openSync, writeSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { checksumOf } from "./block-checksum.ts";

export interface SparseTiffSpec {
  /** Tile edge in pixels, a multiple of 16. */
  tileSize: number;
  sample: "float32" | "uint16";
  /** Grid of tile (0, 0)'s north-west corner and pixel size in degrees (WGS 84, pixel is area). */
  west: (tx: number) => number;
  north: (ty: number) => number;
  resX: number;
  resY: number;
  /** GDAL_NODATA, e.g. NaN for heights. */
  noData?: number;
}

export interface SparseTiffRange {
  x0: number;
  y0: number;
  across: number;
  down: number;
}

export interface FinishedSparseTiff {
  range: SparseTiffRange;
  /** CRC-32 of each tile's stored bytes, row-major over the range (0 for an unwritten tile). */
  crc32: number[];
  bytes: number;
}

/** Classic TIFF offsets are 32-bit: a layer past this is refused rather than wrapped. */
const CLASSIC_LIMIT = 2 ** 32;

interface StoredTile {
  tx: number;
  ty: number;
  offset: number;
  count: number;
  crc: number;
}

export class SparseTiffWriter {
  readonly #fd: number;
  readonly #spec: SparseTiffSpec;
  readonly #tiles: StoredTile[] = [];
  readonly #seen = new Set<string>();
  #end = 8;

  constructor(file: string, spec: SparseTiffSpec) {
    if (spec.tileSize % 16 !== 0)
      throw new RangeError(`TIFF tiles are a multiple of 16 pixels, not ${spec.tileSize}`);
    this.#spec = spec;
    this.#fd = openSync(file, "w");
    this.#write(new Uint8Array(8)); // the header, written by finish
  }

  /** Appends tile (tx, ty): tileSize² samples, row-major. */
  add(tx: number, ty: number, samples: Float32Array | Uint16Array): void {
    const T = this.#spec.tileSize;
    if (samples.length !== T * T)
      throw new RangeError(`a tile holds ${T * T} samples, not ${samples.length}`);
    const key = `${tx},${ty}`;
    if (this.#seen.has(key)) throw new Error(`tile ${key} is written twice`);
    this.#seen.add(key);
    const stored = deflateSync(
      samples instanceof Float32Array ? floatPredictor(samples, T) : horizontalDifference(samples, T),
    );
    this.#tiles.push({ tx, ty, offset: this.#end, count: stored.length, crc: checksumOf(stored) });
    this.#write(stored);
  }

  /** Writes the directory over the tiles' bounding range (one unwritten tile at (0, 0) when none was given) and closes the file. */
  finish(): FinishedSparseTiff {
    try {
      const t = this.#tiles;
      // Loops, not Math.min(...): a layer of Alaska stores about 400,000 tiles.
      let [x0, y0, x1, y1] = t.length ? [Infinity, Infinity, -Infinity, -Infinity] : [0, 0, 0, 0];
      for (const s of t)
        [x0, y0, x1, y1] = [Math.min(x0, s.tx), Math.min(y0, s.ty), Math.max(x1, s.tx), Math.max(y1, s.ty)];
      const across = x1 - x0 + 1;
      const down = y1 - y0 + 1;
      const offsets = new Uint32Array(across * down);
      const counts = new Uint32Array(across * down);
      const crc32 = new Array<number>(across * down).fill(0);
      for (const s of t) {
        const i = (s.ty - y0) * across + (s.tx - x0);
        offsets[i] = s.offset;
        counts[i] = s.count;
        crc32[i] = s.crc;
      }
      const range = { x0, y0, across, down };
      const ifdAt = this.#end + (this.#end % 2);
      if (ifdAt > this.#end) this.#write(new Uint8Array(1));
      this.#write(this.#directory(ifdAt, range, offsets, counts));
      if (this.#end > CLASSIC_LIMIT) throw new Error(`${this.#end} bytes exceed a classic TIFF's 4 GiB`);
      const header = new DataView(new ArrayBuffer(8));
      header.setUint16(0, 0x4949);
      header.setUint16(2, 42, true);
      header.setUint32(4, ifdAt, true);
      writeSync(this.#fd, new Uint8Array(header.buffer), 0, 8, 0);
      return { range, crc32, bytes: this.#end };
    } finally {
      closeSync(this.#fd);
    }
  }

  /** Abandons the file (its bytes are no TIFF). */
  abandon(): void {
    closeSync(this.#fd);
  }

  #write(bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.length)
      done += writeSync(this.#fd, bytes, done, bytes.length - done, this.#end + done);
    this.#end += bytes.length;
  }

  /** The IFD at `at` and its out-of-line values after it. */
  #directory(at: number, r: SparseTiffRange, offsets: Uint32Array, counts: Uint32Array): Uint8Array {
    const s = this.#spec;
    const T = s.tileSize;
    const float = s.sample === "float32";
    // [tag, type, values]: SHORT 3, LONG 4, DOUBLE 12, ASCII 2 (bytes); ascending tags.
    const entries: [number, number, ArrayLike<number>][] = [
      [256, 4, [r.across * T]],
      [257, 4, [r.down * T]],
      [258, 3, [float ? 32 : 16]],
      [259, 3, [8]],
      [262, 3, [1]],
      [277, 3, [1]],
      [284, 3, [1]],
      [317, 3, [float ? 3 : 2]],
      [322, 3, [T]],
      [323, 3, [T]],
      [324, 4, offsets],
      [325, 4, counts],
      [339, 3, [float ? 3 : 1]],
      [33550, 12, [s.resX, s.resY, 0]],
      [33922, 12, [0, 0, 0, s.west(r.x0), s.north(r.y0), 0]],
      // GeoKeyDirectory: version 1.1.0, 3 keys: model geographic, raster pixel-is-area, WGS 84.
      [34735, 3, [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326]],
    ];
    if (s.noData !== undefined)
      entries.push([42113, 2, [...new TextEncoder().encode(`${gdalNumber(s.noData)}\0`)]]);
    const size: Record<number, number> = { 2: 1, 3: 2, 4: 4, 12: 8 };
    const head = 2 + 12 * entries.length + 4;
    let extra = 0;
    for (const [, type, v] of entries) {
      const n = v.length * (size[type] as number);
      if (n > 4) extra += n + (n % 2);
    }
    const out = new DataView(new ArrayBuffer(head + extra));
    out.setUint16(0, entries.length, true);
    let tail = head;
    for (const [k, [tag, type, v]] of entries.entries()) {
      const e = 2 + 12 * k;
      const unit = size[type] as number;
      out.setUint16(e, tag, true);
      out.setUint16(e + 2, type, true);
      out.setUint32(e + 4, v.length, true);
      const inline = v.length * unit <= 4;
      let p = inline ? e + 8 : tail;
      if (!inline) out.setUint32(e + 8, at + tail, true);
      for (let i = 0; i < v.length; i++, p += unit) {
        const x = v[i] as number;
        if (unit === 1) out.setUint8(p, x);
        else if (unit === 2) out.setUint16(p, x, true);
        else if (unit === 4) out.setUint32(p, x, true);
        else out.setFloat64(p, x, true);
      }
      if (!inline) tail += v.length * unit + ((v.length * unit) % 2);
    }
    return new Uint8Array(out.buffer);
  }
}

/** A number as GDAL writes GDAL_NODATA ("nan" for NaN). */
const gdalNumber = (v: number): string => (Number.isNaN(v) ? "nan" : String(v));

/**
 * TIFF predictor 3 (Adobe TIFF Technote 3, as libtiff's fpDiff): each row's float32 samples split
 * into byte planes, most significant first, then every byte differenced from its left neighbour
 * along the row. The inverse is cog-tiles.ts's undoFloatPredictor.
 */
function floatPredictor(samples: Float32Array, width: number): Uint8Array {
  const src = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  const out = new Uint8Array(src.length);
  const rowBytes = 4 * width;
  for (let r = 0; r < src.length; r += rowBytes) {
    for (let c = 0; c < width; c++) {
      const o = r + 4 * c;
      out[r + c] = src[o + 3] as number;
      out[r + width + c] = src[o + 2] as number;
      out[r + 2 * width + c] = src[o + 1] as number;
      out[r + 3 * width + c] = src[o] as number;
    }
    for (let i = r + rowBytes - 1; i > r; i--) out[i] = ((out[i] as number) - (out[i - 1] as number)) & 0xff;
  }
  return out;
}

/** TIFF predictor 2 over 16-bit samples: each sample stored as the difference from its left neighbour, little-endian. */
function horizontalDifference(samples: Uint16Array, width: number): Uint8Array {
  const out = new Uint16Array(samples);
  for (let r = 0; r < out.length; r += width)
    for (let c = r + width - 1; c > r; c--) out[c] = ((out[c] as number) - (out[c - 1] as number)) & 0xffff;
  return new Uint8Array(out.buffer);
}
