// The dem family: the DEM blocks pinned in ingest/dem/sources.ts, cut into tiles with Alaska
// coverage flags and stored as two sparse tiled GeoTIFFs per layer plus dem.json (format: artifacts/README.md §DEM).

import { readFile } from "node:fs/promises";
import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { alaskaRings } from "./alaska-boundary.ts";
import { buildDemTiles, type DemInput } from "./build-tiles.ts";
import { COPERNICUS_GLO30, DATASET_PRIORITY, readBlock, USGS_3DEP_2AS, VIEWFINDER_3AS } from "./datasets.ts";
import { verifyDemArtifact } from "./verify-dem.ts";

const BOUNDARY_SOURCE = "census-state-500k-2024-geojson";

/** A DEM input: its source id, reader, dataset and upstream file name (the reader parses the name). */
export type DemBlockSource = Omit<DemInput, "bytes"> & { id: string };

/** The blocks pinned in ingest/dem/sources.ts. */
export const BLOCK_SOURCES: readonly DemBlockSource[] = [
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

/** The dem family over `blocks` (the scale run, test/scale/, adds generated 3DEP blocks). */
export const demFamilyOf = (blocks: readonly DemBlockSource[]): FamilyBuilder => ({
  ...FAMILY_SPECS.dem,
  description:
    "DEM blocks of Alaska as COGs of heights and coverage flags per layer (GET /v1/elevation, POST /v1/elevation/profile)",
  sources: [...blocks.map((s) => s.id), BOUNDARY_SOURCE],
  parameters: DEM_PARAMETERS,
  // The lock's Alaska 2″ 3DEP blocks (USGS publishes no checksum: hashed when first had, see
  // ingest/lib/locked-inputs.ts; the 3DEP reader checks each block's layout and extent).
  lock: {
    source: (file) => ({
      id: `dem-usgs-3dep-2as-${file.name}`,
      url: file.url,
      vintage: `USGS 3DEP 2 arc-second, block ${file.name} published ${file.detail.published}`,
      license: USGS_3DEP_2AS.license,
      attribution: "U.S. Geological Survey, 3D Elevation Program (3DEP)",
      mirrorPath: file.mirrorPath,
    }),
    extend: (locked) =>
      demFamilyOf([
        ...blocks,
        ...locked.map((e) => ({
          id: e.id,
          kind: "usgs-3dep" as const,
          dataset: USGS_3DEP_2AS,
          fileName: path.posix.basename(e.url),
        })),
      ]),
  },
  async build(ctx) {
    const inputPath = (id: string): string => {
      const p = ctx.inputs[id];
      if (!p) throw new Error(`input ${id} was not resolved`);
      return p;
    };
    await buildDemTiles({
      inputs: blocks.map(({ id, ...s }) => ({ ...s, bytes: () => readFile(inputPath(id)) })),
      alaska: alaskaRings(await readFile(inputPath(BOUNDARY_SOURCE), "utf8")),
      boundaryName: "US Census Bureau 2024 cartographic boundary of Alaska (1:500,000)",
      coastalBandMeters: DEM_PARAMETERS.coastalBandMeters,
      maxTileSize: DEM_PARAMETERS.maxTileSize,
      datasetPriority: DEM_PARAMETERS.datasetPriority,
      outDir: ctx.outDir,
      log: ctx.log,
    });
  },
  /** Before a refresh builds: every block parses in its layout, lies at Alaska's latitudes and holds plausible heights. */
  async sanity(inputs) {
    const rings = alaskaRings(await readFile(inputs[BOUNDARY_SOURCE] as string, "utf8"));
    const lats = rings.flatMap((r) => r.map((p) => p[1] as number));
    const [south, north] = [Math.min(...lats) - 1, Math.max(...lats) + 1];
    for (const { id, ...s } of blocks) {
      const block = await readBlock(s.kind, s.fileName, await readFile(inputs[id] as string), s.dataset);
      const top = block.north;
      const bottom = block.north - block.height * block.pixelHeight;
      if (bottom < south || top > north)
        throw new Error(`${block.id} lies at ${bottom}..${top}N, outside Alaska's latitudes`);
      let valid = 0;
      for (const v of block.values) {
        if (Number.isNaN(v)) continue;
        if (v < -500 || v > 6200) throw new Error(`${block.id} holds an implausible height ${v} m`);
        valid++;
      }
      if (valid === 0) throw new Error(`${block.id} is void throughout`);
    }
    return {};
  },
  async verify(dir) {
    const checked = await verifyDemArtifact(dir);
    if (checked === 0) throw new Error("no known height applies to the ingested blocks");
  },
});

export const demFamily: FamilyBuilder = demFamilyOf(BLOCK_SOURCES);
