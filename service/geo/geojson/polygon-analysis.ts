// Runs the ring and nesting checks of every polygonal geometry of a document under one shared
// comparison budget, cheapest first: each ring's simplicity check is estimated by its worst-case
// cost, each geometry's nesting check by the sum of its rings' plus its own, so a geometry's
// nesting always runs after its rings. A check that does not fit is marked skipped, never clean.
import { BudgetExhausted, type ComparisonBudget } from "./budget.ts";
import type { PolygonalSite, RingSite } from "./document-structure.ts";
import { polygonTopology, type TopologyFinding } from "./polygon-topology.ts";
import { type RelationFacts, relateRings, relationCostBound } from "./ring-relations.ts";
import { checkRingSimple, type SimplicityResult, simplicityCostBound } from "./ring-simplicity.ts";
import { lowestVertex, ringOrientation, type WorkingRing, workingRing } from "./working-ring.ts";

export type RingOutcome = SimplicityResult | { kind: "skipped"; reason: string };

export interface RingAnalysis {
  site: RingSite;
  ring: WorkingRing | undefined;
  outcome: RingOutcome | undefined;
  /** +1 counterclockwise, -1 clockwise, 0 unknown (ring unusable, degenerate or not simple). */
  orientation: number;
}

export type NestingOutcome =
  | { kind: "not_applicable" }
  | { kind: "blocked"; ring: RingSite; reason: string }
  | { kind: "skipped"; reason: string }
  | { kind: "done"; facts: RelationFacts; findings: TopologyFinding[] };

export interface PolygonalAnalysis {
  site: PolygonalSite;
  rings: RingAnalysis[];
  nesting: NestingOutcome;
}

interface Task {
  cost: number;
  kind: number;
  /** Tie-break fixed by geometry (the lowest vertex), so regrouping rings keeps the order. */
  x: number;
  y: number;
  seq: number;
  run: () => void;
}

export function analysePolygons(
  sites: readonly PolygonalSite[],
  budget: ComparisonBudget,
): PolygonalAnalysis[] {
  const tasks: Task[] = [];
  const analyses = sites.map((site) => {
    const rings: RingAnalysis[] = site.rings.map((ringSite) => {
      const ring = ringSite.positions ? workingRing(ringSite.positions) : undefined;
      return { site: ringSite, ring, outcome: undefined, orientation: 0 };
    });
    const analysis: PolygonalAnalysis = { site, rings, nesting: { kind: "not_applicable" } };
    let total = 0;
    for (const r of rings) {
      if (!r.ring) continue;
      const ring = r.ring;
      const cost = simplicityCostBound(ring.n);
      total += cost;
      const low = lowestVertex(ring);
      const [x, y] = [ring.xs[low] as number, ring.ys[low] as number];
      tasks.push({ cost, kind: 0, x, y, seq: tasks.length, run: () => runRing(r, ring, cost, budget) });
    }
    if (rings.length > 1) {
      total += relationCostBound(rings.flatMap((r) => (r.ring ? [{ ring: r.ring, orientation: 0 }] : [])));
      tasks.push({
        cost: total,
        kind: 1,
        x: 0,
        y: 0,
        seq: tasks.length,
        run: () => runNesting(analysis, total, budget),
      });
    }
    return analysis;
  });
  tasks.sort((a, b) => a.cost - b.cost || a.kind - b.kind || a.x - b.x || a.y - b.y || a.seq - b.seq);
  for (const t of tasks) t.run();
  return analyses;
}

function budgetReason(what: string, bound: number, before: number, budget: ComparisonBudget): string {
  return (
    `${what} needs up to ${bound} segment-pair comparisons; ${before} of the ${budget.limit} budget remained ` +
    `when it started (cheaper rings and checks run first)`
  );
}

function runRing(r: RingAnalysis, ring: WorkingRing, bound: number, budget: ComparisonBudget): void {
  const before = budget.remaining;
  try {
    r.outcome = checkRingSimple(ring, budget);
  } catch (e) {
    if (!(e instanceof BudgetExhausted)) throw e;
    r.outcome = {
      kind: "skipped",
      reason: budgetReason(`this ring of ${ring.n} vertices`, bound, before, budget),
    };
  }
  if (r.outcome.kind === "simple" || r.outcome.kind === "skipped") r.orientation = ringOrientation(ring);
}

function runNesting(a: PolygonalAnalysis, bound: number, budget: ComparisonBudget): void {
  for (const r of a.rings) {
    const reason = blockingReason(r);
    if (reason) {
      a.nesting = { kind: "blocked", ring: r.site, reason };
      return;
    }
  }
  const before = budget.remaining;
  try {
    const facts = relateRings(
      a.rings.map((r) => ({ ring: r.ring as WorkingRing, orientation: r.orientation })),
      budget,
    );
    a.nesting = {
      kind: "done",
      facts,
      findings: polygonTopology(
        a.rings.map((r) => r.site),
        facts,
      ),
    };
  } catch (e) {
    if (!(e instanceof BudgetExhausted)) throw e;
    a.nesting = {
      kind: "skipped",
      reason: budgetReason(`nesting of these ${a.rings.length} rings`, bound, before, budget),
    };
  }
}

function blockingReason(r: RingAnalysis): string | undefined {
  const name = r.site.ringIndex === 0 ? "the exterior ring" : `hole ${r.site.ringIndex}`;
  if (!r.ring) return `${name} is not a usable linear ring`;
  switch (r.outcome?.kind) {
    case "simple":
      return undefined;
    case "skipped":
      return `the self-intersection check of ${name} did not fit in the budget`;
    default:
      return `${name} is not a simple ring`;
  }
}
