// Which side of a ring's boundary a direction leaves a boundary point towards, exactly.
// Used where two rings meet at a point: whether they cross there, and which ring is inside.
import { orient } from "./predicates.ts";
import type { WorkingRing } from "./working-ring.ts";

/** Where a point sits on a ring: at vertex `index`, or inside segment `index` (vertex index → index + 1). */
export interface BoundaryLocation {
  kind: "vertex" | "segment";
  index: number;
}

/**
 * +1 when the direction from P towards (dx, dy) enters the ring's interior, -1 when it leaves
 * into the exterior, 0 when it runs along the boundary. `orientation` is the ring's (+1 CCW).
 */
export function sideAt(
  ring: WorkingRing,
  orientation: number,
  at: BoundaryLocation,
  px: number,
  py: number,
  dx: number,
  dy: number,
): number {
  const { n, xs, ys } = ring;
  if (at.kind === "segment") {
    const b = (at.index + 1) % n;
    const o = orient(
      xs[at.index] as number,
      ys[at.index] as number,
      xs[b] as number,
      ys[b] as number,
      dx,
      dy,
    );
    return o * orientation;
  }
  let u = (at.index + n - 1) % n;
  let w = (at.index + 1) % n;
  if (orientation < 0) [u, w] = [w, u]; // now the interior lies to the left of u → P → w
  const ux = xs[u] as number;
  const uy = ys[u] as number;
  const wx = xs[w] as number;
  const wy = ys[w] as number;
  const l1 = orient(ux, uy, px, py, dx, dy);
  const l2 = orient(px, py, wx, wy, dx, dy);
  if ((l1 === 0 && sameRay(px, py, ux, uy, dx, dy)) || (l2 === 0 && sameRay(px, py, wx, wy, dx, dy)))
    return 0;
  const convex = orient(ux, uy, px, py, wx, wy) > 0;
  const inside = convex ? l1 > 0 && l2 > 0 : l1 > 0 || l2 > 0;
  return inside ? 1 : -1;
}

/** For a point d collinear with P and a: true when d lies on the ray from P through a. */
function sameRay(px: number, py: number, ax: number, ay: number, dx: number, dy: number): boolean {
  if (ax !== px) return ax < px === dx < px && dx !== px;
  return ay < py === dy < py && dy !== py;
}
