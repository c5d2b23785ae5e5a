// Writes the sorted H3 cell index ("G4H3IDX"): disjoint H3 cells (mixed resolutions allowed,
// e.g. after compaction) → value ids, plus a string table the ids can point into.

import { checksumOf } from "./block-checksum.ts";
import {
  align8,
  CELL_INDEX_HEADER_BYTES,
  CELL_INDEX_MAGIC,
  CELL_INDEX_MAJOR,
  CELL_INDEX_MINOR,
  DEFAULT_BLOCK_ENTRIES,
  H,
  type ValueBytes,
} from "./cell-index-layout.ts";
import { cellKey, cellToBigInt, resolutionOf } from "./h3-key.ts";

export interface CellIndexOptions {
  /** Finest resolution of any cell; lookups are made at this resolution. */
  maxResolution: number;
  /** Strings the value ids index (value id i ↔ strings[i]); when empty, ids are free integers. */
  strings?: readonly string[];
  /** Width of a value id: 1, 2 or 4 bytes (default: the smallest that holds every id). */
  valueBytes?: ValueBytes;
  blockEntries?: number;
}

/** Collects (cell, value) pairs, then serialises them sorted; throws on overlapping cells. */
export class CellIndexWriter {
  readonly #maxRes: number;
  readonly #strings: readonly string[];
  readonly #valueBytes: ValueBytes | undefined;
  readonly #blockEntries: number;
  #keys = new BigUint64Array(1024);
  #res = new Uint8Array(1024);
  #values = new Uint32Array(1024);
  #count = 0;

  constructor(options: CellIndexOptions) {
    if (!Number.isInteger(options.maxResolution) || options.maxResolution < 0 || options.maxResolution > 15) {
      throw new RangeError(`maxResolution must be 0..15, got ${options.maxResolution}`);
    }
    this.#maxRes = options.maxResolution;
    this.#strings = options.strings ?? [];
    this.#valueBytes = options.valueBytes;
    this.#blockEntries = options.blockEntries ?? DEFAULT_BLOCK_ENTRIES;
    if (!Number.isInteger(this.#blockEntries) || this.#blockEntries < 1)
      throw new RangeError("blockEntries must be a positive integer");
  }

  get size(): number {
    return this.#count;
  }

  /** Adds one cell (hex id or bigint, resolution ≤ maxResolution) with its value id. */
  add(cell: string | bigint, value: number): void {
    const index = typeof cell === "bigint" ? cell : cellToBigInt(cell);
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff)
      throw new RangeError(`value id must be a u32, got ${value}`);
    if (this.#strings.length > 0 && value >= this.#strings.length)
      throw new RangeError(`value id ${value} has no string (table of ${this.#strings.length})`);
    if (this.#count === this.#keys.length) this.#grow();
    this.#keys[this.#count] = cellKey(index, this.#maxRes);
    this.#res[this.#count] = resolutionOf(index);
    this.#values[this.#count] = value;
    this.#count++;
  }

  #grow(): void {
    const n = this.#keys.length * 2;
    const keys = new BigUint64Array(n);
    keys.set(this.#keys);
    const res = new Uint8Array(n);
    res.set(this.#res);
    const values = new Uint32Array(n);
    values.set(this.#values);
    this.#keys = keys;
    this.#res = res;
    this.#values = values;
  }

  /** The file bytes. Same pairs in any order → same bytes. */
  finish(): Uint8Array {
    const n = this.#count;
    const keys = this.#keys;
    const res = this.#res;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : res[a]! - res[b]!));
    this.#checkDisjoint(order);

    let maxValue = 0;
    for (let i = 0; i < n; i++) maxValue = Math.max(maxValue, this.#values[i]!);
    const valueBytes = this.#valueBytes ?? (maxValue < 0x100 ? 1 : maxValue < 0x10000 ? 2 : 4);
    if (maxValue >= 2 ** (8 * valueBytes))
      throw new RangeError(`value id ${maxValue} does not fit ${valueBytes} bytes`);

    const encoder = new TextEncoder();
    const encoded = this.#strings.map((s) => encoder.encode(s));
    const stringBytes = encoded.reduce((sum, e) => sum + e.length, 0);
    const blockCount = Math.ceil(n / this.#blockEntries);

    const directoryOffset = CELL_INDEX_HEADER_BYTES;
    const keysOffset = align8(directoryOffset + blockCount * 8);
    const resolutionsOffset = align8(keysOffset + n * 8);
    const valuesOffset = align8(resolutionsOffset + n);
    const stringOffsetsOffset = align8(valuesOffset + n * valueBytes);
    const stringBytesOffset = align8(stringOffsetsOffset + (encoded.length + 1) * 4);
    const checksumsOffset = align8(stringBytesOffset + stringBytes);
    const fileBytes = align8(checksumsOffset + 4 * (1 + blockCount + encoded.length));

    const out = new Uint8Array(fileBytes);
    const view = new DataView(out.buffer);
    out.set(encoder.encode(CELL_INDEX_MAGIC), H.magic);
    view.setUint16(H.major, CELL_INDEX_MAJOR, true);
    view.setUint16(H.minor, CELL_INDEX_MINOR, true);
    view.setUint8(H.maxResolution, this.#maxRes);
    view.setUint8(H.valueBytes, valueBytes);
    view.setUint32(H.entryCount, n, true);
    view.setUint32(H.blockEntries, this.#blockEntries, true);
    view.setUint32(H.blockCount, blockCount, true);
    view.setUint32(H.stringCount, encoded.length, true);
    const offsets: [number, number][] = [
      [H.directoryOffset, directoryOffset],
      [H.keysOffset, keysOffset],
      [H.resolutionsOffset, resolutionsOffset],
      [H.valuesOffset, valuesOffset],
      [H.stringOffsetsOffset, stringOffsetsOffset],
      [H.stringBytesOffset, stringBytesOffset],
      [H.fileBytes, fileBytes],
      [H.checksumsOffset, checksumsOffset],
    ];
    for (const [field, value] of offsets) view.setBigUint64(field, BigInt(value), true);

    for (let i = 0; i < n; i++) {
      const src = order[i]!;
      const key = keys[src]!;
      view.setBigUint64(keysOffset + i * 8, key, true);
      if (i % this.#blockEntries === 0)
        view.setBigUint64(directoryOffset + (i / this.#blockEntries) * 8, key, true);
      out[resolutionsOffset + i] = res[src]!;
      const value = this.#values[src]!;
      const at = valuesOffset + i * valueBytes;
      if (valueBytes === 1) view.setUint8(at, value);
      else if (valueBytes === 2) view.setUint16(at, value, true);
      else view.setUint32(at, value, true);
    }
    let cursor = 0;
    encoded.forEach((bytes, i) => {
      view.setUint32(stringOffsetsOffset + i * 4, cursor, true);
      out.set(bytes, stringBytesOffset + cursor);
      cursor += bytes.length;
    });
    view.setUint32(stringOffsetsOffset + encoded.length * 4, cursor, true);
    // Checksums: the directory, each block's keys + resolutions + values, each string's bytes.
    view.setUint32(
      checksumsOffset,
      checksumOf(out.subarray(directoryOffset, directoryOffset + blockCount * 8)),
      true,
    );
    const B = this.#blockEntries;
    for (let b = 0; b < blockCount; b++) {
      const first = b * B;
      const count = Math.min(B, n - first);
      const crc = checksumOf(
        out.subarray(keysOffset + first * 8, keysOffset + (first + count) * 8),
        out.subarray(resolutionsOffset + first, resolutionsOffset + first + count),
        out.subarray(valuesOffset + first * valueBytes, valuesOffset + (first + count) * valueBytes),
      );
      view.setUint32(checksumsOffset + 4 * (1 + b), crc, true);
    }
    encoded.forEach((bytes, i) => {
      view.setUint32(checksumsOffset + 4 * (1 + blockCount + i), checksumOf(bytes), true);
    });
    return out;
  }

  /** Sorted by key then resolution: a cell overlaps the next one iff the next key lies inside it. */
  #checkDisjoint(order: Uint32Array): void {
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1]!;
      const b = order[i]!;
      const shift = BigInt(3 * (15 - this.#res[a]!));
      if (this.#keys[a]! >> shift === this.#keys[b]! >> shift) {
        throw new RangeError(
          `cells overlap: entries ${a} and ${b} (keys ${this.#keys[a]!.toString(16)}, ${this.#keys[b]!.toString(16)})`,
        );
      }
    }
  }
}
