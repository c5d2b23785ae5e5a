// Revision B: which datum operations take positions from the source datum to the target datum.
// Datums are nodes (the base geographic CRS codes, WGS 84 read as ITRF2020); edges are the NADCON5
// grid operations of one region (usable both ways) and the ITRF2020 → NAD83 Helmert operations.
// The plan for a region is the shortest chain whose grids are all available; when only a chain
// through grids missing here exists, or none at all, positions of that region are refused.
import type { GridOperation, HelmertOperation } from "../../../artifacts/format/crs-record.ts";

export const ITRF2020 = 9990;
export const WGS84 = 4326;

export type Direction = "forward" | "inverse";
export type DatumStep =
  | { kind: "grid"; op: GridOperation; direction: Direction }
  | { kind: "helmert"; op: HelmertOperation; direction: Direction };

export type Plan =
  | { ok: true; steps: DatumStep[] }
  | { ok: false; reason: "grid_not_available"; missingGrids: string[]; operations: number[] }
  | { ok: false; reason: "no_datum_operation" };

/** Datum node of a base geographic CRS: WGS 84 is read as ITRF2020. */
export const datumNode = (baseCode: number): number => (baseCode === WGS84 ? ITRF2020 : baseCode);

interface Edge {
  from: number;
  to: number;
  step: DatumStep;
}

function edges(
  grids: readonly GridOperation[],
  helmerts: readonly HelmertOperation[],
  region: string | null,
): Edge[] {
  const out: Edge[] = [];
  for (const op of grids) {
    if (op.region !== region) continue;
    out.push({ from: op.source, to: op.target, step: { kind: "grid", op, direction: "forward" } });
    out.push({ from: op.target, to: op.source, step: { kind: "grid", op, direction: "inverse" } });
  }
  for (const op of helmerts) {
    out.push({ from: op.source, to: op.target, step: { kind: "helmert", op, direction: "forward" } });
    out.push({ from: op.target, to: op.source, step: { kind: "helmert", op, direction: "inverse" } });
  }
  return out.sort((a, b) => a.step.op.code - b.step.op.code || (a.step.direction === "forward" ? -1 : 1));
}

/** Breadth-first: the chain with fewest steps (ties broken by lower EPSG operation codes). */
function shortest(all: Edge[], from: number, to: number): DatumStep[] | undefined {
  const prev = new Map<number, Edge | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift() as number;
    if (node === to) break;
    for (const e of all) {
      if (e.from !== node || prev.has(e.to)) continue;
      prev.set(e.to, e);
      queue.push(e.to);
    }
  }
  if (!prev.has(to)) return undefined;
  const steps: DatumStep[] = [];
  for (let e = prev.get(to); e; e = prev.get(e.from)) steps.unshift(e.step);
  return steps;
}

/** The plan for positions of `region` (null: outside every grid region, Helmert only). */
export function planDatumShift(
  grids: readonly GridOperation[],
  helmerts: readonly HelmertOperation[],
  available: (grid: string) => boolean,
  region: string | null,
  source: number,
  target: number,
): Plan {
  const all = edges(grids, helmerts, region);
  const usable = all.filter((e) => e.step.kind === "helmert" || available(e.step.op.grid));
  const steps = shortest(usable, source, target);
  if (steps) return { ok: true, steps };
  const blocked = shortest(all, source, target);
  if (!blocked) return { ok: false, reason: "no_datum_operation" };
  const missing = blocked.filter(
    (s): s is Extract<DatumStep, { kind: "grid" }> => s.kind === "grid" && !available(s.op.grid),
  );
  return {
    ok: false,
    reason: "grid_not_available",
    missingGrids: missing.map((s) => s.op.grid),
    operations: missing.map((s) => s.op.code),
  };
}
