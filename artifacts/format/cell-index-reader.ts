// Reads the sorted H3 cell index ("G4H3IDX", artifacts/README.md §Cell index) by random access:
// the block directory is held in memory, one block of keys is binary-searched per lookup.
// Integrity (1.1): the directory is checked at open; a block is checked against its CRC-32 when
// read from a file, and on its first use when the file is held in memory (it cannot change
// after); a string when it is first decoded.
import { latLngToCell } from "h3-js";
import { ArtifactError } from "./artifact-error.ts";
import { verifyChecksum } from "./block-checksum.ts";
import type { ByteSource } from "./byte-source.ts";
import { CELL_INDEX_HEADER_BYTES, CELL_INDEX_MAGIC, CELL_INDEX_MAJOR, H } from "./cell-index-layout.ts";
import { bigIntToCell, cellToBigInt, cellWords, keyToCell, keyWithin, resolutionOf } from "./h3-key.ts";

export interface CellIndexHit {
  /** Position of the entry in the index. */
  entry: number;
  value: number;
  /** Resolution of the stored (possibly compacted) cell that contains the query. */
  resolution: number;
}

/** One block of entries, checked: keys, resolutions and values of entries [first, first + count). */
interface Block {
  first: number;
  count: number;
  keys: DataView;
  res: Uint8Array;
  values: DataView;
}

interface MemoryViews {
  keys: Uint32Array;
  res: Uint8Array;
  values: Uint8Array | Uint16Array | Uint32Array;
}

export class CellIndexReader {
  readonly #src: ByteSource;
  readonly maxResolution: number;
  readonly entryCount: number;
  readonly stringCount: number;
  readonly formatMinor: number;
  readonly #valueBytes: number;
  readonly #blockEntries: number;
  readonly #dirOffset: number;
  readonly #dirHi: Uint32Array;
  readonly #dirLo: Uint32Array;
  readonly #off: {
    keys: number;
    res: number;
    values: number;
    strOffsets: number;
    strBytes: number;
    checksums: number;
  };
  #lastBlock: Block | undefined;
  /** Memory mode: blocks whose checksum has been verified (the bytes cannot change after). */
  readonly #verified: Uint8Array;
  readonly #strings: (string | undefined)[];
  /** Typed-array views over an in-memory little-endian file: the lookup fast path. */
  readonly #mem: MemoryViews | undefined;
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });

  /** Reads and checks the header and the directory; blocks and strings are read by lookups. */
  static async open(source: ByteSource): Promise<CellIndexReader> {
    if (source.size < CELL_INDEX_HEADER_BYTES)
      throw new ArtifactError("truncated", `cell index of ${source.size} bytes has no header`);
    const reader = new CellIndexReader(source, await source.read(0, CELL_INDEX_HEADER_BYTES));
    await reader.#readDirectory();
    return reader;
  }

  /** Checks the header; the directory is read by `open`. */
  private constructor(source: ByteSource, head: Uint8Array) {
    this.#src = source;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const magic = new TextDecoder().decode(head.subarray(0, 8));
    if (magic !== CELL_INDEX_MAGIC)
      throw new ArtifactError("bad_magic", `not a cell index (magic ${JSON.stringify(magic)})`);
    const major = view.getUint16(H.major, true);
    if (major !== CELL_INDEX_MAJOR)
      throw new ArtifactError(
        "unsupported_format_version",
        `cell index format ${major}.x; this reader knows ${CELL_INDEX_MAJOR}.x`,
      );
    this.formatMinor = view.getUint16(H.minor, true);
    if (this.formatMinor < 1)
      throw new ArtifactError(
        "unsupported_format_version",
        `cell index 1.${this.formatMinor} carries no checksums; this reader needs 1.1 or later (rebuild)`,
      );
    this.maxResolution = view.getUint8(H.maxResolution);
    this.#valueBytes = view.getUint8(H.valueBytes);
    this.entryCount = view.getUint32(H.entryCount, true);
    this.#blockEntries = view.getUint32(H.blockEntries, true);
    const blockCount = view.getUint32(H.blockCount, true);
    this.stringCount = view.getUint32(H.stringCount, true);
    const u64 = (at: number) => Number(view.getBigUint64(at, true));
    const fileBytes = u64(H.fileBytes);
    if (fileBytes !== source.size)
      throw new ArtifactError(
        "truncated",
        `cell index header says ${fileBytes} bytes, source has ${source.size}`,
      );
    if (![1, 2, 4].includes(this.#valueBytes) || this.#blockEntries < 1 || this.maxResolution > 15) {
      throw new ArtifactError("malformed", "cell index header holds impossible values");
    }
    if (blockCount !== Math.ceil(this.entryCount / this.#blockEntries))
      throw new ArtifactError("malformed", "cell index block count disagrees with entry count");
    this.#off = {
      keys: u64(H.keysOffset),
      res: u64(H.resolutionsOffset),
      values: u64(H.valuesOffset),
      strOffsets: u64(H.stringOffsetsOffset),
      strBytes: u64(H.stringBytesOffset),
      checksums: u64(H.checksumsOffset),
    };
    if (this.#off.checksums + 4 * (1 + blockCount + this.stringCount) > fileBytes)
      throw new ArtifactError("malformed", "cell index checksums run past the end of the file");
    this.#dirOffset = u64(H.directoryOffset);
    this.#dirHi = new Uint32Array(blockCount);
    this.#dirLo = new Uint32Array(blockCount);
    this.#strings = new Array(this.stringCount);
    this.#mem = this.#memoryViews(source);
    this.#verified = new Uint8Array(blockCount);
  }

  async #readDirectory(): Promise<void> {
    const blockCount = this.#dirHi.length;
    const [dir, crc] = await Promise.all([
      this.#src.read(this.#dirOffset, blockCount * 8),
      this.#checksum(0),
    ]);
    verifyChecksum(crc, "cell index directory", dir);
    const dirView = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
    for (let b = 0; b < blockCount; b++) {
      this.#dirLo[b] = dirView.getUint32(b * 8, true);
      this.#dirHi[b] = dirView.getUint32(b * 8 + 4, true);
    }
  }

  /** Stored CRC-32 number `i` of the checksums section (0 = directory, 1 + b = block b, 1 + blocks + s = string s). */
  async #checksum(i: number): Promise<number> {
    const b = await this.#src.read(this.#off.checksums + 4 * i, 4);
    return new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true);
  }

  /** Block `b`, read and checked (the last one is kept: lookups near each other reuse it). */
  async #block(b: number): Promise<Block> {
    const first = b * this.#blockEntries;
    const last = this.#lastBlock;
    if (last?.first === first) return last;
    const count = Math.min(this.#blockEntries, this.entryCount - first);
    const [keys, res, values, crc] = await Promise.all([
      this.#src.read(this.#off.keys + first * 8, count * 8),
      this.#src.read(this.#off.res + first, count),
      this.#src.read(this.#off.values + first * this.#valueBytes, count * this.#valueBytes),
      this.#checksum(1 + b),
    ]);
    verifyChecksum(crc, `cell index block ${b}`, keys, res, values);
    const block = {
      first,
      count,
      keys: new DataView(keys.buffer, keys.byteOffset, keys.byteLength),
      res,
      values: new DataView(values.buffer, values.byteOffset, values.byteLength),
    };
    this.#lastBlock = block;
    return block;
  }

  async #stringBytes(id: number): Promise<Uint8Array> {
    const blockCount = this.#dirHi.length;
    const pair = await this.#src.read(this.#off.strOffsets + id * 4, 8);
    const view = new DataView(pair.buffer, pair.byteOffset, 8);
    const start = view.getUint32(0, true);
    const end = view.getUint32(4, true);
    if (end < start || this.#off.strBytes + end > this.#off.checksums)
      throw new ArtifactError("output_corrupt", `cell index string ${id} has impossible offsets`);
    const [bytes, crc] = await Promise.all([
      this.#src.read(this.#off.strBytes + start, end - start),
      this.#checksum(1 + blockCount + id),
    ]);
    verifyChecksum(crc, `cell index string ${id}`, bytes);
    return bytes;
  }

  #memoryViews(source: ByteSource): MemoryViews | undefined {
    const whole = source.bytes?.();
    if (!whole || !LITTLE_ENDIAN_HOST) return undefined;
    const bytes = whole.byteOffset % 8 === 0 ? whole : whole.slice();
    const at = (offset: number) => bytes.byteOffset + offset;
    const n = this.entryCount;
    const values =
      this.#valueBytes === 1
        ? bytes.subarray(this.#off.values, this.#off.values + n)
        : this.#valueBytes === 2
          ? new Uint16Array(bytes.buffer, at(this.#off.values), n)
          : new Uint32Array(bytes.buffer, at(this.#off.values), n);
    return {
      keys: new Uint32Array(bytes.buffer, at(this.#off.keys), 2 * n),
      res: bytes.subarray(this.#off.res, this.#off.res + n),
      values,
    };
  }

  /** The entry containing the cell of (lat, lng) at the index resolution, or undefined. */
  async lookupLatLng(lat: number, lng: number): Promise<CellIndexHit | undefined> {
    const [hi, lo] = cellWords(latLngToCell(lat, lng, this.maxResolution));
    return this.lookupWords(hi, lo);
  }

  /** The entry containing a cell of resolution ≥ the index resolution (hex id). */
  async lookupCell(cell: string): Promise<CellIndexHit | undefined> {
    const index = cellToBigInt(cell);
    const res = resolutionOf(index);
    if (res < this.maxResolution)
      throw new RangeError(
        `cell resolution ${res} is coarser than the index resolution ${this.maxResolution}`,
      );
    const [hi, lo] = cellWords(
      bigIntToCell(res === this.maxResolution ? index : keyToCell(index, this.maxResolution, 15)),
    );
    return this.lookupWords(hi, lo);
  }

  /** Lookup by the two 32-bit words of a cell at exactly the index resolution. */
  async lookupWords(hi: number, lo: number): Promise<CellIndexHit | undefined> {
    if (this.#mem) return this.#lookupMemory(hi, lo, this.#mem);
    const b = this.#blockOf(hi, lo);
    if (b < 0) return undefined;
    const block = await this.#block(b);
    const view = block.keys;
    // Last key in the block ≤ query (the block's first key is ≤ query).
    let low = 0;
    let high = block.count - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (less(hi, lo, view.getUint32(mid * 8 + 4, true), view.getUint32(mid * 8, true))) high = mid - 1;
      else low = mid;
    }
    const resolution = block.res[low]!;
    if (!keyWithin(hi, lo, view.getUint32(low * 8 + 4, true), view.getUint32(low * 8, true), resolution))
      return undefined;
    return { entry: block.first + low, value: this.#valueIn(block, low), resolution };
  }

  async #lookupMemory(hi: number, lo: number, mem: MemoryViews): Promise<CellIndexHit | undefined> {
    const b = this.#blockOf(hi, lo);
    if (b < 0) return undefined;
    // The directory was checked at open, so the block is the right one; check it on first use.
    if (!this.#verified[b]) {
      await this.#block(b);
      this.#verified[b] = 1;
    }
    const keys = mem.keys;
    let low = b * this.#blockEntries;
    let high = Math.min(low + this.#blockEntries, this.entryCount) - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (less(hi, lo, keys[2 * mid + 1]!, keys[2 * mid]!)) high = mid - 1;
      else low = mid;
    }
    const resolution = mem.res[low]!;
    if (!keyWithin(hi, lo, keys[2 * low + 1]!, keys[2 * low]!, resolution)) return undefined;
    return { entry: low, value: mem.values[low]!, resolution };
  }

  /** The last block whose first key ≤ the query (directory search), −1 before the first. */
  #blockOf(hi: number, lo: number): number {
    let lowB = 0;
    let highB = this.#dirHi.length - 1;
    if (highB < 0 || less(hi, lo, this.#dirHi[0]!, this.#dirLo[0]!)) return -1;
    while (lowB < highB) {
      const mid = (lowB + highB + 1) >>> 1;
      if (less(hi, lo, this.#dirHi[mid]!, this.#dirLo[mid]!)) highB = mid - 1;
      else lowB = mid;
    }
    return lowB;
  }

  #valueIn(block: Block, k: number): number {
    const v = block.values;
    if (this.#valueBytes === 1) return v.getUint8(k);
    return this.#valueBytes === 2 ? v.getUint16(2 * k, true) : v.getUint32(4 * k, true);
  }

  async #entryBlock(entry: number): Promise<[Block, number]> {
    if (!Number.isInteger(entry) || entry < 0 || entry >= this.entryCount)
      throw new RangeError(`no entry ${entry} (index of ${this.entryCount})`);
    const block = await this.#block(Math.floor(entry / this.#blockEntries));
    return [block, entry - block.first];
  }

  async valueAt(entry: number): Promise<number> {
    const [block, k] = await this.#entryBlock(entry);
    return this.#valueIn(block, k);
  }

  /** The stored cell (hex id, its own resolution) of an entry. */
  async cellAt(entry: number): Promise<string> {
    const [block, k] = await this.#entryBlock(entry);
    const key = block.keys.getBigUint64(k * 8, true);
    return bigIntToCell(keyToCell(key, block.res[k]!, this.maxResolution));
  }

  /** String `id` of the string table, decoded (and checked) on first use. */
  async string(id: number): Promise<string> {
    if (!Number.isInteger(id) || id < 0 || id >= this.stringCount)
      throw new RangeError(`no string ${id} (table of ${this.stringCount})`);
    const cached = this.#strings[id];
    if (cached !== undefined) return cached;
    const text = this.#decoder.decode(await this.#stringBytes(id));
    this.#strings[id] = text;
    return text;
  }

  close(): void {
    this.#src.close();
  }
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function less(hi: number, lo: number, khi: number, klo: number): boolean {
  return hi < khi || (hi === khi && lo < klo);
}
