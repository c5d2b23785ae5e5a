// USGS 3DEP seamless DEM tile reader. Upstream layout: a 1°×1° GeoTIFF named by its north-west
// corner (`USGS_2_n61w150_20170505.tif`, or without the date for the "current" copy), one Float32
// band, NoData -999999, NAD83 geographic (EPSG:4269), heights in metres above NAVD88, pixel-is-area,
// with 6 pixels of overlap on every side (2″ in Alaska: 1800 + 12 = 1812 pixels square).
import path from "node:path";
import { readGeoTiff } from "./read-geotiff.ts";
import { type DemDataset, isoDate, type SourceBlock, toHeights } from "./source-block.ts";

export const USGS_3DEP_NO_DATA = -999999;
export const USGS_3DEP_OVERLAP_PIXELS = 6;
const NAD83 = 4269;

/** Arc-seconds per pixel of each 3DEP product code in the file name. */
const ARC_SECONDS: Record<string, number> = { "2": 2, "1": 1, "13": 1 / 3 };

export interface UsgsTileName {
  arcSeconds: number;
  /** North-west corner of the 1° cell. */
  north: number;
  west: number;
  published: string | null;
}

export function parseUsgsTileName(fileName: string): UsgsTileName {
  const m = /^USGS_(2|1|13)_([ns])(\d{2})([ew])(\d{3})(?:_(\d{8}))?\.tiff?$/i.exec(path.basename(fileName));
  if (!m) throw new Error(`not a USGS 3DEP tile name (e.g. USGS_2_n61w150_20170505.tif): ${fileName}`);
  const lat = Number(m[3]);
  const lon = Number(m[5]);
  return {
    arcSeconds: ARC_SECONDS[m[1] as string] as number,
    north: m[2]?.toLowerCase() === "s" ? -lat : lat,
    west: m[4]?.toLowerCase() === "w" ? -lon : lon,
    published: m[6] ? isoDate(m[6]) : null,
  };
}

const near = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance;

/** Reads one 3DEP tile and checks every element of the layout; throws naming the first mismatch. */
export async function readUsgs3dep(
  fileName: string,
  bytes: Uint8Array,
  dataset: DemDataset,
  samples = true,
): Promise<SourceBlock> {
  const name = parseUsgsTileName(fileName);
  const r = await readGeoTiff(fileName, bytes, samples);
  const step = name.arcSeconds / 3600;
  const side = Math.round(1 / step) + 2 * USGS_3DEP_OVERLAP_PIXELS;
  const problems: string[] = [];
  if (r.sampleFormat !== 3 || r.bitsPerSample !== 32) problems.push(`samples are not Float32`);
  if (r.noData !== USGS_3DEP_NO_DATA) problems.push(`NoData is ${r.noData}, not ${USGS_3DEP_NO_DATA}`);
  if (r.epsg !== NAD83) problems.push(`CRS is EPSG:${r.epsg}, not NAD83 (EPSG:${NAD83})`);
  if (!near(r.pixelWidth, step, step * 1e-6) || !near(r.pixelHeight, step, step * 1e-6)) {
    problems.push(`pixel is ${r.pixelWidth}×${r.pixelHeight}°, not ${name.arcSeconds}″`);
  }
  if (r.width !== side || r.height !== side)
    problems.push(`size is ${r.width}×${r.height}, not ${side}×${side}`);
  const overlap = USGS_3DEP_OVERLAP_PIXELS * step;
  if (!near(r.west, name.west - overlap, step * 1e-3) || !near(r.north, name.north + overlap, step * 1e-3)) {
    problems.push(
      `origin ${r.west},${r.north} is not the ${USGS_3DEP_OVERLAP_PIXELS}-pixel overlap of the named corner`,
    );
  }
  if (problems.length > 0)
    throw new Error(`${fileName}: not in the USGS 3DEP layout: ${problems.join("; ")}`);
  return {
    id: path.basename(fileName),
    dataset,
    width: r.width,
    height: r.height,
    west: name.west - overlap,
    north: name.north + overlap,
    pixelWidth: step,
    pixelHeight: step,
    core: { west: name.west, south: name.north - 1, east: name.west + 1, north: name.north },
    values: toHeights(r.raw, r.noData),
    published: name.published,
  };
}
