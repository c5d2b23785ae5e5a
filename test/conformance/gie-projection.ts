// Runs a gie accept/expect case through the service's projection code: the case's operation is a
// single projection (PROJ string or `+init=epsg:N` resolved through proj.db), optionally inside a
// pipeline whose other steps are geographic (lon/lat degrees, a no-op here).
import type { ProjectionDef } from "../../artifacts/format/crs-record.ts";
import { createProjection, type Projection } from "../../service/geo/transform/projection.ts";
import type { GieCase } from "./gie-reader.ts";
import { parseStep, tokens } from "./proj-string.ts";

export type EpsgResolution =
  | { kind: "geographic" }
  | { kind: "projected"; def: ProjectionDef; unitToMeter: number }
  | { kind: "unsupported"; reason: string };

export interface GieOutcome {
  status: "pass" | "fail" | "skipped";
  /** Distance between our answer and PROJ's expectation, metres (absent when skipped or refused). */
  diffMeters?: number;
  reason?: string;
}

interface Operation {
  projection: Projection;
  /** True when the projection step runs inverse in the pipeline's forward direction. */
  stepInverse: boolean;
}

const M_PER_DEG = 111_320;

function operationOf(op: string, resolve: (code: number) => EpsgResolution): Operation | string {
  const steps = op
    .replace(/^\+?proj=pipeline\b/, "")
    .split(/(?:^|\s)\+?step(?=\s)/)
    .slice(op.includes("pipeline") ? 1 : 0)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  let found: Operation | undefined;
  for (const step of steps) {
    const t = tokens(step);
    const init = t.get("init");
    let def: ProjectionDef | undefined;
    let unitToMeter = 1;
    if (init) {
      const m = /^epsg:(\d+)$/i.exec(init);
      if (!m) return `init ${init}`;
      const r = resolve(Number(m[1]));
      if (r.kind === "unsupported") return r.reason;
      if (r.kind === "geographic") continue;
      def = r.def;
      unitToMeter = r.unitToMeter;
    } else {
      if (t.get("proj") === "unitconvert") return "unitconvert step";
      const parsed = parseStep(step);
      if (parsed.kind === "unsupported") return parsed.reason;
      if (parsed.kind === "geographic") continue;
      def = parsed.def;
      const units = t.get("units");
      if (units !== undefined && units !== "m") return `+units=${units}`;
    }
    if (found) return "more than one projection step";
    try {
      found = { projection: createProjection(def, unitToMeter), stepInverse: t.has("inv") };
    } catch (e) {
      return `construction refused: ${(e as Error).message}`;
    }
  }
  return found ?? "no projection step";
}

function distance(geographicOut: boolean, a: [number, number], b: number[]): number {
  const [bx = Number.NaN, by = Number.NaN] = b;
  if (!geographicOut) return Math.hypot(a[0] - bx, a[1] - by);
  let dl = Math.abs(a[0] - bx);
  if (dl > 180) dl = 360 - dl;
  return Math.hypot(dl * M_PER_DEG * Math.cos((by * Math.PI) / 180), (a[1] - by) * M_PER_DEG);
}

/** Evaluates one case; the comparison uses the case's own tolerance. */
export function evaluateGieCase(c: GieCase, resolve: (code: number) => EpsgResolution): GieOutcome {
  const op = operationOf(c.operation, resolve);
  if (typeof op === "string") return { status: "skipped", reason: op };
  const inverse = op.stepInverse !== (c.direction === "inverse");
  const [u = Number.NaN, v = Number.NaN] = c.accept;
  const run = (p: [number, number], inv: boolean) =>
    inv ? op.projection.inverse(p[0], p[1]) : op.projection.forward(p[0], p[1]);
  const out = run([u, v], inverse);
  if (c.expect === "failure")
    return out === undefined ? { status: "pass" } : { status: "fail", reason: "PROJ refuses, we answer" };
  if (out === undefined) return { status: "fail", reason: "we refuse, PROJ answers" };
  const diffMeters = distance(inverse, out, c.expect);
  if (diffMeters > c.toleranceMeters)
    return { status: "fail", diffMeters, reason: "beyond the case's tolerance" };
  if (c.roundtrip) {
    let p: [number, number] | undefined = [u, v];
    for (let i = 0; i < c.roundtrip.count && p; i++) {
      const q = run(p, inverse);
      p = q ? run(q, !inverse) : undefined;
    }
    if (!p || distance(!inverse, p, c.accept) > c.roundtrip.toleranceMeters) {
      return { status: "fail", diffMeters, reason: "round trip" };
    }
  }
  return { status: "pass", diffMeters };
}
