// The I/O seam of every artifact reader: a byte source answers `read(offset, length)` on a
// read-only file, asynchronously, so the same readers serve a local file, bytes in memory or an
// object in object storage (s3-range-source.ts). Readers never load whole datasets into JS
// objects; they ask for byte ranges, and keep what a synchronous kernel needs in memory.
import { type FileHandle, open, readFile } from "node:fs/promises";

export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number;
  /** Exactly `length` bytes from `offset`; rejects when the range runs past the end. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** The whole content, when the source already holds it in memory (lets readers use typed-array views). */
  bytes?(): Uint8Array;
  close(): void;
}

/** Throws RangeError unless [offset, offset + length) lies inside a source of `size` bytes. */
export function checkRange(size: number, offset: number, length: number): void {
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
  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this.#bytes.length, offset, length);
    return this.#bytes.subarray(offset, offset + length);
  }
  bytes(): Uint8Array {
    return this.#bytes;
  }
  close(): void {}
}

/** A file read by positioned reads (one `pread` on the libuv pool per call); nothing is cached. */
export class FileSource implements ByteSource {
  readonly #handle: FileHandle;
  readonly size: number;
  private constructor(handle: FileHandle, size: number) {
    this.#handle = handle;
    this.size = size;
  }
  static async open(file: string): Promise<FileSource> {
    const handle = await open(file, "r");
    try {
      return new FileSource(handle, (await handle.stat()).size);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }
  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this.size, offset, length);
    const out = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.#handle.read(out, done, length - done, offset + done);
      if (bytesRead === 0) throw new RangeError(`file shorter than expected at ${offset + done}`);
      done += bytesRead;
    }
    return out;
  }
  close(): void {
    // Read-only: nothing to flush, so a failed close has nothing to report to the caller.
    this.#handle.close().catch(() => {});
  }
}

/** How a reader should hold a file: `memory` reads it once into a buffer, `file` reads ranges on demand. */
export type SourceMode = "memory" | "file";

export async function openByteSource(file: string, mode: SourceMode = "memory"): Promise<ByteSource> {
  return mode === "memory" ? new MemorySource(await readFile(file)) : FileSource.open(file);
}

/** Opens `file` as a byte source and `open`s a reader over it; the source is closed when the reader refuses it. */
export async function openFileReader<R>(
  file: string,
  mode: SourceMode,
  open: (source: ByteSource) => Promise<R>,
): Promise<R> {
  const source = await openByteSource(file, mode);
  try {
    return await open(source);
  } catch (err) {
    source.close();
    throw err;
  }
}
