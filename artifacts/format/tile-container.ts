// The tiled container ("G4TILES", artifacts/README.md §Tile container): byte blobs (raster
// tiles, per-tile feature sets) addressed by a u64 key, found by binary search over a sorted
// directory and read by offset. The writer streams blobs to disk, so containers may exceed memory.
// Since 1.1 each directory entry carries the blob's CRC-32, checked on every read, and the header
// the CRC-32 of directory + metadata, checked at open (block-checksum.ts).
import { closeSync, openSync, writeSync } from "node:fs";
import { ArtifactError } from "./artifact-error.ts";
import { checksumOf, verifyChecksum } from "./block-checksum.ts";
import type { ByteSource } from "./byte-source.ts";

export const TILE_MAGIC = "G4TILES\0";
export const TILE_MAJOR = 1;
export const TILE_MINOR = 1;
const HEADER = 64;
const ENTRY = 24;

/** Key of tile (z, x, y): z in bits 56–63, x in bits 28–55, y in bits 0–27. */
export function tileKey(z: number, x: number, y: number): bigint {
  for (const [name, v, max] of [
    ["z", z, 255],
    ["x", x, 2 ** 28 - 1],
    ["y", y, 2 ** 28 - 1],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > max)
      throw new RangeError(`tile ${name} must be an integer 0..${max}, got ${v}`);
  }
  return (BigInt(z) << 56n) | (BigInt(x) << 28n) | BigInt(y);
}

/** Writes a container to `file`. Blobs go in the order added; the directory is sorted at finish. */
export class TileContainerWriter {
  readonly #fd: number;
  readonly #entries: { key: bigint; offset: number; length: number; crc: number }[] = [];
  readonly #keys = new Set<bigint>();
  #cursor = 0;

  constructor(file: string) {
    this.#fd = openSync(file, "w");
    writeSync(this.#fd, new Uint8Array(HEADER), 0, HEADER, 0);
  }

  add(key: bigint, blob: Uint8Array): void {
    if (key < 0n || key >= 1n << 64n) throw new RangeError(`tile key must be a u64, got ${key}`);
    if (this.#keys.has(key)) throw new RangeError(`duplicate tile key ${key}`);
    this.#keys.add(key);
    writeSync(this.#fd, blob, 0, blob.length, HEADER + this.#cursor);
    this.#entries.push({ key, offset: this.#cursor, length: blob.length, crc: checksumOf(blob) });
    this.#cursor += blob.length;
  }

  /** Writes directory, metadata (any JSON value) and header, and closes the file. */
  finish(metadata: unknown = {}): void {
    const entries = [...this.#entries].sort((a, b) => (a.key < b.key ? -1 : 1));
    const dir = new Uint8Array(entries.length * ENTRY);
    const dv = new DataView(dir.buffer);
    entries.forEach((e, i) => {
      dv.setBigUint64(i * ENTRY, e.key, true);
      dv.setBigUint64(i * ENTRY + 8, BigInt(e.offset), true);
      dv.setUint32(i * ENTRY + 16, e.length, true);
      dv.setUint32(i * ENTRY + 20, e.crc, true);
    });
    const meta = new TextEncoder().encode(JSON.stringify(metadata));
    const directoryOffset = HEADER + this.#cursor;
    const metadataOffset = directoryOffset + dir.length;
    const fileBytes = metadataOffset + meta.length;
    writeSync(this.#fd, dir, 0, dir.length, directoryOffset);
    writeSync(this.#fd, meta, 0, meta.length, metadataOffset);
    const head = new Uint8Array(HEADER);
    const hv = new DataView(head.buffer);
    head.set(new TextEncoder().encode(TILE_MAGIC), 0);
    hv.setUint16(8, TILE_MAJOR, true);
    hv.setUint16(10, TILE_MINOR, true);
    hv.setUint32(12, entries.length, true);
    hv.setBigUint64(16, BigInt(directoryOffset), true);
    hv.setBigUint64(24, BigInt(HEADER), true);
    hv.setBigUint64(32, BigInt(metadataOffset), true);
    hv.setUint32(40, meta.length, true);
    hv.setUint32(44, checksumOf(dir, meta), true);
    hv.setBigUint64(48, BigInt(fileBytes), true);
    writeSync(this.#fd, head, 0, HEADER, 0);
    closeSync(this.#fd);
  }
}

export class TileContainerReader {
  readonly #src: ByteSource;
  readonly #keys: BigUint64Array;
  readonly #offsets: Float64Array;
  readonly #lengths: Uint32Array;
  readonly #crcs: Uint32Array;
  readonly #dataOffset: number;
  readonly formatMinor: number;
  /** The JSON metadata the writer stored (grid definition, units, …). */
  readonly metadata: unknown;

  private constructor(source: ByteSource, head: Uint8Array, dir: Uint8Array, metaBytes: Uint8Array) {
    this.#src = source;
    const hv = new DataView(head.buffer, head.byteOffset, HEADER);
    this.formatMinor = hv.getUint16(10, true);
    const count = hv.getUint32(12, true);
    const directoryOffset = Number(hv.getBigUint64(16, true));
    this.#dataOffset = Number(hv.getBigUint64(24, true));
    verifyChecksum(hv.getUint32(44, true), "tile container directory and metadata", dir, metaBytes);
    const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
    this.#keys = new BigUint64Array(count);
    this.#offsets = new Float64Array(count);
    this.#lengths = new Uint32Array(count);
    this.#crcs = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      this.#keys[i] = dv.getBigUint64(i * ENTRY, true);
      this.#offsets[i] = Number(dv.getBigUint64(i * ENTRY + 8, true));
      this.#lengths[i] = dv.getUint32(i * ENTRY + 16, true);
      this.#crcs[i] = dv.getUint32(i * ENTRY + 20, true);
      if (i > 0 && this.#keys[i]! <= this.#keys[i - 1]!)
        throw new ArtifactError("malformed", "tile directory is not strictly sorted");
      if (this.#dataOffset + this.#offsets[i]! + this.#lengths[i]! > directoryOffset)
        throw new ArtifactError("malformed", `tile ${i} runs past the data area`);
    }
    try {
      this.metadata = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(metaBytes));
    } catch {
      throw new ArtifactError("malformed", "tile container metadata is not UTF-8 JSON");
    }
  }

  /** Reads and checks header, directory and metadata (three reads); blobs are read by `get`. */
  static async open(source: ByteSource): Promise<TileContainerReader> {
    if (source.size < HEADER)
      throw new ArtifactError("truncated", `tile container of ${source.size} bytes has no header`);
    const head = await source.read(0, HEADER);
    const hv = new DataView(head.buffer, head.byteOffset, HEADER);
    const magic = new TextDecoder().decode(head.subarray(0, 8));
    if (magic !== TILE_MAGIC)
      throw new ArtifactError("bad_magic", `not a tile container (magic ${JSON.stringify(magic)})`);
    const major = hv.getUint16(8, true);
    if (major !== TILE_MAJOR)
      throw new ArtifactError(
        "unsupported_format_version",
        `tile container format ${major}.x; this reader knows ${TILE_MAJOR}.x`,
      );
    const minor = hv.getUint16(10, true);
    if (minor < 1)
      throw new ArtifactError(
        "unsupported_format_version",
        `tile container 1.${minor} carries no checksums; this reader needs 1.1 or later (rebuild)`,
      );
    const fileBytes = Number(hv.getBigUint64(48, true));
    if (fileBytes !== source.size)
      throw new ArtifactError(
        "truncated",
        `tile container header says ${fileBytes} bytes, source has ${source.size}`,
      );
    const count = hv.getUint32(12, true);
    const [dir, metaBytes] = await Promise.all([
      source.read(Number(hv.getBigUint64(16, true)), count * ENTRY),
      source.read(Number(hv.getBigUint64(32, true)), hv.getUint32(40, true)),
    ]);
    return new TileContainerReader(source, head, dir, metaBytes);
  }

  get size(): number {
    return this.#keys.length;
  }

  has(key: bigint): boolean {
    return this.#find(key) >= 0;
  }

  /** The blob of `key`, or undefined when the container has no such tile; output_corrupt when its checksum fails. */
  async get(key: bigint): Promise<Uint8Array | undefined> {
    const i = this.#find(key);
    if (i < 0) return undefined;
    const blob = await this.#src.read(this.#dataOffset + this.#offsets[i]!, this.#lengths[i]!);
    verifyChecksum(this.#crcs[i]!, `tile ${key}`, blob);
    return blob;
  }

  /** Keys in ascending order. */
  keys(): BigUint64Array {
    return this.#keys.slice();
  }

  close(): void {
    this.#src.close();
  }

  #find(key: bigint): number {
    let low = 0;
    let high = this.#keys.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const k = this.#keys[mid]!;
      if (k === key) return mid;
      if (k < key) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }
}
