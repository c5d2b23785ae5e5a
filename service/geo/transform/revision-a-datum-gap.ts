// Revision A applies no datum shift between WGS 84 and the NAD83 realizations. What that costs is
// computed for the request's own positions, not quoted: where revision B would run Helmert
// transformations only (WGS 84 read as ITRF2020 ↔ NAD83(2011) / PA11 / MA11, no grids needed),
// the note states the largest horizontal displacement those operations give at these positions,
// at revision B's default epoch and at today's epoch. The displacement is the Helmert's linear
// field evaluated once per position for both epochs (four sines and cosines), not a full
// geodetic round trip, so the note costs little next to the projection. Between NAD83 realizations the difference
// comes from NADCON5 grids, which revision A does not load; the note says so instead of a number.
import type { CrsRecord } from "../../../artifacts/format/crs-record.ts";
import type { CrsRegistry } from "./crs-registry.ts";
import { datumNode, planDatumShift } from "./datum-plan.ts";
import { GRS80 } from "./ellipsoid.ts";
import { DEFAULT_EPOCH } from "./transform-request.ts";

const DEG = Math.PI / 180;
const ARCSEC = Math.PI / 648000;

/** The decimal year of an instant (as revision B reads `epoch`). */
function decimalYear(at: Date): number {
  const y = at.getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  return y + (at.getTime() - start) / (Date.UTC(y + 1, 0, 1) - start);
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
  // Each step as its displacement field at both epochs, D(X) = T + (scale − 1)·X + scale·(R − I)·X
  // (linear in the geocentric X; sign −1 for a step run inverse, exact to first order, µm here).
  const fields = steps.flatMap((step) =>
    epochs.map((epoch) => {
      const dt = epoch - step.op.referenceEpoch;
      const o = step.op;
      const sign = step.direction === "forward" ? 1 : -1;
      const scale = 1 + (o.s + o.ds * dt) * 1e-6;
      return {
        sign,
        t: [o.tx + o.dtx * dt, o.ty + o.dty * dt, o.tz + o.dtz * dt],
        r: [(o.rx + o.drx * dt) * ARCSEC, (o.ry + o.dry * dt) * ARCSEC, (o.rz + o.drz * dt) * ARCSEC],
        scale,
      };
    }),
  );
  const worst = new Float64Array(epochs.length);
  const d = new Float64Array(3 * epochs.length);
  for (let i = 0; i < lon.length; i++) {
    const phi = (lat[i] as number) * DEG;
    const lam = (lon[i] as number) * DEG;
    const sp = Math.sin(phi);
    const cp = Math.cos(phi);
    const sl = Math.sin(lam);
    const cl = Math.cos(lam);
    const nu = GRS80.a / Math.sqrt(1 - GRS80.es * sp * sp);
    const x = nu * cp * cl;
    const y = nu * cp * sl;
    const z = nu * (1 - GRS80.es) * sp;
    d.fill(0);
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k] as (typeof fields)[number];
      const [rx, ry, rz] = f.r as [number, number, number];
      const at = 3 * (k % epochs.length);
      const s1 = f.scale - 1;
      d[at] = (d[at] as number) + f.sign * ((f.t[0] as number) + s1 * x + f.scale * (rz * y - ry * z));
      d[at + 1] =
        (d[at + 1] as number) + f.sign * ((f.t[1] as number) + s1 * y + f.scale * (-rz * x + rx * z));
      d[at + 2] =
        (d[at + 2] as number) + f.sign * ((f.t[2] as number) + s1 * z + f.scale * (ry * x - rx * y));
    }
    for (let e = 0; e < epochs.length; e++) {
      const dx = d[3 * e] as number;
      const dy = d[3 * e + 1] as number;
      const dz = d[3 * e + 2] as number;
      const east = -sl * dx + cl * dy;
      const north = -sp * cl * dx - sp * sl * dy + cp * dz;
      worst[e] = Math.max(worst[e] as number, Math.hypot(east, north));
    }
  }
  const byEpoch = epochs.map((epoch, k): [number, number] => [epoch, worst[k] as number]);
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
