// A GridStore over NADCON5 GeoTIFFs decoded in memory (tests; the service reads the datum-grids artifact).
import fs from "node:fs";
import path from "node:path";
import type { ShiftGridHeader, Tile } from "../../artifacts/format/shift-grid.ts";
import { decodeNadcon5GeoTiff } from "../../ingest/nadcon/nadcon5-geotiff.ts";
import { cutTiles } from "../../ingest/nadcon/shift-grid-tiles.ts";
import type { GridStore } from "../../service/geo/transform/grid-store.ts";

export interface MemoryGridStore extends GridStore {
  /** Tiles handed out so far (to observe on-demand reading). */
  tilesServed: number;
}

export async function memoryGridStore(
  dir: string,
  names?: readonly string[],
  tileSize?: number,
): Promise<MemoryGridStore> {
  const files =
    names ?? fs.readdirSync(dir).filter((f) => f.startsWith("us_noaa_nadcon5_") && f.endsWith(".tif"));
  const grids = new Map<string, { header: ShiftGridHeader; tiles: Tile[] }>();
  for (const f of files) {
    const decoded = await decodeNadcon5GeoTiff(fs.readFileSync(path.join(dir, f)), f);
    grids.set(f, cutTiles(f, decoded, tileSize));
  }
  const store: MemoryGridStore = {
    tilesServed: 0,
    header: (name) => grids.get(name)?.header,
    readTiles: async (name, ids) => {
      const g = grids.get(name);
      if (!g) throw new Error(`grid ${name} not held`);
      store.tilesServed += ids.length;
      return ids.map((id) => g.tiles[id] as Tile);
    },
    provenance: { source: `NADCON5 GeoTIFFs decoded from ${dir}` },
  };
  return store;
}
