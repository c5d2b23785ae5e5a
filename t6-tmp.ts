import fc from "fast-check";
import { planarBuffer } from "./service/geo/geometry/planar-buffer.ts";

type XY = [number, number];
function segDist(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}
function inRings(rings: XY[][], p: XY) {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}
const r = fc.check(
  fc.property(
    fc.array(
      fc.tuple(
        fc.double({ min: -1500, max: 1500, noNaN: true }),
        fc.double({ min: -1500, max: 1500, noNaN: true }),
      ),
      { minLength: 2, maxLength: 10 },
    ),
    fc.double({ min: 10, max: 600, noNaN: true }),
    fc.array(
      fc.tuple(
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
      ),
      { minLength: 40, maxLength: 40 },
    ),
    (line, d, pts) => {
      const path = line as XY[];
      const out = planarBuffer({ points: [], paths: [path], polygons: [] }, d, 8).polygons;
      for (const p of pts as XY[]) {
        const dist = Math.min(
          ...path.map((q, i) =>
            i === 0 ? Math.hypot(p[0] - q[0], p[1] - q[1]) : segDist(p, path[i - 1] as XY, q),
          ),
        );
        const inside = out.some((poly) => inRings(poly, p));
        if (dist < d * 0.995 && !inside) throw new Error(`missing ${p} dist ${dist} d ${d}`);
        if (dist > d + 1e-6 && inside) throw new Error(`extra ${p} dist ${dist} d ${d}`);
      }
    },
  ),
  { numRuns: 200, endOnFailure: true, seed: 13 },
);
console.log(
  r.failed,
  r.counterexample ? JSON.stringify(r.counterexample).slice(0, 1500) : "",
  r.errorInstance?.message,
);
