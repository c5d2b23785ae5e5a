// Which cell speaks where. Cells are ranked largest scale first (usage band, then compilation
// scale, then name). A sounding or hazard is dropped when a strictly larger-scale cell covers its
// position (that cell charts the place in more detail), so the largest-scale cell applies per
// location. Cells of equal band and scale meet at seams, where the same object may be charted
// twice: such pairs are found here and stored once.
import { insideRings, ringsBounds } from "../../artifacts/format/ring-containment.ts";
import type { EncCell } from "./enc-cell.ts";
import type { AreaGeometry } from "./s57-geometry.ts";

export interface RankedCell {
  /** Position in rank order: 0 is the largest scale. */
  index: number;
  /** Cell name without extension, e.g. `US5AK5SI`. */
  name: string;
  cell: EncCell;
  /** M_COVR polygons as open E7 rings with their bounds. */
  coverage: { rings: Int32Array[]; bounds: [number, number, number, number] }[];
}

/** Open E7 ring of a closed position ring. */
export function ringE7(closed: readonly number[][]): Int32Array {
  const n = closed.length - 1;
  const out = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const p = closed[i] as number[];
    out[2 * i] = Math.round((p[0] as number) * 1e7);
    out[2 * i + 1] = Math.round((p[1] as number) * 1e7);
  }
  return out;
}

export const areaRingsE7 = (a: AreaGeometry): Int32Array[] => [ringE7(a.exterior), ...a.holes.map(ringE7)];

/** Ranks cells: band descending, then compilation scale ascending (larger scale), then name. */
export function rankCells(cells: readonly { name: string; cell: EncCell }[]): RankedCell[] {
  return [...cells]
    .sort(
      (a, b) =>
        b.cell.info.usageBand - a.cell.info.usageBand ||
        a.cell.info.compilationScale - b.cell.info.compilationScale ||
        a.name.localeCompare(b.name),
    )
    .map((c, index) => ({
      index,
      name: c.name,
      cell: c.cell,
      coverage: c.cell.coverage.map((a) => {
        const rings = areaRingsE7(a);
        return { rings, bounds: ringsBounds(rings) };
      }),
    }));
}

/** True when `a` is of a strictly larger scale than `b` (higher band, or same band and larger scale). */
export function strictlyLarger(a: RankedCell, b: RankedCell): boolean {
  const ai = a.cell.info;
  const bi = b.cell.info;
  return (
    ai.usageBand > bi.usageBand ||
    (ai.usageBand === bi.usageBand && ai.compilationScale < bi.compilationScale)
  );
}

export function covers(c: RankedCell, x: number, y: number): boolean {
  return c.coverage.some(
    (p) =>
      x >= p.bounds[0] &&
      x <= p.bounds[2] &&
      y >= p.bounds[1] &&
      y <= p.bounds[3] &&
      insideRings(p.rings, x, y),
  );
}

/** The strictly larger-scale cell covering (x, y) in E7, if any: the cell that supersedes `own` there. */
export function supersedingCell(
  ranked: readonly RankedCell[],
  own: RankedCell,
  x: number,
  y: number,
): RankedCell | undefined {
  for (const c of ranked) {
    if (c.index >= own.index) break;
    if (strictlyLarger(c, own) && covers(c, x, y)) return c;
  }
  return undefined;
}
