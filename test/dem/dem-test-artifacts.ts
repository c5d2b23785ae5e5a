// DEM artifacts for tests: the one `make artifacts` built, or small ones built here into a
// temporary folder — the real blocks cut into tiny tiles (tile-limit tests) or SYNTHETIC
// 3DEP-layout tiles (format, void and seam tests only) — opened as the service opens them.
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { DemReader } from "../../artifacts/format/dem-reader.ts";
import { alaskaRings } from "../../ingest/dem/alaska-boundary.ts";
import { buildDemTiles, type DemInput } from "../../ingest/dem/build-tiles.ts";
import type { Ring } from "../../ingest/dem/coverage-mask.ts";
import {
  COPERNICUS_GLO30,
  DATASET_PRIORITY,
  USGS_3DEP_2AS,
  VIEWFINDER_3AS,
} from "../../ingest/dem/datasets.ts";
import { DEM_PARAMETERS } from "../../ingest/dem/family.ts";
import { DemDataset } from "../../service/data/dem-dataset.ts";
import { builtFamily } from "../support/built-artifacts.ts";
import { synthetic3depTiff, tileName, type VoidRect } from "./synthetic-3dep.ts";

export const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");
export const HGT_FILE = path.join(SHARED, "data/dem/viewfinderpanoramas-N59W151/N59W151.hgt");
export const COP_FILE = path.join(
  SHARED,
  "data/dem/copernicus-glo30-crop-healy/COP30_63.84_-149.29_63.92_-149.21.tif",
);
const BOUNDARY = path.join(
  SHARED,
  "data/census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson",
);

let rings: Ring[] | undefined;
/** Alaska's rings from the Census boundary in the shared data (parsed once per process). */
export function alaska(): Ring[] {
  rings ??= alaskaRings(readFileSync(BOUNDARY, "utf8"));
  return rings;
}

async function build(inputs: DemInput[], maxTileSize: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "geo402-dem-"));
  await buildDemTiles({
    inputs,
    alaska: alaska(),
    boundaryName: "test boundary: US Census Bureau 2024 Alaska",
    coastalBandMeters: DEM_PARAMETERS.coastalBandMeters,
    maxTileSize,
    datasetPriority: DATASET_PRIORITY,
    outDir: dir,
  });
  return dir;
}

/** The real blocks (3″ .hgt tile and GLO-30 crop) cut with `maxTileSize`; returns the folder. */
export function buildRealDem(maxTileSize = DEM_PARAMETERS.maxTileSize): Promise<string> {
  return build(
    [
      {
        fileName: "N59W151.hgt",
        kind: "srtm-hgt",
        dataset: VIEWFINDER_3AS,
        bytes: async () => readFileSync(HGT_FILE),
      },
      {
        fileName: path.basename(COP_FILE),
        kind: "copernicus-glo30",
        dataset: COPERNICUS_GLO30,
        bytes: async () => readFileSync(COP_FILE),
      },
    ],
    maxTileSize,
  );
}

export interface SyntheticTile {
  north: number;
  west: number;
  voids?: VoidRect[];
}

/** SYNTHETIC 3DEP-layout tiles (never real elevation) cut with `maxTileSize`; returns the folder. */
export function buildSyntheticDem(
  tiles: SyntheticTile[],
  maxTileSize = DEM_PARAMETERS.maxTileSize,
): Promise<string> {
  const cache = new Map<string, Uint8Array>();
  return build(
    tiles.map((t) => {
      const fileName = tileName(t.north, t.west);
      return {
        fileName,
        kind: "usgs-3dep" as const,
        dataset: USGS_3DEP_2AS,
        bytes: async () => {
          let b = cache.get(fileName);
          if (!b) {
            b = synthetic3depTiff(t.north, t.west, t.voids ?? []);
            cache.set(fileName, b);
          }
          return b;
        },
      };
    }),
    maxTileSize,
  );
}

/** The dem artifact `make artifacts` built (the production build), opened as the service does. */
export async function openBuiltDem(): Promise<DemDataset> {
  return openDem((await builtFamily("dem")).dir);
}

/** Opens a built folder as the service does (positioned reads, tiles on demand). */
export async function openDem(dir: string, cacheTiles = 256): Promise<DemDataset> {
  return new DemDataset(
    await DemReader.open((file) => openByteSource(path.join(dir, file), "file"), cacheTiles),
  );
}
