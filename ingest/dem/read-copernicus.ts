// Copernicus DEM GLO-30 GeoTIFF reader: one Float32 band, WGS 84 geographic (EPSG:4326), heights
// in metres above EGM2008, 1″ in latitude and 1–10″ in longitude depending on the latitude zone.
// Upstream tiles are named `Copernicus_DSM_COG_10_N63_00_W150_00_DEM.tif` (a 1° cell); crops
// such as `COP30_63.84_-149.29_63.92_-149.21.tif` are accepted too, their core being the raster.
import path from "node:path";
import { readGeoTiff } from "./read-geotiff.ts";
import { type DemDataset, type SourceBlock, toHeights } from "./source-block.ts";

const WGS84 = 4326;
/** Longitude spacings of GLO-30's latitude zones, in arc-seconds. */
const LONGITUDE_ARC_SECONDS = [1, 1.5, 2, 3, 5, 10];

/** The 1° cell named by an upstream tile name, or null for any other name. */
export function parseCopernicusTileName(fileName: string): { south: number; west: number } | null {
  const m = /^Copernicus_DSM_COG_10_([NS])(\d{2})_00_([EW])(\d{3})_00_DEM\.tif$/i.exec(
    path.basename(fileName),
  );
  if (!m) return null;
  const lat = Number(m[2]);
  const lon = Number(m[4]);
  return { south: m[1]?.toUpperCase() === "S" ? -lat : lat, west: m[3]?.toUpperCase() === "W" ? -lon : lon };
}

export async function readCopernicusGlo30(
  fileName: string,
  bytes: Uint8Array,
  dataset: DemDataset,
  samples = true,
): Promise<SourceBlock> {
  const r = await readGeoTiff(fileName, bytes, samples);
  const problems: string[] = [];
  if (r.sampleFormat !== 3 || r.bitsPerSample !== 32) problems.push("samples are not Float32");
  if (r.epsg !== WGS84) problems.push(`CRS is EPSG:${r.epsg}, not WGS 84 (EPSG:${WGS84})`);
  const latArcSec = r.pixelHeight * 3600;
  const lonArcSec = r.pixelWidth * 3600;
  if (Math.abs(latArcSec - 1) > 1e-6) problems.push(`latitude spacing is ${latArcSec}″, not 1″`);
  if (!LONGITUDE_ARC_SECONDS.some((s) => Math.abs(lonArcSec - s) < 1e-6))
    problems.push(`longitude spacing ${lonArcSec}″`);
  if (problems.length > 0)
    throw new Error(`${fileName}: not a Copernicus GLO-30 raster: ${problems.join("; ")}`);
  const cell = parseCopernicusTileName(fileName);
  const east = r.west + r.width * r.pixelWidth;
  const south = r.north - r.height * r.pixelHeight;
  return {
    id: path.basename(fileName),
    dataset,
    width: r.width,
    height: r.height,
    west: r.west,
    north: r.north,
    pixelWidth: r.pixelWidth,
    pixelHeight: r.pixelHeight,
    core: cell
      ? { west: cell.west, south: cell.south, east: cell.west + 1, north: cell.south + 1 }
      : { west: r.west, south, east, north: r.north },
    values: toHeights(r.raw, r.noData),
    published: null,
  };
}
