// Little-endian byte writer and bounds-checked reader for small binary records (tile payloads).
import { ArtifactError } from "./artifact-error.ts";

export class ByteWriter {
  #buf = new Uint8Array(256);
  #view = new DataView(this.#buf.buffer);
  #len = 0;

  #grow(n: number): void {
    if (this.#len + n <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < this.#len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#len));
    this.#buf = next;
    this.#view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.#grow(1);
    this.#view.setUint8(this.#len, v);
    this.#len += 1;
  }
  u16(v: number): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffff) throw new RangeError(`u16 out of range: ${v}`);
    this.#grow(2);
    this.#view.setUint16(this.#len, v, true);
    this.#len += 2;
  }
  u32(v: number): void {
    this.#grow(4);
    this.#view.setUint32(this.#len, v, true);
    this.#len += 4;
  }
  i32(v: number): void {
    this.#grow(4);
    this.#view.setInt32(this.#len, v, true);
    this.#len += 4;
  }
  f64(v: number): void {
    this.#grow(8);
    this.#view.setFloat64(this.#len, v, true);
    this.#len += 8;
  }
  /** u16 byte length, then UTF-8. */
  str(s: string): void {
    const b = new TextEncoder().encode(s);
    this.u16(b.length);
    this.#grow(b.length);
    this.#buf.set(b, this.#len);
    this.#len += b.length;
  }
  raw(b: Uint8Array): void {
    this.#grow(b.length);
    this.#buf.set(b, this.#len);
    this.#len += b.length;
  }
  bytes(): Uint8Array {
    return this.#buf.slice(0, this.#len);
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

export class ByteReader {
  readonly #b: Uint8Array;
  readonly #view: DataView;
  #at: number;
  readonly #what: string;

  constructor(bytes: Uint8Array, what: string, start = 0) {
    this.#b = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#at = start;
    this.#what = what;
  }

  #take(n: number): number {
    if (this.#at + n > this.#b.length) {
      throw new ArtifactError(
        "malformed",
        `${this.#what}: record cut short at byte ${this.#at} (needs ${n} more)`,
      );
    }
    const at = this.#at;
    this.#at += n;
    return at;
  }

  get done(): boolean {
    return this.#at === this.#b.length;
  }
  u8(): number {
    return this.#view.getUint8(this.#take(1));
  }
  u16(): number {
    return this.#view.getUint16(this.#take(2), true);
  }
  u32(): number {
    return this.#view.getUint32(this.#take(4), true);
  }
  i32(): number {
    return this.#view.getInt32(this.#take(4), true);
  }
  f64(): number {
    return this.#view.getFloat64(this.#take(8), true);
  }
  str(): string {
    const n = this.u16();
    const at = this.#take(n);
    try {
      return UTF8.decode(this.#b.subarray(at, at + n));
    } catch {
      throw new ArtifactError("malformed", `${this.#what}: text at byte ${at} is not UTF-8`);
    }
  }
  /** The next `n` bytes, as a view. */
  bytes(n: number): Uint8Array {
    const at = this.#take(n);
    return this.#b.subarray(at, at + n);
  }
  /** `n` little-endian i32 values. */
  i32s(n: number): Int32Array {
    const at = this.#take(4 * n);
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.#view.getInt32(at + 4 * i, true);
    return out;
  }
}
