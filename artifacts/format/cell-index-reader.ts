// Reads the sorted H3 cell index ("G4H3IDX", artifacts/README.md §Cell index) by random access:
// the block directory is held in memory, one block of keys is binary-searched per lookup.
import { latLngToCell } from "h3-js";
import { ArtifactError } from "./artifact-error.ts";
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
  readonly #dirHi: Uint32Array;
  readonly #dirLo: Uint32Array;
  readonly #off: { keys: number; res: number; values: number; strOffsets: number; strBytes: number };
  readonly #strings: (string | undefined)[];
  /** Typed-array views over an in-memory little-endian file: the lookup fast path. */
  readonly #mem: MemoryViews | undefined;
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });

  constructor(source: ByteSource) {
    this.#src = source;
    if (source.size < CELL_INDEX_HEADER_BYTES)
      throw new ArtifactError("truncated", `cell index of ${source.size} bytes has no header`);
    const head = source.read(0, CELL_INDEX_HEADER_BYTES);
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
    };
    const dirOffset = u64(H.directoryOffset);
    const dir = source.read(dirOffset, blockCount * 8);
    const dirView = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
    this.#dirHi = new Uint32Array(blockCount);
    this.#dirLo = new Uint32Array(blockCount);
    for (let b = 0; b < blockCount; b++) {
      this.#dirLo[b] = dirView.getUint32(b * 8, true);
      this.#dirHi[b] = dirView.getUint32(b * 8 + 4, true);
    }
    this.#strings = new Array(this.stringCount);
    this.#mem = this.#memoryViews(source);
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
  lookupLatLng(lat: number, lng: number): CellIndexHit | undefined {
    const [hi, lo] = cellWords(latLngToCell(lat, lng, this.maxResolution));
    return this.lookupWords(hi, lo);
  }

  /** The entry containing a cell of resolution ≥ the index resolution (hex id). */
  lookupCell(cell: string): CellIndexHit | undefined {
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
  lookupWords(hi: number, lo: number): CellIndexHit | undefined {
    if (this.#mem) return this.#lookupMemory(hi, lo, this.#mem);
    // Last block whose first key ≤ query.
    let lowB = 0;
    let highB = this.#dirHi.length - 1;
    if (highB < 0 || less(hi, lo, this.#dirHi[0]!, this.#dirLo[0]!)) return undefined;
    while (lowB < highB) {
      const mid = (lowB + highB + 1) >>> 1;
      if (less(hi, lo, this.#dirHi[mid]!, this.#dirLo[mid]!)) highB = mid - 1;
      else lowB = mid;
    }
    const first = lowB * this.#blockEntries;
    const count = Math.min(this.#blockEntries, this.entryCount - first);
    const block = this.#src.read(this.#off.keys + first * 8, count * 8);
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    // Last key in the block ≤ query (the block's first key is ≤ query).
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (less(hi, lo, view.getUint32(mid * 8 + 4, true), view.getUint32(mid * 8, true))) high = mid - 1;
      else low = mid;
    }
    const entry = first + low;
    const resolution = this.#src.read(this.#off.res + entry, 1)[0]!;
    if (!keyWithin(hi, lo, view.getUint32(low * 8 + 4, true), view.getUint32(low * 8, true), resolution))
      return undefined;
    return { entry, value: this.valueAt(entry), resolution };
  }

  #lookupMemory(hi: number, lo: number, mem: MemoryViews): CellIndexHit | undefined {
    const keys = mem.keys;
    let low = 0;
    let high = this.entryCount - 1;
    if (high < 0 || less(hi, lo, keys[1]!, keys[0]!)) return undefined;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (less(hi, lo, keys[2 * mid + 1]!, keys[2 * mid]!)) high = mid - 1;
      else low = mid;
    }
    const resolution = mem.res[low]!;
    if (!keyWithin(hi, lo, keys[2 * low + 1]!, keys[2 * low]!, resolution)) return undefined;
    return { entry: low, value: mem.values[low]!, resolution };
  }

  valueAt(entry: number): number {
    const bytes = this.#src.read(this.#off.values + entry * this.#valueBytes, this.#valueBytes);
    if (this.#valueBytes === 1) return bytes[0]!;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return this.#valueBytes === 2 ? view.getUint16(0, true) : view.getUint32(0, true);
  }

  /** The stored cell (hex id, its own resolution) of an entry. */
  cellAt(entry: number): string {
    const bytes = this.#src.read(this.#off.keys + entry * 8, 8);
    const key = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
    const res = this.#src.read(this.#off.res + entry, 1)[0]!;
    return bigIntToCell(keyToCell(key, res, this.maxResolution));
  }

  /** String `id` of the string table, decoded on first use. */
  string(id: number): string {
    if (!Number.isInteger(id) || id < 0 || id >= this.stringCount)
      throw new RangeError(`no string ${id} (table of ${this.stringCount})`);
    const cached = this.#strings[id];
    if (cached !== undefined) return cached;
    const pair = this.#src.read(this.#off.strOffsets + id * 4, 8);
    const view = new DataView(pair.buffer, pair.byteOffset, 8);
    const start = view.getUint32(0, true);
    const end = view.getUint32(4, true);
    if (end < start) throw new ArtifactError("malformed", `string ${id} has a negative length`);
    const text = this.#decoder.decode(this.#src.read(this.#off.strBytes + start, end - start));
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
