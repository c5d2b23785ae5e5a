// The cell cap decided on true counts. The upper-bound estimate (cell-count-bound.ts) settles a
// job without generating anything when it is within the cap; when it is over, the bound can be up
// to about 2× the true count, so a job that truly fits would be refused. Such jobs are counted
// exactly, with bounded work: only when the estimate is at most EXACT_COUNT_FACTOR × the cap, and
// stopping as soon as the running count passes the cap. The cells counted are the answer's cells,
// so a job that fits does no work twice; a refusal costs at most EXACT_COUNT_FACTOR times the
// largest answer the cap allows.
import type { Containment } from "./part-cells.ts";
import { polyfill } from "./polyfill.ts";
import { finestResolutionWithin, type PlannedFeature, totalEstimate } from "./polyfill-plan.ts";

/** Estimates up to this multiple of the cap are settled by counting the cells. */
export const EXACT_COUNT_FACTOR = 2;
const FINEST_H3_RESOLUTION = 15;

/** The cells of each (feature, resolution), generated once and kept for the answer. */
export class PolyfillCells {
  readonly #cells = new Map<string, string[]>();
  constructor(
    readonly plan: readonly PlannedFeature[],
    readonly containment: Containment,
  ) {}

  of(feature: number, res: number): string[] {
    const key = `${feature}:${res}`;
    let cells = this.#cells.get(key);
    if (!cells) {
      cells = polyfill((this.plan[feature] as PlannedFeature).parts, res, this.containment);
      this.#cells.set(key, cells);
    }
    return cells;
  }

  /** The true total over `resolutions` if it is within `cap`; undefined as soon as it passes it. */
  countWithin(resolutions: readonly number[], cap: number): number | undefined {
    let total = 0;
    for (const res of resolutions)
      for (let i = 0; i < this.plan.length; i++) {
        total += this.of(i, res).length;
        if (total > cap) return undefined;
      }
    return total;
  }

  /** Whether the job truly fits: by the estimate when it can tell, else by counting (bounded). */
  fits(resolutions: readonly number[], cap: number): boolean {
    let estimate = 0;
    for (const res of resolutions) estimate += totalEstimate(this.plan, res, this.containment);
    if (estimate <= cap) return true;
    if (estimate > EXACT_COUNT_FACTOR * cap) return false;
    return this.countWithin(resolutions, cap) !== undefined;
  }

  /** The finest single resolution whose true count fits: proven by the estimate, then finer ones counted. */
  finestResolutionWithin(cap: number): number | null {
    let best = finestResolutionWithin(this.plan, this.containment, cap);
    for (let res = (best ?? -1) + 1; res <= FINEST_H3_RESOLUTION; res++) {
      if (!this.fits([res], cap)) break;
      best = res;
    }
    return best;
  }
}
