// SRTM `.hgt` reader: a headerless square of big-endian Int16 heights, 1201² (3″) or 3601² (1″),
// named by its south-west corner (`N59W151.hgt` covers 59–60N, 151–150W). Pixel centres sit on
// whole arc-seconds, so the outer row and column are shared with the neighbouring tile; -32768
// marks a void.
import path from "node:path";
import type { DemDataset, SourceBlock } from "./source-block.ts";

export const HGT_NO_DATA = -32768;

/** The south-west corner encoded in an `.hgt` file name, or throws. */
export function parseHgtName(fileName: string): { south: number; west: number } {
  const m = /^([NS])(\d{2})([EW])(\d{3})\.hgt$/i.exec(path.basename(fileName));
  if (!m) throw new Error(`not an SRTM .hgt file name (e.g. N59W151.hgt): ${fileName}`);
  const lat = Number(m[2]);
  const lon = Number(m[4]);
  const south = m[1]?.toUpperCase() === "S" ? -lat : lat;
  const west = m[3]?.toUpperCase() === "W" ? -lon : lon;
  if (south < -90 || south > 89 || west < -180 || west > 179)
    throw new Error(`tile corner out of range: ${fileName}`);
  return { south, west };
}

/** Reads the bytes of an `.hgt` file into a SourceBlock (heights in metres, NaN = void). */
export function readHgt(fileName: string, bytes: Uint8Array, dataset: DemDataset): SourceBlock {
  const samples = bytes.length / 2;
  const side = Math.round(Math.sqrt(samples));
  if (!Number.isInteger(samples) || side * side !== samples || (side !== 1201 && side !== 3601)) {
    throw new Error(`${fileName}: ${bytes.length} bytes is not a 1201² or 3601² Int16 grid`);
  }
  const { south, west } = parseHgtName(fileName);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(samples);
  for (let i = 0; i < samples; i++) {
    const v = view.getInt16(i * 2, false);
    values[i] = v === HGT_NO_DATA ? Number.NaN : v;
  }
  const step = 1 / (side - 1);
  return {
    id: path.basename(fileName),
    dataset,
    width: side,
    height: side,
    west: west - step / 2,
    north: south + 1 + step / 2,
    pixelWidth: step,
    pixelHeight: step,
    core: { west, south, east: west + 1, north: south + 1 },
    values,
    published: null,
  };
}
