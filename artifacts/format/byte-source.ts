// The I/O seam of every artifact reader: a byte source answers `read(offset, length)` on a
// read-only file. Readers never load whole datasets into JS objects; they ask for byte ranges.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";

export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number;
  /** Exactly `length` bytes from `offset`; throws when the range runs past the end. */
  read(offset: number, length: number): Uint8Array;
  /** The whole content, when the source already holds it in memory (lets readers use typed-array views). */
  bytes?(): Uint8Array;
  close(): void;
}

function checkRange(size: number, offset: number, length: number): void {
  if (
    !Number.isInteger(offset) ||
    !Number.isInteger(length) ||
    offset < 0 ||
    length < 0 ||
    offset + length > size
  ) {
    throw new RangeError(`byte range ${offset}+${length} outside a source of ${size} bytes`);
  }
}

/** Bytes already in memory (a whole small file, or a test fixture). Reads are zero-copy views. */
export class MemorySource implements ByteSource {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }
  get size(): number {
    return this.#bytes.length;
  }
  read(offset: number, length: number): Uint8Array {
    checkRange(this.#bytes.length, offset, length);
    return this.#bytes.subarray(offset, offset + length);
  }
  bytes(): Uint8Array {
    return this.#bytes;
  }
  close(): void {}
}

/** A file read by positioned reads (one `pread` per call); nothing is cached. */
export class FileSource implements ByteSource {
  readonly #fd: number;
  readonly size: number;
  constructor(file: string) {
    this.#fd = openSync(file, "r");
    this.size = fstatSync(this.#fd).size;
  }
  read(offset: number, length: number): Uint8Array {
    checkRange(this.size, offset, length);
    const out = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.#fd, out, done, length - done, offset + done);
      if (n === 0) throw new RangeError(`file shorter than expected at ${offset + done}`);
      done += n;
    }
    return out;
  }
  close(): void {
    closeSync(this.#fd);
  }
}

/** How a reader should hold a file: `memory` reads it once into a buffer, `file` reads ranges on demand. */
export type SourceMode = "memory" | "file";

export function openByteSource(file: string, mode: SourceMode = "memory"): ByteSource {
  return mode === "memory" ? new MemorySource(readFileSync(file)) : new FileSource(file);
}
