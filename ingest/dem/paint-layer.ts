// Cuts the blocks of one layer into tiles of its global grid, streaming: blocks are loaded one at
// a time in north-west-first order and a tile is emitted as soon as every block touching it has
// been painted, so memory holds one row of blocks' tiles, not the layer. Where blocks overlap, a
// pixel whose centre lies in a block's core wins over overlap copies, then the higher-priority
// block (earlier in `blocks`) wins: the result does not depend on the painting order.
import type { DemGrid } from "../../artifacts/format/dem-grid.ts";
import type { DemTile } from "../../artifacts/format/dem-metadata.ts";
import type { SourceBlock } from "./source-block.ts";

export type BlockShape = Omit<SourceBlock, "values">;

export interface BlockPlan {
  /** Index of the block in the artifact metadata. */
  index: number;
  shape: BlockShape;
  /** Loads the block's heights and its coverage flags (1 = inside Alaska or its coastal band). */
  load(): Promise<{ values: Float32Array; coverage: Uint8Array }>;
}

export interface LayerPlan {
  grid: DemGrid;
  tileSize: number;
  wrapColumns: number | null;
  /** Blocks by priority, highest first. */
  blocks: BlockPlan[];
}

interface OpenTile {
  values: Float32Array;
  /** As DemTile.flags: 0 outside the coverage, else 1 + the block index. */
  flags: Uint16Array;
  rank: Int32Array;
  pending: number;
}

const EDGE = 1e-6;
const CORE_RANK = 1 << 20;

/** Global column and row of a block's pixel (0,0); throws when the block is off the layer grid. */
export function blockOrigin(grid: DemGrid, shape: BlockShape): { gx: number; gy: number } {
  const x = (shape.west + 180) * grid.ppdX - grid.phaseX;
  const y = (90 - shape.north) * grid.ppdY - grid.phaseY;
  const gx = Math.round(x);
  const gy = Math.round(y);
  if (Math.abs(x - gx) > 1e-4 || Math.abs(y - gy) > 1e-4)
    throw new Error(`${shape.id} is not aligned to its layer grid`);
  return { gx, gy };
}

/** Local column/row ranges (inclusive) of the pixels whose centres lie in the block's core. */
function coreRange(s: BlockShape): { c0: number; c1: number; r0: number; r1: number } {
  return {
    c0: Math.ceil((s.core.west - s.west) / s.pixelWidth - 0.5 - EDGE),
    c1: Math.floor((s.core.east - s.west) / s.pixelWidth - 0.5 + EDGE),
    r0: Math.ceil((s.north - s.core.north) / s.pixelHeight - 0.5 - EDGE),
    r1: Math.floor((s.north - s.core.south) / s.pixelHeight - 0.5 + EDGE),
  };
}

export async function paintLayer(
  plan: LayerPlan,
  emit: (tx: number, ty: number, tile: DemTile) => void,
): Promise<void> {
  const T = plan.tileSize;
  const wrap = (gx: number): number =>
    plan.wrapColumns === null ? gx : ((gx % plan.wrapColumns) + plan.wrapColumns) % plan.wrapColumns;
  const tileKey = (tx: number, ty: number): string => `${tx},${ty}`;
  const origins = plan.blocks.map((b) => blockOrigin(plan.grid, b.shape));
  const tilesOf = (i: number): [number, number][] => {
    const b = plan.blocks[i] as BlockPlan;
    const o = origins[i] as { gx: number; gy: number };
    const xs = new Set<number>();
    for (let c = 0; c < b.shape.width; c++) xs.add(Math.floor(wrap(o.gx + c) / T));
    const out: [number, number][] = [];
    for (let ty = Math.floor(o.gy / T); ty <= Math.floor((o.gy + b.shape.height - 1) / T); ty++) {
      for (const tx of [...xs].sort((p, q) => p - q)) out.push([tx, ty]);
    }
    return out;
  };
  const pendingCount = new Map<string, number>();
  const blockTiles = plan.blocks.map((_, i) => tilesOf(i));
  for (const list of blockTiles)
    for (const [tx, ty] of list)
      pendingCount.set(tileKey(tx, ty), (pendingCount.get(tileKey(tx, ty)) ?? 0) + 1);

  const open = new Map<string, OpenTile>();
  const order = plan.blocks
    .map((_, i) => i)
    .sort((a, b) => {
      const sa = (plan.blocks[a] as BlockPlan).shape;
      const sb = (plan.blocks[b] as BlockPlan).shape;
      return sb.north - sa.north || sa.west - sb.west || a - b;
    });
  for (const i of order) {
    const plan_i = plan.blocks[i] as BlockPlan;
    const { values, coverage } = await plan_i.load();
    const { gx, gy } = origins[i] as { gx: number; gy: number };
    const s = plan_i.shape;
    const core = coreRange(s);
    const priority = plan.blocks.length - i;
    for (let r = 0; r < s.height; r++) {
      const grow = gy + r;
      const ty = Math.floor(grow / T);
      const rowInCore = r >= core.r0 && r <= core.r1;
      let tx = Math.floor(wrap(gx) / T);
      let tile = openTile(open, pendingCount, tileKey(tx, ty), T);
      for (let c = 0; c < s.width; c++) {
        const gcol = wrap(gx + c);
        if (Math.floor(gcol / T) !== tx) {
          tx = Math.floor(gcol / T);
          tile = openTile(open, pendingCount, tileKey(tx, ty), T);
        }
        const k = (grow - ty * T) * T + (gcol % T);
        const rank = (rowInCore && c >= core.c0 && c <= core.c1 ? CORE_RANK : 0) + priority;
        if (rank <= (tile.rank[k] as number)) continue;
        tile.rank[k] = rank;
        tile.values[k] = values[r * s.width + c] as number;
        tile.flags[k] = coverage[r * s.width + c] === 1 ? plan_i.index + 1 : 0;
      }
    }
    for (const [tx, ty] of blockTiles[i] as [number, number][]) {
      const key = tileKey(tx, ty);
      const tile = open.get(key) as OpenTile;
      if (--tile.pending > 0) continue;
      open.delete(key);
      if (tile.flags.some((f) => f !== 0)) emit(tx, ty, { values: tile.values, flags: tile.flags });
    }
  }
}

function openTile(
  open: Map<string, OpenTile>,
  pending: Map<string, number>,
  key: string,
  T: number,
): OpenTile {
  let tile = open.get(key);
  if (!tile) {
    tile = {
      values: new Float32Array(T * T).fill(Number.NaN),
      flags: new Uint16Array(T * T),
      rank: new Int32Array(T * T).fill(-1),
      pending: pending.get(key) as number,
    };
    open.set(key, tile);
  }
  return tile;
}
