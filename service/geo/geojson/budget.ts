// The self-intersection budget: a hard cap on segment-pair comparisons per request.
// Every pair of segments the checks look at costs one unit, whether the pair is met in the
// sweep's ordered search, as a neighbour test, or as a candidate of the spatial index; every
// edge of a point-in-ring test costs one unit too. The total spent never exceeds the limit.

/** Segment-pair comparisons per request (the routes' published selfIntersectionBudget limit). */
export const SELF_INTERSECTION_BUDGET = 2_000_000;

/** Thrown inside a check when its next comparison does not fit; the check is then reported as skipped. */
export class BudgetExhausted extends Error {
  constructor() {
    super("self-intersection budget exhausted");
    this.name = "BudgetExhausted";
  }
}

export class ComparisonBudget {
  readonly limit: number;
  #spent = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  get spent(): number {
    return this.#spent;
  }

  get remaining(): number {
    return this.limit - this.#spent;
  }

  /** Spends n comparisons, or throws BudgetExhausted (spending nothing) when they do not fit. */
  take(n = 1): void {
    if (this.#spent + n > this.limit) throw new BudgetExhausted();
    this.#spent += n;
  }
}
