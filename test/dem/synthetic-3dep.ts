// SYNTHETIC GeoTIFFs in the exact USGS 3DEP 2″ layout (1812² Float32, NoData -999999, NAD83,
// 6-pixel overlap, named by the north-west corner) for format, void and seam tests. The heights
// are a formula of the global 2″ pixel, so neighbouring tiles agree in their overlap. They are
// NOT elevation data and are never written into artifacts/ or presented as such.
//   npx tsx test/dem/synthetic-3dep.ts <out-dir>   writes the tiles the GDAL fixtures were made from
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { writeGeoTiff } from "./write-geotiff.ts";

export const STEP = 2 / 3600;
export const SIDE = 1812;
export const NO_DATA = -999999;

/** Global 2″ column/row (180°W, 90°N origin, edges on whole degrees) of a tile's pixel (0,0). */
export function tileOrigin(north: number, west: number): { gx: number; gy: number } {
  return { gx: (west + 180) * 1800 - 6, gy: (90 - north) * 1800 - 6 };
}

/** The synthetic height of global 2″ pixel (gx, gy), rounded to Float32. */
export function syntheticHeight(gx: number, gy: number): number {
  return Math.fround(400 + 200 * Math.sin(gx / 97) * Math.cos(gy / 131) + ((gx * 7 + gy * 3) % 11));
}

/** Local pixel rectangles set to NoData: `[col, row, width, height]`. */
export type VoidRect = [number, number, number, number];

/** The void pattern of the "voids" test tile: a single pixel, a 3×3 patch and a 10×10 hole. */
export const VOIDS: VoidRect[] = [
  [900, 900, 1, 1],
  [600, 700, 3, 3],
  [1200, 1200, 10, 10],
];

export function syntheticValues(north: number, west: number, voids: readonly VoidRect[] = []): Float32Array {
  const { gx, gy } = tileOrigin(north, west);
  const v = new Float32Array(SIDE * SIDE);
  for (let r = 0; r < SIDE; r++)
    for (let c = 0; c < SIDE; c++) v[r * SIDE + c] = syntheticHeight(gx + c, gy + r);
  for (const [c0, r0, w, h] of voids)
    for (let r = r0; r < r0 + h; r++) v.fill(NO_DATA, r * SIDE + c0, r * SIDE + c0 + w);
  return v;
}

export function tileName(north: number, west: number, date = "20200101"): string {
  const ns = north >= 0 ? `n${String(north).padStart(2, "0")}` : `s${String(-north).padStart(2, "0")}`;
  const ew = west < 0 ? `w${String(-west).padStart(3, "0")}` : `e${String(west).padStart(3, "0")}`;
  return `USGS_2_${ns}${ew}_${date}.tif`;
}

export interface LayoutOverrides {
  noData?: string;
  epsg?: number;
  side?: number;
  originShiftPixels?: number;
}

/** The GeoTIFF bytes of a synthetic tile; `overrides` break one element of the layout (reader tests). */
export function synthetic3depTiff(
  north: number,
  west: number,
  voids: readonly VoidRect[] = [],
  overrides: LayoutOverrides = {},
): Uint8Array {
  const side = overrides.side ?? SIDE;
  const full = syntheticValues(north, west, voids);
  const values = side === SIDE ? full : full.slice(0, side * side);
  const shift = (overrides.originShiftPixels ?? 0) * STEP;
  return writeGeoTiff({
    width: side,
    height: side,
    values,
    west: west - 6 * STEP + shift,
    north: north + 6 * STEP,
    pixelWidth: STEP,
    pixelHeight: STEP,
    epsg: overrides.epsg ?? 4269,
    noData: overrides.noData ?? String(NO_DATA),
  });
}

/** The tiles the committed GDAL fixtures were computed from. */
export const FIXTURE_TILES = [
  { north: 64, west: -149, voids: VOIDS },
  { north: 64, west: -148, voids: [] as VoidRect[] },
];

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const out = process.argv[2];
  if (!out) throw new Error("usage: npx tsx test/dem/synthetic-3dep.ts <out-dir>");
  mkdirSync(out, { recursive: true });
  for (const t of FIXTURE_TILES)
    writeFileSync(path.join(out, tileName(t.north, t.west)), synthetic3depTiff(t.north, t.west, t.voids));
}
