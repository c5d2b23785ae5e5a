// Exact planar predicates on (x, y) pairs. Every topological decision in the GeoJSON checks goes
// through these, so no crossing or touch is missed or invented by floating-point rounding.
import { orient2d } from "robust-predicates";

/**
 * Exact orientation of c relative to the directed line a→b: > 0 when c is to the left
 * (a, b, c counterclockwise in a y-up plane), < 0 to the right, 0 when collinear.
 * robust-predicates returns the opposite sign convention (y-down), hence the negation.
 */
export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const o = -orient2d(ax, ay, bx, by, cx, cy);
  return o > 0 ? 1 : o < 0 ? -1 : 0;
}

/** Lexicographic (x, then y) comparison of two points: the sweep's event order. */
export function comparePoints(ax: number, ay: number, bx: number, by: number): number {
  return ax < bx ? -1 : ax > bx ? 1 : ay < by ? -1 : ay > by ? 1 : 0;
}

/** True when the closed segments a–b and c–d share at least one point (exact). */
export function segmentsIntersect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  if (o1 !== 0 && o1 === o2) return false;
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o3 !== 0 && o3 === o4) return false;
  if (o1 === 0 && o2 === 0) {
    // Collinear: they meet when their extents overlap on both axes.
    return (
      Math.max(Math.min(ax, bx), Math.min(cx, dx)) <= Math.min(Math.max(ax, bx), Math.max(cx, dx)) &&
      Math.max(Math.min(ay, by), Math.min(cy, dy)) <= Math.min(Math.max(ay, by), Math.max(cy, dy))
    );
  }
  return true;
}
