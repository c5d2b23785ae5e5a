// Finds the H3 cells polygon outlines pass through. Each vertex is located; an edge whose two
// ends fall in different cells is bisected until every piece has both ends in one cell (a
// hexagon is convex, so the piece lies in it) or is shorter than the minimum step. A cell no
// outline passes through lies wholly inside one unit, or wholly outside all of them.
import { latLngToCell } from "h3-js";
import type { PartIndex } from "./part-index.ts";

const METRES_PER_DEGREE = 111_195;

/** Bit flags kept per traced cell. */
export const TRACE_ANY = 1;
export const TRACE_SMALL = 2;

export class BoundaryTracer {
  readonly #res: number;
  readonly #minStepDegrees: number;
  /** Traced cells → flags. */
  readonly cells = new Map<string, number>();
  /** Edges already traced → flags they were traced with (shared outlines are walked once). */
  readonly #edges = new Map<string, number>();
  samples = 0;

  constructor(res: number, minStepMetres: number) {
    this.#res = res;
    this.#minStepDegrees = minStepMetres / METRES_PER_DEGREE;
  }

  /** Traces every edge of `part` with `flag`; `onCell` sees each cell the part passes through. */
  trace(part: PartIndex, flag: number, onCell?: (cell: string) => void): void {
    const mark = (cell: string): void => {
      this.cells.set(cell, (this.cells.get(cell) ?? 0) | flag);
      onCell?.(cell);
    };
    part.forEachEdge((x1, y1, x2, y2) => {
      const key = x1 < x2 || (x1 === x2 && y1 < y2) ? `${x1},${y1},${x2},${y2}` : `${x2},${y2},${x1},${y1}`;
      const seen = this.#edges.get(key) ?? 0;
      if ((seen & flag) === flag && !onCell) return;
      this.#edges.set(key, seen | flag);
      const a = this.#cell(y1, x1);
      const b = this.#cell(y2, x2);
      mark(a);
      if (b !== a) {
        mark(b);
        this.#bisect(x1, y1, a, x2, y2, b, mark);
      }
    });
  }

  #cell(lat: number, lon: number): string {
    this.samples++;
    return latLngToCell(lat, lon, this.#res);
  }

  #bisect(
    x1: number,
    y1: number,
    a: string,
    x2: number,
    y2: number,
    b: string,
    mark: (c: string) => void,
  ): void {
    const kx = Math.cos((((y1 + y2) / 2) * Math.PI) / 180);
    if (Math.hypot((x2 - x1) * kx, y2 - y1) <= this.#minStepDegrees) return;
    const xm = (x1 + x2) / 2;
    const ym = (y1 + y2) / 2;
    const m = this.#cell(ym, xm);
    if (m !== a && m !== b) mark(m);
    if (m !== a) this.#bisect(x1, y1, a, xm, ym, m, mark);
    if (m !== b) this.#bisect(xm, ym, m, x2, y2, b, mark);
  }
}
