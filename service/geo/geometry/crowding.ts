// How crowded a buffer's raw curves will be: the number of pairs of input segments (points count as
// segments of length 0) whose bounding boxes, grown by the distance, overlap. Offset curves cross
// only where their segments come within 2·d of each other, so this bounds the crossings GEOS must
// node. Counted by a sweep along x that stops as soon as the count passes the limit.
import type { XY } from "./offset-curves.ts";

/** True when more than `limit` pairs of the paths' segments lie within `grow` of each other (by boxes). */
export function crowded(points: XY[], paths: XY[][], grow: number, limit: number): boolean {
  const boxes: number[][] = [];
  for (const p of points) boxes.push([p[0] - grow, p[1] - grow, p[0] + grow, p[1] + grow]);
  for (const path of paths) {
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i] as XY;
      const b = path[i + 1] as XY;
      boxes.push([
        Math.min(a[0], b[0]) - grow,
        Math.min(a[1], b[1]) - grow,
        Math.max(a[0], b[0]) + grow,
        Math.max(a[1], b[1]) + grow,
      ]);
    }
  }
  boxes.sort((p, q) => (p[0] as number) - (q[0] as number));
  let pairs = 0;
  const active: number[][] = [];
  for (const box of boxes) {
    let keep = 0;
    for (const other of active) {
      if ((other[2] as number) < (box[0] as number)) continue;
      active[keep++] = other;
      if ((other[1] as number) <= (box[3] as number) && (other[3] as number) >= (box[1] as number)) {
        if (++pairs > limit) return true;
      }
    }
    active.length = keep;
    active.push(box);
  }
  return false;
}
