// Raw offset curves in the buffer plane. Each curve is one closed ring whose non-zero-winding
// region is exactly the buffer it stands for: every piece of the curve moves to its right as the
// distance grows from 0 (round arcs where the path turns away, through-the-vertex connectors or
// the offset lines' crossing where it turns in), so winding only ever increases and is ≥ 1
// exactly within the distance. polyclip-ts then resolves the self-crossings.
//   circle         disk about a point
//   doubledPath    buffer of a polyline (out along the right side, back along the left, round caps)
//   ringOffset     a polygon's shell grown outward (its right side when counter-clockwise)
// Arcs are split evenly into pieces of at most π/(2·steps), vertices on the circle, so a chord
// cuts inside the circle by at most d·(1 − cos(π/(4·steps))).
export type XY = [number, number];

function arc(out: XY[], c: XY, d: number, a0: number, a1: number, maxStep: number): void {
  const n = Math.ceil((a1 - a0) / maxStep - 1e-9);
  for (let k = 1; k < n; k++) {
    const a = a0 + ((a1 - a0) * k) / n;
    out.push([c[0] + d * Math.cos(a), c[1] + d * Math.sin(a)]);
  }
}

export function circle(c: XY, d: number, steps: number): XY[] {
  const n = 4 * steps;
  const ring: XY[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    ring.push([c[0] + d * Math.cos(a), c[1] + d * Math.sin(a)]);
  }
  ring.push(ring[0] as XY);
  return ring;
}

/** Crossing of segments p→q and r→s as the parameter along p→q, or null. */
function crossing(p: XY, q: XY, r: XY, s: XY): number | null {
  const ux = q[0] - p[0];
  const uy = q[1] - p[1];
  const vx = s[0] - r[0];
  const vy = s[1] - r[1];
  const den = ux * vy - uy * vx;
  if (den === 0) return null;
  const wx = r[0] - p[0];
  const wy = r[1] - p[1];
  const t = (wx * vy - wy * vx) / den;
  const u = (wx * uy - wy * ux) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/**
 * The right-hand offset of a path with joins (closed: the last join wraps to the first segment).
 * Open paths end with the last segment's offset end; the caller adds the cap.
 */
function rightOffset(pts: XY[], d: number, maxStep: number, closed: boolean, out: XY[]): void {
  const m = pts.length - 1;
  const starts: XY[] = [];
  const ends: XY[] = [];
  const normals: number[] = [];
  for (let i = 0; i < m; i++) {
    const [ax, ay] = pts[i] as XY;
    const [bx, by] = pts[i + 1] as XY;
    const len = Math.hypot(bx - ax, by - ay);
    const nx = (by - ay) / len;
    const ny = -(bx - ax) / len;
    starts.push([ax + d * nx, ay + d * ny]);
    ends.push([bx + d * nx, by + d * ny]);
    normals.push(Math.atan2(ny, nx));
  }
  // join i sits between segment i and segment i + 1 (mod m when closed)
  const joins: XY[][] = [];
  for (let i = 0; i < (closed ? m : m - 1); i++) {
    const j = (i + 1) % m;
    const a = pts[i] as XY;
    const b = pts[i + 1] as XY;
    const c = pts[j + 1] as XY;
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    const dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]);
    if (cross > 0 || (cross === 0 && dot < 0)) {
      const a0 = normals[i] as number;
      let a1 = normals[j] as number;
      while (a1 <= a0) a1 += 2 * Math.PI;
      const pts2: XY[] = [];
      arc(pts2, b, d, a0, a1, maxStep);
      joins.push(pts2);
    } else if (cross === 0) {
      joins.push([]);
    } else {
      const t = crossing(starts[i] as XY, ends[i] as XY, starts[j] as XY, ends[j] as XY);
      if (t !== null && !(closed && j === 0)) {
        const s = starts[i] as XY;
        const e = ends[i] as XY;
        const x: XY = [s[0] + t * (e[0] - s[0]), s[1] + t * (e[1] - s[1])];
        ends[i] = x;
        starts[j] = x;
        joins.push([]);
      } else {
        joins.push([b]);
      }
    }
  }
  for (let i = 0; i < m; i++) {
    if (i === 0 || joins[i - 1]?.length !== 0 || !sameXY(starts[i] as XY, ends[i - 1] as XY))
      out.push(starts[i] as XY);
    out.push(ends[i] as XY);
    const join = joins[i];
    if (join) out.push(...join);
  }
}

const sameXY = (p: XY, q: XY) => p[0] === q[0] && p[1] === q[1];

/** Drops consecutive repeated points. */
export function dedupe(pts: XY[]): XY[] {
  const out: XY[] = [];
  for (const p of pts) if (out.length === 0 || !sameXY(p, out[out.length - 1] as XY)) out.push(p);
  return out;
}

/** Buffer of a polyline (a closed ring counts as a polyline from its first position back to it). */
export function doubledPath(path: XY[], d: number, steps: number): XY[] {
  const pts = dedupe(path);
  const first = pts[0] as XY;
  if (pts.length < 2) return circle(first, d, steps);
  const maxStep = Math.PI / (2 * steps);
  const out: XY[] = [];
  const capAt = (back: XY[]) => {
    const end = back[back.length - 1] as XY;
    const prev = back[back.length - 2] as XY;
    const a0 = Math.atan2(-(end[0] - prev[0]), end[1] - prev[1]);
    arc(out, end, d, a0, a0 + Math.PI, maxStep);
  };
  rightOffset(pts, d, maxStep, false, out);
  capAt(pts);
  const back = [...pts].reverse();
  rightOffset(back, d, maxStep, false, out);
  capAt(back);
  out.push(out[0] as XY);
  return out;
}

/**
 * The closed right-hand offset of a closed ring: outward for a counter-clockwise ring, whose
 * interior it then winds around too (with its band), as GEOS's own buffer draws a shell.
 */
export function ringOffset(ring: XY[], d: number, steps: number): XY[] {
  const out: XY[] = [];
  rightOffset(dedupe(ring), d, Math.PI / (2 * steps), true, out);
  out.push(out[0] as XY);
  return out;
}

/** Twice the signed area (positive counter-clockwise). */
export function signedArea2(ring: XY[]): number {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const p = ring[i] as XY;
    const q = ring[i + 1] as XY;
    s += p[0] * q[1] - q[0] * p[1];
  }
  return s;
}
