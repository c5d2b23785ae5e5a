// Sanity checks of candidate NADCON5 grids before `refresh` builds the datum-grids family: each
// decodes as a NADCON5 horizontal shift grid, covers the region its name says (area of use and
// south-west node), and holds finite offsets of plausible size (the largest NADCON5 shift in
// the pinned grids is 13.75″, NAD27 → NAD83 in Alaska).
import { readFile } from "node:fs/promises";
import type { SanityReport } from "../lib/family.ts";
import { decodeNadcon5GeoTiff } from "./nadcon5-geotiff.ts";
import { gridSourceId, NADCON5_GRIDS } from "./sources.ts";

/** Region suffix of the file name → area of use prefix and the box its south-west node lies in. */
const REGIONS: Record<string, { area: string; west: [number, number]; south: [number, number] }> = {
  alaska: { area: "USA - Alaska", west: [165, 180], south: [45, 55] },
  conus: { area: "USA - Conterminous", west: [-130, -120], south: [20, 28] },
  hawaii: { area: "USA - Hawaii", west: [-165, -155], south: [15, 20] },
  prvi: { area: "USA - Puerto Rico", west: [-70, -63], south: [15, 19] },
  as: { area: "USA - American Samoa", west: [-175, -168], south: [-18, -12] },
  guamcnmi: { area: "USA - Guam", west: [140, 146], south: [10, 14] },
};

/** Arc-seconds; a larger offset means a corrupt or different grid. */
const MAX_OFFSET = 20;

export async function nadcon5GridSanity(file: string, name: string): Promise<void> {
  const region = REGIONS[/_([a-z]+)\.tif$/.exec(name)?.[1] ?? ""];
  if (!region) throw new Error(`${name}: no known region in the file name`);
  const grid = await decodeNadcon5GeoTiff(await readFile(file), name);
  const area = grid.metadata.area_of_use ?? "";
  if (!area.startsWith(region.area))
    throw new Error(`${name}: area of use "${area}", expected ${region.area}`);
  const inside = (v: number, [lo, hi]: [number, number]) => v >= lo && v <= hi;
  if (!inside(grid.west, region.west) || !inside(grid.south, region.south))
    throw new Error(`${name}: south-west node ${grid.west}, ${grid.south} is outside ${region.area}`);
  if (grid.width < 2 || grid.height < 2) throw new Error(`${name}: ${grid.width} × ${grid.height} nodes`);
  for (const v of grid.nodes) {
    if (!(Math.abs(v) <= MAX_OFFSET)) throw new Error(`${name}: offset ${v}″ is not within ±${MAX_OFFSET}″`);
  }
}

/** The datum-grids family's sanity hook: checks the grids that changed. */
export async function datumGridsSanity(
  inputs: Record<string, string>,
  changed: readonly string[],
): Promise<SanityReport> {
  for (const [file] of NADCON5_GRIDS) {
    const input = inputs[gridSourceId(file)];
    if (input && changed.includes(gridSourceId(file))) await nadcon5GridSanity(input, file);
  }
  return {};
}
