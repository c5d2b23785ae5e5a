// Straight lon/lat edges (RFC 7946) followed in a local plane: each edge is halved until the
// plane chord lies within a tolerance of the mapped lon/lat line (an edge over 180° runs the long
// way, as sent), within a budget of inserted points.
import type { Position } from "./geojson-input.ts";
import type { LocalPlane } from "./local-plane.ts";
import type { XY } from "./offset-curves.ts";

const MAX_DEPTH = 10;

/** Following state: the plane, the tolerance (m) and how many more points may be inserted. */
export interface Follow {
  plane: LocalPlane;
  tol: number;
  left: number;
}

/** Follows a straight lon/lat edge in the plane (as sent: an edge over 180° runs the long way). */
function edgeInPlane(f: Follow, a: Position, b: Position, pa: XY, pb: XY, depth: number, out: XY[]): void {
  if (depth >= MAX_DEPTH || f.left < 0) return;
  const m: Position = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const pm = f.plane.forward(m[0], m[1]);
  if (Math.hypot(pm[0] - (pa[0] + pb[0]) / 2, pm[1] - (pa[1] + pb[1]) / 2) <= f.tol) return;
  f.left--;
  edgeInPlane(f, a, m, pa, pm, depth + 1, out);
  out.push(pm);
  edgeInPlane(f, m, b, pm, pb, depth + 1, out);
}

export function pathInPlane(f: Follow, path: Position[]): XY[] {
  const pts = path.map((p) => f.plane.forward(p[0], p[1]));
  const out: XY[] = [pts[0] as XY];
  for (let i = 0; i + 1 < path.length; i++) {
    edgeInPlane(f, path[i] as Position, path[i + 1] as Position, pts[i] as XY, pts[i + 1] as XY, 0, out);
    out.push(pts[i + 1] as XY);
  }
  return out;
}
