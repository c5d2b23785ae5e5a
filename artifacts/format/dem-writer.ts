// Writes one DEM layer's tiles as its two COGs (format/cog-writer.ts: GDAL's COG driver) and the
// CRC-32 of every stored tile, read back with the service's own COG reader (format/cog-tiles.ts),
// which must decode every tile to exactly what was written. Ingest only: the service reads the
// COGs without loading GDAL.
import { checksumOf } from "./block-checksum.ts";
import { MemorySource } from "./byte-source.ts";
import { CogTiles } from "./cog-tiles.ts";
import { writeCog } from "./cog-writer.ts";
import type { DemGrid } from "./dem-grid.ts";
import type { DemLayerMeta, DemTile } from "./dem-metadata.ts";

export interface WrittenCog {
  bytes: Uint8Array;
  crc32: number[];
}

export interface WrittenLayer {
  tiles: DemLayerMeta["tiles"];
  heights: WrittenCog;
  flags: WrittenCog;
}

/** File names of layer z's COGs. */
export const demLayerFiles = (z: number): { heights: string; flags: string } => ({
  heights: `dem-${z}-heights.tif`,
  flags: `dem-${z}-flags.tif`,
});

/**
 * The COGs of a layer from its tiles (`tiles` by `tx,ty`, every one holding a covered pixel): the
 * rasters span the tiles' bounding range, tiles of T pixels are COG tiles of T, and tiles not given
 * stay unwritten (heights NaN, flags 0: GDAL's SPARSE_OK). Throws when the COGs do not read back
 * as the given tiles.
 */
export async function writeDemLayer(
  grid: DemGrid,
  tileSize: number,
  tiles: ReadonlyMap<string, DemTile>,
): Promise<WrittenLayer> {
  const T = tileSize;
  if (T % 16 !== 0) throw new RangeError(`COG tiles are a multiple of 16 pixels, not ${T}`);
  const keys = [...tiles.keys()].map((k) => k.split(",").map(Number) as [number, number]);
  // A layer with no covered tile is one unwritten tile at the grid's origin.
  const x0 = Math.min(...keys.map((k) => k[0]), keys.length ? Infinity : 0);
  const y0 = Math.min(...keys.map((k) => k[1]), keys.length ? Infinity : 0);
  const across = Math.max(...keys.map((k) => k[0]), x0) - x0 + 1;
  const down = Math.max(...keys.map((k) => k[1]), y0) - y0 + 1;
  const width = across * T;
  const heights = new Float32Array(width * down * T).fill(Number.NaN);
  const flags = new Uint16Array(width * down * T);
  for (const [[tx, ty], tile] of keys.map((k) => [k, tiles.get(`${k[0]},${k[1]}`) as DemTile] as const)) {
    for (let r = 0; r < T; r++) {
      const at = ((ty - y0) * T + r) * width + (tx - x0) * T;
      heights.set(tile.values.subarray(r * T, (r + 1) * T), at);
      flags.set(tile.flags.subarray(r * T, (r + 1) * T), at);
    }
  }
  const geo = {
    width,
    height: down * T,
    west: (x0 * T + grid.phaseX) / grid.ppdX - 180,
    north: 90 - (y0 * T + grid.phaseY) / grid.ppdY,
    resX: 1 / grid.ppdX,
    resY: 1 / grid.ppdY,
    blockSize: T,
  };
  const range = { x0, y0, across, down };
  const written = async (values: Float32Array | Uint16Array, empty: number, noData?: number) => {
    const bytes = await writeCog({ ...geo, values, ...(noData === undefined ? {} : { noData }) });
    const cog = await CogTiles.open(new MemorySource(bytes), "written DEM COG");
    const crc32: number[] = [];
    for (let ty = 0; ty < down; ty++) {
      for (let tx = 0; tx < across; tx++) {
        const i = cog.index(tx, ty);
        const raw = await cog.raw(i);
        crc32.push(checksumOf(raw));
        const want = tiles.get(`${tx + x0},${ty + y0}`);
        const got = cog.decode(raw, empty);
        const expected = want ? (values instanceof Float32Array ? want.values : want.flags) : undefined;
        if (!sameSamples(got, expected, empty))
          throw new Error(`DEM tile ${tx + x0}/${ty + y0} does not read back from its COG`);
        if (values instanceof Uint16Array && cog.stored(i) !== (want !== undefined))
          throw new Error(
            `DEM tile ${tx + x0}/${ty + y0}: the flags COG ${cog.stored(i) ? "stores" : "omits"} it`,
          );
      }
    }
    return { bytes, crc32 };
  };
  return {
    tiles: range,
    heights: await written(heights, Number.NaN, Number.NaN),
    flags: await written(flags, 0),
  };
}

/** Whether decoded samples equal the tile's (NaN equal to NaN); an absent tile must be `empty` throughout. */
function sameSamples(got: ArrayLike<number>, want: ArrayLike<number> | undefined, empty: number): boolean {
  for (let i = 0; i < got.length; i++) {
    const w = want ? (want[i] as number) : empty;
    const g = got[i] as number;
    if (!(g === w || (Number.isNaN(g) && Number.isNaN(w)))) return false;
  }
  return true;
}
