// Polygon boolean operations through GEOS OverlayNG (geos.ts). Operands GEOS finds invalid (a
// self-crossing ring, overlapping parts of one MultiPolygon) are first made valid the GEOS way
// (`structure`: parts unioned, holes subtracted) and the answer says so. An operation that fails in
// floating point (a GEOS topology exception) is retried with snap-rounding to grids of 1e-15,
// 1e-12, 1e-9 of the coordinate magnitude; when every attempt fails the request is refused with
// clipping_failed (422, nothing charged). GEOS's results are valid polygons (OGC rules), with
// counter-clockwise exteriors and clockwise holes.
import { Refusal } from "../refusal.ts";
import { binary, GeosError, isValid, makeValid, unionAll } from "./geos.ts";

export type Ring = [number, number][];
export type Poly = Ring[];
export type MultiPoly = Poly[];
export type ClipOp = "union" | "intersection" | "difference";

/** Snap-rounding grids tried after floating point, relative to the largest coordinate magnitude. */
const RELATIVE_GRIDS = [1e-15, 1e-12, 1e-9] as const;

export interface ClipResult {
  polygons: MultiPoly;
  /** Snap-rounding grid that succeeded, in coordinate units; null for floating point. */
  snapped: number | null;
  /** True when an operand was invalid and was made valid first. */
  repaired: boolean;
}

function magnitude(geoms: readonly MultiPoly[]): number {
  let m = 1;
  for (const g of geoms)
    for (const poly of g)
      for (const ring of poly) for (const p of ring) m = Math.max(m, Math.abs(p[0]), Math.abs(p[1]));
  return m;
}

function run(op: ClipOp, operands: MultiPoly[], grid: number): MultiPoly {
  if (op === "union") return unionAll(operands, grid);
  const [first, ...rest] = operands as [MultiPoly, ...MultiPoly[]];
  if (op === "difference") {
    if (rest.length === 0) return unionAll([first], grid);
    const others = rest.length === 1 ? (rest[0] as MultiPoly) : unionAll(rest, grid);
    return binary("difference", first, others, grid);
  }
  let acc = first;
  for (const other of rest) {
    if (acc.length === 0) return [];
    acc = binary("intersection", acc, other, grid);
  }
  return acc;
}

/**
 * Runs one operation: union or intersection of all operands, or the first minus all the others.
 * Operands are MultiPolygons; each operand is read as the union of its valid parts.
 */
export function clip(op: ClipOp, subject: MultiPoly, ...others: MultiPoly[]): ClipResult {
  let repaired = false;
  const operands = [subject, ...others].map((mp) => {
    if (mp.length === 0 || isValid(mp)) return mp;
    repaired = true;
    return makeValid(mp);
  });
  const attempts: string[] = [];
  const attempt = (grid: number): MultiPoly | null => {
    try {
      return run(op, operands, grid);
    } catch (err) {
      if (!(err instanceof GeosError)) throw err;
      attempts.push(`${grid || "floating"}: ${err.message.slice(0, 120)}`);
      return null;
    }
  };
  const floating = attempt(0);
  if (floating) return { polygons: floating, snapped: null, repaired };
  const scale = magnitude(operands);
  for (const rel of RELATIVE_GRIDS) {
    const r = attempt(rel * scale);
    if (r) return { polygons: r, snapped: rel * scale, repaired };
  }
  throw new Refusal("clipping_failed", { field: "geojson", path: "$.geojson", attempts });
}
