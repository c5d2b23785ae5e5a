// Polygon boolean operations through polyclip-ts (a sweep line in exact decimal arithmetic).
// polyclip-ts's snapping precision is a module-wide setting, so every call sets it and restores
// exact mode afterwards. A call that fails to assemble its output rings (a known polyclip-ts
// fault on nearly coincident edges) is retried with snapping at growing tolerances; when every
// attempt fails the request is refused with clipping_failed (422, nothing charged).
import { difference, type Geom, intersection, setPrecision, union } from "polyclip-ts";
import { ApiError } from "../../errors.ts";

export type Ring = [number, number][];
export type Poly = Ring[];
export type MultiPoly = Poly[];
export type ClipOp = "union" | "intersection" | "difference";

const OPS = { union, intersection, difference } as const;

/** Snapping tolerances tried after exact mode, relative to the largest coordinate magnitude. */
const RELATIVE_PRECISIONS = [1e-14, 1e-12, 1e-10, 1e-8] as const;

export interface ClipResult {
  polygons: MultiPoly;
  /** Snapping tolerance that succeeded, in coordinate units; null for exact mode. */
  snapped: number | null;
}

function magnitude(geoms: readonly MultiPoly[]): number {
  let m = 1;
  for (const g of geoms)
    for (const poly of g)
      for (const ring of poly) for (const p of ring) m = Math.max(m, Math.abs(p[0]), Math.abs(p[1]));
  return m;
}

/**
 * Runs one operation: union or intersection of all operands, or the first minus all the others.
 * Operands are MultiPolygons (possibly overlapping parts; self-crossing rings count by the non-zero rule).
 */
export function clip(op: ClipOp, subject: MultiPoly, ...others: MultiPoly[]): ClipResult {
  const attempts: string[] = [];
  const run = (eps: number | undefined): MultiPoly | null => {
    setPrecision(eps);
    try {
      return OPS[op](subject as Geom, ...(others as Geom[])) as MultiPoly;
    } catch (err) {
      attempts.push(`${eps ?? "exact"}: ${(err as Error).message.slice(0, 120)}`);
      return null;
    } finally {
      setPrecision();
    }
  };
  const exact = run(undefined);
  if (exact) return { polygons: exact, snapped: null };
  const scale = magnitude([subject, ...others]);
  for (const rel of RELATIVE_PRECISIONS) {
    const r = run(rel * scale);
    if (r) return { polygons: r, snapped: rel * scale };
  }
  throw new ApiError("clipping_failed", { field: "geojson", path: "$.geojson", attempts });
}
