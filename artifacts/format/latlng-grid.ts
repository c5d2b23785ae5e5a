// The lat/lng grid ("G4LLGRID", artifacts/README.md §Lat/lng grid): one unsigned 16-bit value
// per equal-angle grid cell, row-major from the south-west corner. Families use it as a
// constant-time first step (e.g. "this whole 1° square has one answer") before a finer index.
// Since 1.1 a CRC-32 of header and values follows the values; the reader checks it when it
// decodes the values (once, at open: they are then held in memory).
import { ArtifactError } from "./artifact-error.ts";
import { checksumOf, verifyChecksum } from "./block-checksum.ts";
import type { ByteSource } from "./byte-source.ts";

export const GRID_MAGIC = "G4LLGRID";
export const GRID_MAJOR = 1;
export const GRID_MINOR = 1;
const HEADER = 48;
const TRAILER = 4;

export interface GridSpec {
  south: number;
  west: number;
  cellDegrees: number;
  rows: number;
  cols: number;
}

/** The file bytes of a grid; `values` holds rows × cols values, row 0 the southernmost. */
export function writeLatLngGrid(spec: GridSpec, values: Uint16Array): Uint8Array {
  if (values.length !== spec.rows * spec.cols)
    throw new RangeError(`grid needs ${spec.rows * spec.cols} values, got ${values.length}`);
  if (
    !(spec.cellDegrees > 0) ||
    !Number.isInteger(spec.rows) ||
    !Number.isInteger(spec.cols) ||
    spec.rows < 1 ||
    spec.cols < 1
  ) {
    throw new RangeError("grid needs positive cellDegrees, rows and cols");
  }
  const out = new Uint8Array(HEADER + values.length * 2 + TRAILER);
  const v = new DataView(out.buffer);
  out.set(new TextEncoder().encode(GRID_MAGIC), 0);
  v.setUint16(8, GRID_MAJOR, true);
  v.setUint16(10, GRID_MINOR, true);
  v.setUint32(12, spec.rows, true);
  v.setUint32(16, spec.cols, true);
  v.setFloat64(24, spec.south, true);
  v.setFloat64(32, spec.west, true);
  v.setFloat64(40, spec.cellDegrees, true);
  for (const [i, x] of values.entries()) v.setUint16(HEADER + 2 * i, x, true);
  const body = HEADER + values.length * 2;
  v.setUint32(body, checksumOf(out.subarray(0, body)), true);
  return out;
}

export class LatLngGridReader {
  readonly spec: GridSpec;
  readonly formatMinor: number;
  readonly #values: Uint16Array;

  /** Reads the whole grid, checks it and decodes its values (held in memory from then on). */
  static async open(source: ByteSource): Promise<LatLngGridReader> {
    if (source.size < HEADER)
      throw new ArtifactError("truncated", `lat/lng grid of ${source.size} bytes has no header`);
    const whole = await source.read(0, source.size);
    return new LatLngGridReader(whole);
  }

  private constructor(file: Uint8Array) {
    const head = file.subarray(0, HEADER);
    const v = new DataView(head.buffer, head.byteOffset, HEADER);
    const magic = new TextDecoder().decode(head.subarray(0, 8));
    if (magic !== GRID_MAGIC)
      throw new ArtifactError("bad_magic", `not a lat/lng grid (magic ${JSON.stringify(magic)})`);
    const major = v.getUint16(8, true);
    if (major !== GRID_MAJOR)
      throw new ArtifactError(
        "unsupported_format_version",
        `lat/lng grid format ${major}.x; this reader knows ${GRID_MAJOR}.x`,
      );
    this.formatMinor = v.getUint16(10, true);
    if (this.formatMinor < 1)
      throw new ArtifactError(
        "unsupported_format_version",
        `lat/lng grid 1.${this.formatMinor} carries no checksum; this reader needs 1.1 or later (rebuild)`,
      );
    this.spec = {
      rows: v.getUint32(12, true),
      cols: v.getUint32(16, true),
      south: v.getFloat64(24, true),
      west: v.getFloat64(32, true),
      cellDegrees: v.getFloat64(40, true),
    };
    const n = this.spec.rows * this.spec.cols;
    if (file.length !== HEADER + 2 * n + TRAILER)
      throw new ArtifactError(
        "truncated",
        `lat/lng grid of ${this.spec.rows}×${this.spec.cols} needs ${HEADER + 2 * n + TRAILER} bytes, has ${file.length}`,
      );
    const raw = file.subarray(HEADER, HEADER + 2 * n);
    const stored = file.subarray(HEADER + 2 * n);
    verifyChecksum(
      new DataView(stored.buffer, stored.byteOffset, TRAILER).getUint32(0, true),
      "lat/lng grid values",
      head,
      raw,
    );
    const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    // A small grid: its values are decoded once into a typed array (never JS objects).
    this.#values = new Uint16Array(n);
    for (let i = 0; i < n; i++) this.#values[i] = dv.getUint16(2 * i, true);
  }

  /** The value of the grid cell holding (lat, lon); a position on the north or east edge belongs to the last row or column. Undefined outside the grid. */
  valueAt(lat: number, lon: number): number | undefined {
    const { south, west, cellDegrees, rows, cols } = this.spec;
    let row = Math.floor((lat - south) / cellDegrees);
    let col = Math.floor((lon - west) / cellDegrees);
    if (row === rows && lat === south + rows * cellDegrees) row--;
    if (col === cols && lon === west + cols * cellDegrees) col--;
    if (row < 0 || row >= rows || col < 0 || col >= cols) return undefined;
    return this.#values[row * cols + col];
  }
}
