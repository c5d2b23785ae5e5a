// Known-answer check of a built DEM artifact: heights of named pixels of the real blocks, as
// GDAL reads them from the upstream files (gdallocationinfo; test/dem/fixtures/gdal-reference.json).
// A check runs only when its block was ingested.
import path from "node:path";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { toPixel } from "../../artifacts/format/dem-grid.ts";
import { DemReader } from "../../artifacts/format/dem-reader.ts";

export interface KnownHeight {
  block: string;
  lon: number;
  lat: number;
  meters: number;
}

export const KNOWN_HEIGHTS: readonly KnownHeight[] = [
  { block: "N59W151.hgt", lon: -150.123456, lat: 59.654321, meters: 402 },
  { block: "N59W151.hgt", lon: -150.31, lat: 59.87, meters: 1389 },
  { block: "N59W151.hgt", lon: -151.0, lat: 60.0, meters: 655 },
  { block: "COP30_63.84_-149.29_63.92_-149.21.tif", lon: -149.25, lat: 63.88, meters: 665.562866210938 },
  { block: "COP30_63.84_-149.29_63.92_-149.21.tif", lon: -149.2801, lat: 63.9123, meters: 615.638610839844 },
];

/** Opens the version folder's DEM and checks every applicable known height; throws on a mismatch. */
export async function verifyDemArtifact(
  dir: string,
  known: readonly KnownHeight[] = KNOWN_HEIGHTS,
): Promise<number> {
  const reader = await DemReader.open((file) => openByteSource(path.join(dir, file), "file"), 8);
  try {
    const meta = reader.metadata;
    if (meta.layers.length === 0 || meta.blocks.length === 0)
      throw new Error("the DEM artifact holds no layer");
    let checked = 0;
    for (const k of known) {
      const block = meta.blocks.findIndex((b) => b.id === k.block);
      if (block < 0) continue;
      const z = meta.layers.findIndex((l) => l.dataset === meta.blocks[block]?.dataset);
      const layer = meta.layers[z];
      if (!layer) throw new Error(`no layer holds block ${k.block}`);
      const { x, y } = toPixel(layer.grid, k.lon, k.lat);
      const col = Math.floor(x);
      const row = Math.floor(y);
      const T = layer.tileSize;
      const tile = await reader.tile(z, Math.floor(col / T), Math.floor(row / T));
      const got = tile?.values[(row % T) * T + (col % T)];
      if (got === undefined || Math.abs(got - k.meters) > 1e-3) {
        throw new Error(`${k.block} at ${k.lon},${k.lat}: expected ${k.meters} m, the artifact holds ${got}`);
      }
      checked++;
    }
    return checked;
  } finally {
    reader.close();
  }
}
