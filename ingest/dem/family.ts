// The dem family: the DEM blocks pinned in ingest/dem/sources.ts, cut into one tile container
// with Alaska coverage flags (format: artifacts/README.md §DEM tiles).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEM_FILE } from "../../artifacts/format/dem-reader.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { alaskaRings } from "./alaska-boundary.ts";
import { buildDemTiles, type DemInput } from "./build-tiles.ts";
import { COPERNICUS_GLO30, DATASET_PRIORITY, VIEWFINDER_3AS } from "./datasets.ts";
import { verifyDemArtifact } from "./verify-dem.ts";

const BOUNDARY_SOURCE = "census-state-500k-2024-geojson";

/** Each DEM input: its source id, reader, dataset and upstream file name (the reader parses the name). */
const BLOCK_SOURCES: readonly (Omit<DemInput, "bytes"> & { id: string })[] = [
  {
    id: "dem-viewfinderpanoramas-n59w151",
    kind: "srtm-hgt",
    dataset: VIEWFINDER_3AS,
    fileName: "N59W151.hgt",
  },
  {
    id: "dem-copernicus-glo30-healy-crop",
    kind: "copernicus-glo30",
    dataset: COPERNICUS_GLO30,
    fileName: "COP30_63.84_-149.29_63.92_-149.21.tif",
  },
];

export const DEM_PARAMETERS = {
  maxTileSize: 256,
  coastalBandMeters: 5556,
  datasetPriority: DATASET_PRIORITY,
};

export const demFamily: FamilyBuilder = {
  family: "dem",
  formatVersion: "1.0",
  description:
    "DEM blocks of Alaska cut into tiles with coverage flags (GET /v1/elevation, POST /v1/elevation/profile)",
  sources: [...BLOCK_SOURCES.map((s) => s.id), BOUNDARY_SOURCE],
  parameters: DEM_PARAMETERS,
  async build(ctx) {
    const inputPath = (id: string): string => {
      const p = ctx.inputs[id];
      if (!p) throw new Error(`input ${id} was not resolved`);
      return p;
    };
    await buildDemTiles({
      inputs: BLOCK_SOURCES.map(({ id, ...s }) => ({ ...s, bytes: () => readFile(inputPath(id)) })),
      alaska: alaskaRings(await readFile(inputPath(BOUNDARY_SOURCE), "utf8")),
      boundaryName: "US Census Bureau 2024 cartographic boundary of Alaska (1:500,000)",
      coastalBandMeters: DEM_PARAMETERS.coastalBandMeters,
      maxTileSize: DEM_PARAMETERS.maxTileSize,
      datasetPriority: DEM_PARAMETERS.datasetPriority,
      outFile: path.join(ctx.outDir, DEM_FILE),
      log: ctx.log,
    });
  },
  async verify(dir) {
    const checked = verifyDemArtifact(dir);
    if (checked === 0) throw new Error("no known height applies to the ingested blocks");
  },
};
