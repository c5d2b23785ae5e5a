// The `datum-grids` family: the NADCON5 GeoTIFFs of the operations the service chains → one tile
// container (artifacts/README.md §datum-grids) read tile by tile at request time.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { openFileReader } from "../../artifacts/format/byte-source.ts";
import {
  addGridTiles,
  DATUM_GRID_FILE,
  datumGridMetadata,
  readDatumGridMetadata,
  readGridTile,
  type StoredGrid,
} from "../../artifacts/format/datum-grid-file.ts";
import { TileContainerReader, TileContainerWriter } from "../../artifacts/format/tile-container.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { decodeNadcon5GeoTiff } from "./nadcon5-geotiff.ts";
import { datumGridsSanity } from "./nadcon5-sanity.ts";
import { cutTiles, DEFAULT_TILE_SIZE } from "./shift-grid-tiles.ts";
import { gridSourceId, NADCON5_GRIDS, nadconSource } from "./sources.ts";

/** The family over the grid files `grids` (the scale run, test/scale/, adds generated CONUS grids). */
export const datumGridsFamilyOf = (grids: readonly string[]): FamilyBuilder => ({
  ...FAMILY_SPECS["datum-grids"],
  sources: grids.map(gridSourceId),
  // Every NADCON5 grid of PROJ-data's index that the lock names (with the index's size and sha256).
  lock: {
    source: (file) => {
      const { sha256: _s, bytes: _b, mirroredAt: _m, published: _p, ...fields } = nadconSource(file.name);
      return { ...fields, url: file.url, mirrorPath: file.mirrorPath };
    },
    extend: (locked) => datumGridsFamilyOf([...grids, ...locked.map((e) => path.posix.basename(e.url))]),
  },
  parameters: { tileSize: DEFAULT_TILE_SIZE },
  description: "NADCON5 shift grids (NOAA NGS via PROJ-data) tiled for on-demand reading",
  async build(ctx) {
    const writer = new TileContainerWriter(path.join(ctx.outDir, DATUM_GRID_FILE));
    const stored: StoredGrid[] = [];
    for (const [index, file] of grids.entries()) {
      const bytes = readFileSync(ctx.inputs[gridSourceId(file)] as string);
      const decoded = await decodeNadcon5GeoTiff(bytes, file);
      // The checked input's own digest: after a refresh it is no longer the one sources.ts pins.
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const { header, tiles } = cutTiles(file, decoded, DEFAULT_TILE_SIZE);
      const grid: StoredGrid = {
        ...header,
        index,
        sourceSha256: sha256,
        description: decoded.description,
        metadata: decoded.metadata,
      };
      addGridTiles(writer, grid, tiles);
      stored.push(grid);
      ctx.progress("grids", index + 1, grids.length);
    }
    writer.finish(datumGridMetadata(stored));
    ctx.log(`${stored.length} grids tiled`);
  },
  sanity: datumGridsSanity,
  async verify(dir) {
    const reader = await openFileReader(path.join(dir, DATUM_GRID_FILE), "file", TileContainerReader.open);
    try {
      const stored = readDatumGridMetadata(reader);
      if (stored.length !== grids.length) throw new Error(`known answer: ${stored.length} grids`);
      let tiles = 0;
      for (const g of stored) tiles += Math.ceil(g.width / g.tileSize) * Math.ceil(g.height / g.tileSize);
      if (reader.size !== tiles) throw new Error(`known answer: ${reader.size} tiles, expected ${tiles}`);
      // NAD27 → NAD83 Alaska: the north-west node (172°E, 73°N) holds −3.62434268″ lat, −13.74943066″ lon.
      const ak = stored.find((g) => g.name === "us_noaa_nadcon5_nad27_nad83_1986_alaska.tif");
      if (ak?.west !== 172 || ak.width !== 121 || ak.height !== 47)
        throw new Error("known answer: Alaska NAD27 lattice");
      const j = ak.height - 1;
      const t = await readGridTile(
        reader,
        ak,
        Math.floor(j / ak.tileSize) * Math.ceil(ak.width / ak.tileSize),
      );
      const k = (j % ak.tileSize) * ak.tileSize * 2;
      if (
        Math.abs((t[k] as number) + 3.624342679977417) > 1e-12 ||
        Math.abs((t[k + 1] as number) + 13.749430656433105) > 1e-12
      ) {
        throw new Error("known answer: Alaska NAD27 north-west node");
      }
    } finally {
      reader.close();
    }
  },
});

export const datumGridsFamily: FamilyBuilder = datumGridsFamilyOf(NADCON5_GRIDS.map(([file]) => file));
