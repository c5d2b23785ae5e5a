// The timezone family: zone polygons → H3 resolution-6 cells (centre rule), a coastal band
// of about 60 km where the nearest zone answers, compacted into two cell indexes, plus a 1°
// grid that answers the squares holding a single answer without H3.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { CellIndexWriter } from "../../artifacts/format/cell-index-writer.ts";
import { writeLatLngGrid } from "../../artifacts/format/latlng-grid-writer.ts";
import {
  TILE_DEGREES,
  TIMEZONE_FILES,
  TIMEZONE_H3_RESOLUTION,
  type TimezoneHit,
  TimezoneLookup,
} from "../../artifacts/format/timezone-lookup.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { compactGrid } from "../lib/res6-grid.ts";
import { coastalBand } from "./coastal-band.ts";
import { readGeoTzProduct } from "./geo-tz-product.ts";
import { rasterizeZones } from "./rasterize.ts";
import { uniformTiles } from "./uniform-tiles.ts";
import type { ZoneSource } from "./zone-piece.ts";
import { type ZoneSourceExpectations, zoneSourceSanity } from "./zone-source-sanity.ts";

export const COASTAL_BAND_METRES = 60_000;

export interface KnownAnswer {
  name: string;
  lat: number;
  lon: number;
  expect: TimezoneHit;
}

export interface TimezoneFamilyOptions {
  sources: string[];
  /** Name of the upstream product, recorded in the parameters. */
  product: string;
  read(inputs: Record<string, string>): ZoneSource;
  knownAnswers: KnownAnswer[];
  /** Count ranges the refresh sanity check holds a new upstream version to. */
  expected?: Pick<ZoneSourceExpectations, "zones" | "pieces">;
}

export function createTimezoneFamily(options: TimezoneFamilyOptions): FamilyBuilder {
  return {
    ...FAMILY_SPECS.timezone,
    sources: options.sources,
    parameters: {
      product: options.product,
      h3Resolution: TIMEZONE_H3_RESOLUTION,
      cellRule: "centre",
      coastalBandMetres: COASTAL_BAND_METRES,
      fastGridDegrees: TILE_DEGREES,
    },
    description: `IANA zone per H3 res-${TIMEZONE_H3_RESOLUTION} cell from ${options.product}, coastal band ${COASTAL_BAND_METRES / 1000} km`,
    async build(ctx) {
      const source = options.read(ctx.inputs);
      const land = rasterizeZones(source, ctx.progress);
      ctx.log(`${land.cells} cells in ${land.zones.length} zones`);
      const coast = coastalBand(land.grid, COASTAL_BAND_METRES, ctx.progress);
      ctx.log(`${coast.cells} cells in the coastal band`);
      for (const [file, grid] of [
        [TIMEZONE_FILES.zones, land.grid],
        [TIMEZONE_FILES.coastal, coast.grid],
      ] as const) {
        const writer = new CellIndexWriter({ maxResolution: TIMEZONE_H3_RESOLUTION, strings: land.zones });
        for (const e of compactGrid(grid)) writer.add(e.cell, e.value);
        ctx.log(`${file}: ${writer.size} compacted cells`);
        await writeFile(path.join(ctx.outDir, file), writer.finish());
      }
      const tiles = uniformTiles(land.grid, coast.grid, ctx.progress);
      ctx.log(
        `${TIMEZONE_FILES.tiles}: ${tiles.uniform} of ${tiles.rows * tiles.cols} squares answered without H3`,
      );
      const spec = { south: -90, west: -180, cellDegrees: TILE_DEGREES, rows: tiles.rows, cols: tiles.cols };
      await writeFile(path.join(ctx.outDir, TIMEZONE_FILES.tiles), await writeLatLngGrid(spec, tiles.values));
    },
    async sanity(inputs) {
      const points = options.knownAnswers
        .filter((k) => k.expect.source === "boundary")
        .map((k) => ({ name: k.name, lat: k.lat, lon: k.lon, timeZone: k.expect.timeZone }));
      zoneSourceSanity(options.read(inputs), { ...options.expected, points });
      return {};
    },
    async verify(dir) {
      const lookup = await TimezoneLookup.open(dir);
      try {
        for (const k of options.knownAnswers) {
          const got = await lookup.lookup(k.lat, k.lon);
          if (got.timeZone !== k.expect.timeZone || got.source !== k.expect.source) {
            throw new Error(
              `known answer ${k.name}: expected ${k.expect.timeZone} (${k.expect.source}), got ${got.timeZone} (${got.source})`,
            );
          }
        }
        await checkFastGrid(lookup);
        for (const id of await lookup.zoneIds()) {
          try {
            new Intl.DateTimeFormat("en-US", { timeZone: id });
          } catch {
            throw new Error(`zone id ${id} is not known to this Node's ICU`);
          }
        }
      } finally {
        lookup.close();
      }
    },
  };
}

/** The fast grid must agree with the cell indexes: 20000 seeded points, uniform on the sphere. */
async function checkFastGrid(lookup: TimezoneLookup): Promise<void> {
  let seed = 0x1234567;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let i = 0; i < 20_000; i++) {
    const lat = (Math.asin(2 * random() - 1) * 180) / Math.PI;
    const lon = -180 + 360 * random();
    const fast = await lookup.lookup(lat, lon);
    const cells = await lookup.lookupCells(lat, lon);
    if (fast.timeZone !== cells.timeZone || fast.source !== cells.source) {
      throw new Error(
        `fast grid disagrees at (${lat}, ${lon}): ${fast.timeZone}/${fast.source} vs cells ${cells.timeZone}/${cells.source}`,
      );
    }
  }
}

/**
 * The registered family: geo-tz 8.1.9's full `timezones` product (every IANA zone keeps its own
 * polygon; the `timezones-1970` product merges zones that agree since 1970 and would answer
 * another city's id and pre-1970 history).
 */
export const timezoneFamily = createTimezoneFamily({
  sources: ["geo-tz-index", "geo-tz-data"],
  product: "geo-tz 8.1.9 timezones (timezone-boundary-builder 2025b)",
  // 419 zone ids and 37397 clipped pieces in the pinned 2025b product.
  expected: { zones: [380, 500], pieces: [20_000, 60_000] },
  read: (inputs) => readGeoTzProduct(inputs["geo-tz-index"]!, inputs["geo-tz-data"]!),
  knownAnswers: [
    {
      name: "Anchorage",
      lat: 61.17,
      lon: -150.02,
      expect: { timeZone: "America/Anchorage", source: "boundary" },
    },
    { name: "Adak", lat: 51.88, lon: -176.658, expect: { timeZone: "America/Adak", source: "boundary" } },
    {
      name: "Sydney",
      lat: -33.8688,
      lon: 151.2093,
      expect: { timeZone: "Australia/Sydney", source: "boundary" },
    },
    { name: "Kolkata", lat: 22.5726, lon: 88.3639, expect: { timeZone: "Asia/Kolkata", source: "boundary" } },
    // Zones the 1970 product merged into another city's id (issue 18.1).
    { name: "La Paz", lat: -16.5, lon: -68.15, expect: { timeZone: "America/La_Paz", source: "boundary" } },
    { name: "Oslo", lat: 59.9139, lon: 10.7522, expect: { timeZone: "Europe/Oslo", source: "boundary" } },
    {
      name: "Reykjavik",
      lat: 64.1466,
      lon: -21.9426,
      expect: { timeZone: "Atlantic/Reykjavik", source: "boundary" },
    },
    { name: "mid-Pacific", lat: 0, lon: -160, expect: { timeZone: "Etc/GMT+11", source: "nautical" } },
  ],
});
