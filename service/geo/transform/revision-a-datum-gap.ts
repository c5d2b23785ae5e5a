// Revision A applies no datum shift between WGS 84 and the NAD83 realizations. What that costs is
// computed for the request's own positions, not quoted: where revision B would run Helmert
// transformations only (WGS 84 read as ITRF2020 ↔ NAD83(2011) / PA11 / MA11, no grids needed),
// the note states the largest horizontal displacement those operations give at these positions,
// at revision B's default epoch and at today's epoch. Between NAD83 realizations the difference
// comes from NADCON5 grids, which revision A does not load; the note says so instead of a number.
import type { CrsRecord } from "../../../artifacts/format/crs-record.ts";
import type { CrsRegistry } from "./crs-registry.ts";
import { datumNode, planDatumShift } from "./datum-plan.ts";
import { GRS80 } from "./ellipsoid.ts";
import { helmertGeodetic } from "./helmert.ts";
import { DEFAULT_EPOCH } from "./transform-request.ts";

const DEG = Math.PI / 180;

/** The decimal year of an instant (as revision B reads `epoch`). */
export function decimalYear(at: Date): number {
  const y = at.getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  return y + (at.getTime() - start) / (Date.UTC(y + 1, 0, 1) - start);
}

/** Horizontal distance in metres between two nearby GRS 80 positions (local radii of curvature). */
function metresApart(lon0: number, lat0: number, lon1: number, lat1: number): number {
  const s = Math.sin(lat0 * DEG);
  const w = 1 - GRS80.es * s * s;
  const n = GRS80.a / Math.sqrt(w);
  const m = (n * (1 - GRS80.es)) / w;
  return Math.hypot((lat1 - lat0) * DEG * m, (lon1 - lon0) * DEG * n * Math.cos(lat0 * DEG));
}

export interface DatumGap {
  operations: string[];
  /** [epoch, largest displacement in metres] at the default epoch and at `now`. */
  byEpoch: [number, number][];
}

/** The displacement revision B's Helmert chain would apply to these positions, or undefined when it needs grids. */
export function helmertDatumGap(
  registry: CrsRegistry,
  from: CrsRecord,
  to: CrsRecord,
  lon: Float64Array,
  lat: Float64Array,
  now: number,
): DatumGap | undefined {
  const plan = planDatumShift(
    registry.gridOperations,
    registry.helmertOperations,
    () => false,
    null,
    datumNode(from.base.code),
    datumNode(to.base.code),
  );
  if (!plan.ok || plan.steps.length === 0) return undefined;
  const steps = plan.steps.flatMap((s) => (s.kind === "helmert" ? [s] : []));
  const epochs = [DEFAULT_EPOCH, now];
  const byEpoch = epochs.map((epoch): [number, number] => {
    let worst = 0;
    for (let i = 0; i < lon.length; i++) {
      let x = lon[i] as number;
      let y = lat[i] as number;
      for (const step of steps) [x, y] = helmertGeodetic(step.op, epoch, x, y, 0, step.direction);
      worst = Math.max(worst, metresApart(lon[i] as number, lat[i] as number, x, y));
    }
    return [epoch, worst];
  });
  return { operations: plan.steps.map((s) => `EPSG:${s.op.code}`), byEpoch };
}

/** The revision A note for positions whose base CRSs differ. */
export function revisionADatumNote(from: CrsRecord, to: CrsRecord, gap: DatumGap | undefined): string {
  const head = `Revision A treats WGS 84 and every NAD83 realization as one datum: no datum shift was applied between ${from.base.name} and ${to.base.name}.`;
  if (!gap)
    return `${head} Revision B takes positions between these datums through NADCON5 grids, which revision A does not load, so no figure is computed here.`;
  const parts = gap.byEpoch.map(([epoch, m]) => `${m.toFixed(2)} m at epoch ${epoch.toFixed(2)}`);
  return `${head} At these positions revision B's ${gap.operations.join(" + ")} (WGS 84 read as ITRF2020) moves them by up to ${parts.join(" and ")}.`;
}

/** Today's epoch to 0.01 year (the precision the note prints, so a reader can rerun it in revision B). */
export const currentEpoch = (): number => Math.round(decimalYear(new Date()) * 100) / 100;
