// Dense storage for every H3 resolution-6 cell. A res-6 index keeps its base cell (7 bits) and
// six 3-bit digits in bits 27–51, so those 25 bits are a compact id < 2^25: one Uint16 slot per
// cell (0 = unassigned, else value + 1) fits all 14 million cells in 64 MiB, with O(1) access.
import { getBaseCellNumber, getPentagons } from "h3-js";

export const RES6 = 6;
export const COMPACT_IDS = 1 << 25;
const PENTAGON_BASES = new Set(getPentagons(0).map(getBaseCellNumber));

/** Compact id of a resolution-6 cell given as hex. */
export function compactOf(cell: string): number {
  const cut = cell.length - 8;
  const hi = Number.parseInt(cell.slice(0, cut), 16);
  const lo = Number.parseInt(cell.slice(cut), 16);
  return (hi & 0xfffff) * 32 + (lo >>> 27);
}

/** Prefix (base cell and `res` digits) of a cell of resolution `res` ≤ 6 given as hex. */
export function prefixOf(cell: string, res: number): number {
  return Math.floor(compactOf(cell) / 8 ** (RES6 - res));
}

/** Whether a prefix (base cell and `res` digits) names a real cell: no digit 7, no pentagon's deleted K subsequence. */
export function isCellPrefix(prefix: number, res: number): boolean {
  let firstNonZero = 0;
  for (let i = res - 1; i >= 0; i--) {
    const d = Math.floor(prefix / 8 ** i) % 8;
    if (d === 7) return false;
    if (firstNonZero === 0) firstNonZero = d;
  }
  const base = Math.floor(prefix / 8 ** res);
  return base < 122 && !(firstNonZero === 1 && PENTAGON_BASES.has(base));
}

/** Hex id of the resolution-6 cell with compact id `c`. */
export function cellOfCompact(c: number): string {
  const hi = (0x08600000 | (c >>> 5)) >>> 0;
  const lo = (((c & 31) << 27) | 0x7ffffff) >>> 0;
  return hi.toString(16) + lo.toString(16).padStart(8, "0");
}

/** The H3 index (bigint) of the resolution-`res` ancestor whose prefix is `prefix` (base cell and `res` digits). */
export function cellOfPrefix(prefix: number, res: number): bigint {
  let index = (1n << 59n) | (BigInt(res) << 52n) | (BigInt(prefix) << BigInt(45 - 3 * res));
  for (let i = res + 1; i <= 15; i++) index |= 7n << BigInt(3 * (15 - i));
  return index;
}

/** A compacted entry: the cell (bigint H3 index) and its value. */
export interface CompactedCell {
  cell: bigint;
  value: number;
}

/**
 * The labels of the resolution-`res` parents of a level: a parent takes its children's common
 * non-zero label, or 0 when they differ or one is empty. Only in a pentagon's base cell is a child
 * slot other than digit 7 not a cell: the pentagon's own K child (digit 1), which is skipped.
 */
export function parentLevel(child: Uint16Array, res: number): Uint16Array {
  const perBase = 8 ** res;
  const level = new Uint16Array(122 * perBase);
  for (let p = 0; p < level.length; p++) {
    const skipK = p % perBase === 0 && PENTAGON_BASES.has(p / perBase);
    let label = -1;
    for (let d = 0; d < 7; d++) {
      const v = child[p * 8 + d]!;
      if (v === 0) {
        if (d === 1 && skipK) continue;
        label = 0;
        break;
      }
      if (label === -1) label = v;
      else if (label !== v) {
        label = 0;
        break;
      }
    }
    level[p] = Math.max(label, 0);
  }
  return level;
}

/**
 * Compacts a grid (values + 1 per compact id, 0 = none): a parent replaces its children when all
 * its valid children carry the same value. Cells come out ordered by resolution then prefix.
 */
export function compactGrid(grid: Uint16Array): CompactedCell[] {
  const levels: Uint16Array[] = [];
  levels[RES6] = grid;
  for (let res = RES6 - 1; res >= 0; res--) levels[res] = parentLevel(levels[res + 1]!, res);
  const out: CompactedCell[] = [];
  for (let res = 0; res <= RES6; res++) {
    const level = levels[res]!;
    const parent = res > 0 ? levels[res - 1]! : undefined;
    for (let p = 0; p < level.length; p++) {
      const v = level[p]!;
      if (v !== 0 && (parent === undefined || parent[Math.floor(p / 8)] === 0))
        out.push({ cell: cellOfPrefix(p, res), value: v - 1 });
    }
  }
  return out;
}
