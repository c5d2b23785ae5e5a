import { describe, expect, it } from "vitest";
import type { DemTile } from "../../artifacts/format/dem-metadata.ts";
import { VIEWFINDER_3AS } from "./datasets.ts";
import { type BlockPlan, paintLayer } from "./paint-layer.ts";

// Blocks on a 4-pixels-per-degree grid with a 1-pixel overlap on every side (6×6 pixels).
const grid = { ppdX: 4, ppdY: 4, phaseX: 0, phaseY: 0 };
function block(
  index: number,
  west: number,
  north: number,
  value: number,
  published: string | null = null,
): BlockPlan {
  return {
    index,
    shape: {
      id: `b${index}`,
      dataset: VIEWFINDER_3AS,
      width: 6,
      height: 6,
      west: west - 0.25,
      north: north + 0.25,
      pixelWidth: 0.25,
      pixelHeight: 0.25,
      core: { west, south: north - 1, east: west + 1, north },
      published,
    },
    load: async () => ({ values: new Float32Array(36).fill(value), coverage: new Uint8Array(36).fill(1) }),
  };
}

/** The blocks a tile's covered pixels come from, ascending. */
const blocksOf = (t: DemTile | undefined): number[] =>
  [...new Set(t?.flags ?? [])]
    .filter((f) => f !== 0)
    .map((f) => f - 1)
    .sort((a, b) => a - b);

async function paint(blocks: BlockPlan[]): Promise<Map<string, DemTile>> {
  const out = new Map<string, DemTile>();
  await paintLayer({ grid, tileSize: 4, wrapColumns: 1440, blocks }, (tx, ty, t) =>
    out.set(`${tx},${ty}`, t),
  );
  return out;
}

describe("paintLayer", () => {
  it("a block's core wins over its neighbour's overlap, whatever the priority", async () => {
    for (const order of [
      [block(0, 10, 50, 1), block(1, 11, 50, 2)],
      [block(1, 11, 50, 2), block(0, 10, 50, 1)],
    ]) {
      const tiles = await paint(order);
      // global columns of lon 10..11 are 760..763 (tile 190), of 11..12 are 764..767 (tile 191); lat 50..49 is rows 160..163 (tile row 40)
      expect(blocksOf(tiles.get("190,40"))).toEqual([0]);
      expect(Array.from(tiles.get("190,40")?.values ?? [])).toEqual(new Array(16).fill(1));
      expect(blocksOf(tiles.get("191,40"))).toEqual([1]);
      expect(Array.from(tiles.get("191,40")?.values ?? [])).toEqual(new Array(16).fill(2));
    }
  });
  it("where no core claims a pixel the higher-priority block wins; the tile records both blocks per pixel", async () => {
    const tiles = await paint([block(0, 10, 50, 1), block(1, 11, 50, 2)]);
    // the row north of both cores (lat 50..50.25, row 159) holds only overlap pixels: tile row 39
    const north = tiles.get("191,39") as DemTile;
    expect(blocksOf(north)).toEqual([0, 1]);
    const row = Array.from(north.values.subarray(12, 16));
    expect(row).toEqual([1, 2, 2, 2]); // col 764 is 0's overlap (priority) … 765..767 only block 1 has them
  });
  it("emits nothing for tiles without a covered pixel", async () => {
    const plan = block(0, 10, 50, 1);
    plan.load = async () => ({ values: new Float32Array(36).fill(5), coverage: new Uint8Array(36) });
    expect((await paint([plan])).size).toBe(0);
  });
});
