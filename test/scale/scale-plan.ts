// What the scale run generates at a given SCALE_FRACTION (0 < f ≤ 1) of the spec's coverage: the
// Alaska 2″ 3DEP blocks of the lock (the f nearest to the real DEM tile, so a partial run stays one
// compact region as the layer writer needs), 11 real ENC cells plus f of the 54 derived ones, and the
// three CONUS NADCON5 grids the mirror lacks (always all three: they are small). Pure: no I/O.
import { ENC_AREAS } from "../../ingest/catalogs/spec-coverage.ts";
import { ENC_CELLS } from "../../ingest/enc/sources.ts";

export interface LockedFile {
  name: string;
  url: string;
}

/** One 3DEP block: its 1° cell (north-west corner) and the upstream file name the reader parses. */
export interface ScaleBlock {
  name: string;
  north: number;
  west: number;
  fileName: string;
}

/** The real DEM tile (viewfinderpanoramas N59W151) sits in 3DEP block n60w151, the seed of the selection. */
const SEED = { lon: -150.5, lat: 59.5 };

/** 3DEP blocks of `locked` (the lock's dem files), the `fraction` nearest to the seed, at least one. */
export function scaleBlocks(locked: readonly LockedFile[], fraction: number): ScaleBlock[] {
  const blocks = locked.map((f) => {
    const m = /^([ns])(\d{2})([ew])(\d{3})$/.exec(f.name);
    if (!m) throw new Error(`not a 3DEP block name: ${f.name}`);
    const north = (m[1] === "s" ? -1 : 1) * Number(m[2]);
    const west = (m[3] === "w" ? -1 : 1) * Number(m[4]);
    return { name: f.name, north, west, fileName: f.url.slice(f.url.lastIndexOf("/") + 1) };
  });
  const distance = (b: ScaleBlock): number => {
    const dLon = ((((b.west + 0.5 - SEED.lon) % 360) + 540) % 360) - 180;
    const dLat = b.north - 0.5 - SEED.lat;
    return Math.hypot(dLon * Math.cos((SEED.lat * Math.PI) / 180), dLat);
  };
  const n = Math.max(1, Math.round(blocks.length * fraction));
  return blocks
    .sort((a, b) => distance(a) - distance(b) || a.name.localeCompare(b.name))
    .slice(0, n)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A derived ENC cell: the real cell it copies, its new name, offset (degrees) and area. */
export interface ScaleCell {
  source: string;
  name: string;
  dLon: number;
  dLat: number;
  area: string;
}

export const SPEC_CELLS = 65;

/** Centre of a [west, south, east, north] box. */
const centre = (b: readonly number[]): [number, number] => [
  ((b[0] as number) + (b[2] as number)) / 2,
  ((b[1] as number) + (b[3] as number)) / 2,
];

/**
 * The real cells stay in Kachemak Bay; copies of the whole set go, in turn, to each of the other four
 * areas (the set's centre moved to the area's centre, rounded to 1e-4°), then a fifth copy to Kodiak
 * Island a degree further west, until 54 copies (65 cells) — `fraction` of them.
 */
export function scaleCells(fraction: number): ScaleCell[] {
  const [home, ...others] = ENC_AREAS;
  if (!home) throw new Error("no ENC areas");
  const [hx, hy] = centre(home.bbox);
  const targets = [...others, { ...(ENC_AREAS[2] as (typeof ENC_AREAS)[number]), shift: -1 }];
  const n = Math.round((SPEC_CELLS - ENC_CELLS.length) * fraction);
  const out: ScaleCell[] = [];
  for (let i = 0; i < n; i++) {
    const copy = Math.floor(i / ENC_CELLS.length);
    const target = targets[copy] as (typeof targets)[number] & { shift?: number };
    const [tx, ty] = centre(target.bbox);
    const source = ENC_CELLS[i % ENC_CELLS.length] as string;
    out.push({
      source,
      // US + band digit + SYN + two base-36 digits: 8 characters, as the cell it copies.
      name: `${source.slice(0, 3)}SYN${i.toString(36).toUpperCase().padStart(2, "0")}`,
      dLon: Math.round((tx - hx + (target.shift ?? 0)) * 1e4) / 1e4,
      dLat: Math.round((ty - hy) * 1e4) / 1e4,
      area: target.name,
    });
  }
  return out;
}

/** A CONUS NADCON5 grid PROJ-data lists and the mirror lacks, with the lattice it is generated at. */
export interface ScaleGrid {
  file: string;
  /** Node spacing in degrees (the real HARN grid's is 0.05°); chosen so the file is about PROJ-data's size. */
  spacing: number;
  sourceCrs: string;
  targetEpsg: number;
}

export const SCALE_GRIDS: readonly ScaleGrid[] = [
  {
    file: "us_noaa_nadcon5_nad83_harn_nad83_fbn_conus.tif",
    spacing: 1 / 30,
    sourceCrs: "NAD83(HARN)",
    targetEpsg: 8860,
  },
  {
    file: "us_noaa_nadcon5_nad83_fbn_nad83_2007_conus.tif",
    spacing: 1 / 60,
    sourceCrs: "NAD83(FBN)",
    targetEpsg: 4759,
  },
  {
    file: "us_noaa_nadcon5_nad83_2007_nad83_2011_conus.tif",
    spacing: 1 / 60,
    sourceCrs: "NAD83(NSRS2007)",
    targetEpsg: 6318,
  },
];
