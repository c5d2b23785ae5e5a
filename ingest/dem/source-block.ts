// One DEM source block as every reader returns it: a north-up geographic raster with its
// geotransform, its heights as Float32 (NaN = void) and what the answer must say about it.
import type { DemDatasetMeta } from "../../artifacts/format/dem-metadata.ts";

/** What an answer says about the data behind it: the artifact format's dataset record. */
export type DemDataset = DemDatasetMeta;

/** A raster block in geographic degrees, row 0 at the north, column 0 at the west. */
export interface SourceBlock {
  /** File name without directory, e.g. `N59W151.hgt`. */
  id: string;
  dataset: DemDataset;
  width: number;
  height: number;
  /** Longitude of the western edge of column 0 and latitude of the northern edge of row 0 (pixel corners). */
  west: number;
  north: number;
  /** Pixel size in degrees (both positive). */
  pixelWidth: number;
  pixelHeight: number;
  /**
   * The area this block is responsible for (its nominal footprint, e.g. the 1°×1° cell of a
   * 3DEP tile without the 6-pixel overlap). Pixels whose centre lies inside it win over the
   * copies a neighbouring block carries.
   */
  core: { west: number; south: number; east: number; north: number };
  /** Heights in metres, row-major; NaN marks a void pixel. */
  values: Float32Array;
  /** Publication date of the block (YYYY-MM-DD), or null when the upstream does not state one. */
  published: string | null;
}

/** Pixels per degree of a block, as the layer grid needs them (exact for the usual DEM spacings). */
export function pixelsPerDegree(block: Pick<SourceBlock, "pixelWidth" | "pixelHeight">): {
  x: number;
  y: number;
} {
  return { x: roundNearInteger(1 / block.pixelWidth), y: roundNearInteger(1 / block.pixelHeight) };
}

/** Rounds a value within 1e-6 of an integer to that integer (1/0.000277… → 3600). */
export function roundNearInteger(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) < 1e-6 ? r : v;
}

/** Converts a raw sample array into Float32 heights with NaN for the no-data value. */
export function toHeights(raw: ArrayLike<number>, noData: number | null): Float32Array {
  const out = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i] as number;
    out[i] = (noData !== null && v === noData) || !Number.isFinite(v) ? Number.NaN : v;
  }
  return out;
}

/** `YYYYMMDD` → `YYYY-MM-DD`, refusing impossible dates. */
export function isoDate(yyyymmdd: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd);
  if (!m) throw new Error(`not a YYYYMMDD date: ${yyyymmdd}`);
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw new Error(`not a calendar date: ${yyyymmdd}`);
  return iso;
}
