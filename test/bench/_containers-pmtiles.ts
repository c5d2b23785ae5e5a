// PMTiles v3 for the container benchmark. The `pmtiles` package publishes a reader only, so the
// writer here follows the v3 spec (github.com/protomaps/PMTiles spec/v3/spec.md): 127-byte header,
// gzip root directory (header + root < 16 KiB, else leaf directories), gzip JSON metadata, tiles
// clustered in Hilbert tile-id order. Reading goes through the official reader (`PMTiles`) over
// a positioned-read Node source.
import { closeSync, fstatSync, openSync, readSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PMTiles, type RangeResponse, type Source, zxyToTileId } from "pmtiles";

export interface PmtilesTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const HEADER = 127;
const ROOT_LIMIT = 16384 - HEADER;

function varints(out: number[], v: number): void {
  let n = v;
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

/** Directory serialization of the spec: count, tile-id deltas, run lengths, lengths, offsets (0 = contiguous, else offset + 1); gzip. */
function serializeDirectory(entries: readonly Entry[]): Uint8Array {
  const out: number[] = [];
  varints(out, entries.length);
  let last = 0;
  for (const e of entries) {
    varints(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) varints(out, e.runLength);
  for (const e of entries) varints(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    varints(out, i > 0 && prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return gzipSync(Uint8Array.from(out), { level: 9 });
}

/** Root and leaf directories: one root when it fits the 16 KiB budget, else leaves of growing size. */
function directories(entries: readonly Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const root = serializeDirectory(entries);
  if (root.length <= ROOT_LIMIT) return { root, leaves: new Uint8Array(0) };
  for (let perLeaf = 4096; ; perLeaf *= 2) {
    const rootEntries: Entry[] = [];
    const parts: Uint8Array[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += perLeaf) {
      const leaf = serializeDirectory(entries.slice(i, i + perLeaf));
      rootEntries.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      parts.push(leaf);
      offset += leaf.length;
    }
    const r = serializeDirectory(rootEntries);
    if (r.length <= ROOT_LIMIT) return { root: r, leaves: Buffer.concat(parts) };
  }
}

/** Writes `tiles` (tile type unknown, tile compression none: the blobs keep their own encoding) and `metadata` as a PMTiles v3 file. */
export function writePmtiles(file: string, tiles: readonly PmtilesTile[], metadata: unknown): void {
  const sorted = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), t })).sort((a, b) => a.id - b.id);
  const entries: Entry[] = [];
  let offset = 0;
  for (const { id, t } of sorted) {
    entries.push({ tileId: id, offset, length: t.data.length, runLength: 1 });
    offset += t.data.length;
  }
  const { root, leaves } = directories(entries);
  const meta = gzipSync(JSON.stringify(metadata), { level: 9 });
  const zooms = tiles.map((t) => t.z);
  const head = Buffer.alloc(HEADER);
  head.write("PMTiles", 0, "ascii");
  head.writeUInt8(3, 7);
  const sections = [
    [HEADER, root.length],
    [HEADER + root.length, meta.length],
    [HEADER + root.length + meta.length, leaves.length],
    [HEADER + root.length + meta.length + leaves.length, offset],
  ];
  sections.forEach(([at, length], i) => {
    head.writeBigUInt64LE(BigInt(at!), 8 + 16 * i);
    head.writeBigUInt64LE(BigInt(length!), 16 + 16 * i);
  });
  for (const at of [72, 80, 88]) head.writeBigUInt64LE(BigInt(tiles.length), at);
  head.writeUInt8(1, 96); // clustered
  head.writeUInt8(2, 97); // internal compression gzip
  head.writeUInt8(1, 98); // tile compression none
  head.writeUInt8(0, 99); // tile type unknown
  head.writeUInt8(Math.min(...zooms), 100);
  head.writeUInt8(Math.max(...zooms), 101);
  head.writeInt32LE(-180e7, 102);
  head.writeInt32LE(-85e7, 106);
  head.writeInt32LE(180e7, 110);
  head.writeInt32LE(85e7, 114);
  writeFileSync(file, Buffer.concat([head, root, meta, leaves, ...sorted.map((s) => s.t.data)]));
}

/** A local file as a `pmtiles` Source: one positioned read per range (the same I/O as our FileSource). */
export class NodeFileSource implements Source {
  readonly #fd: number;
  readonly #file: string;
  readonly size: number;
  constructor(file: string) {
    this.#file = file;
    this.#fd = openSync(file, "r");
    this.size = fstatSync(this.#fd).size;
  }
  getKey(): string {
    return this.#file;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const n = Math.min(length, this.size - offset);
    const out = new Uint8Array(n);
    readSync(this.#fd, out, 0, n, offset);
    return { data: out.buffer };
  }
  close(): void {
    closeSync(this.#fd);
  }
}

export function openPmtiles(file: string): PMTiles {
  return new PMTiles(new NodeFileSource(file));
}
