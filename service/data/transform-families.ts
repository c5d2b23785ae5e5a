// Openers of the transform's families: `crs` (read at open, parsed into the CrsRegistry on first use) and `datum-grids`
// (a GridStore over the tile container: headers in memory, tiles read by offset when a request
// needs them, a small cache of recently read tiles).

import { readFile } from "node:fs/promises";
import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { openFileReader } from "../../artifacts/format/byte-source.ts";
import { CRS_FILE, parseCrsRegistry } from "../../artifacts/format/crs-registry-file.ts";
import {
  DATUM_GRID_FILE,
  readDatumGridMetadata,
  readGridTile,
  type StoredGrid,
} from "../../artifacts/format/datum-grid-file.ts";
import type { Tile } from "../../artifacts/format/shift-grid.ts";
import { TileContainerReader } from "../../artifacts/format/tile-container.ts";
import type { CrsRegistry } from "../geo/transform/crs-registry.ts";
import { type GridStore, GridUnreadableError } from "../geo/transform/grid-store.ts";
import type { FamilyOpener } from "./families.ts";

export const crsOpener: FamilyOpener<CrsRegistry> = {
  ...FAMILY_SPECS.crs,
  // The bytes are read at open (damage on disk after start cannot reach them) and parsed on first
  // use: the main thread never transforms (the pool's workers do).
  open: async (dir) => {
    const file = path.join(dir, CRS_FILE);
    const bytes = await readFile(file);
    // Its module (proj4 with it) loads here, behind the listener, not with the service's modules.
    const { CrsRegistry } = await import("../geo/transform/crs-registry.ts");
    return new CrsRegistry(() => parseCrsRegistry(bytes, file));
  },
};

/** Tiles kept between requests (64×64 nodes × 2 float32 = 32 KiB each). */
const TILE_CACHE = 256;

/** A GridStore over an opened container. */
export function containerGridStore(reader: TileContainerReader, version: string): GridStore {
  const grids = new Map<string, StoredGrid>(readDatumGridMetadata(reader).map((g) => [g.name, g]));
  const cache = new Map<string, Tile>();
  return {
    header: (name) => grids.get(name),
    async readTiles(name, ids) {
      const grid = grids.get(name);
      if (!grid) throw new GridUnreadableError(name, "not in the datum-grids artifact");
      // The misses are read together, before the synchronous shift kernel runs over the tiles.
      return Promise.all(
        ids.map(async (id) => {
          const key = `${grid.index}:${id}`;
          let tile = cache.get(key);
          if (tile) {
            cache.delete(key);
          } else {
            try {
              tile = await readGridTile(reader, grid, id);
            } catch (e) {
              throw new GridUnreadableError(name, (e as Error).message);
            }
          }
          cache.set(key, tile);
          if (cache.size > TILE_CACHE) cache.delete(cache.keys().next().value as string);
          return tile;
        }),
      );
    },
    provenance: {
      source: "NOAA NGS NADCON5 grids (PROJ-data us_noaa GeoTIFFs), datum-grids artifact",
      version,
    },
  };
}

/** The container each opened store reads, closed when a replaced version is no longer read. */
const readers = new WeakMap<GridStore, TileContainerReader>();

export const datumGridsOpener: FamilyOpener<GridStore> = {
  ...FAMILY_SPECS["datum-grids"],
  open: async (dir, manifest) => {
    const reader = await openFileReader(path.join(dir, DATUM_GRID_FILE), "file", TileContainerReader.open);
    const store = containerGridStore(reader, manifest.version);
    readers.set(store, reader);
    return store;
  },
  close: (store) => readers.get(store)?.close(),
};
