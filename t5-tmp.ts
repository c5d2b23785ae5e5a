import fc from "fast-check";
import { planarBuffer } from "./service/geo/geometry/planar-buffer.ts";

type XY = [number, number];
const starRing = (radii: number[]): XY[] => {
  const ring = radii.map((r, i): XY => {
    const a = (2 * Math.PI * i) / radii.length;
    return [r * Math.cos(a), r * Math.sin(a)];
  });
  ring.push(ring[0] as XY);
  return ring;
};
const which = process.argv[2];
if (which === "star") {
  const s = fc.sample(
    fc.tuple(
      fc.array(fc.double({ min: 300, max: 1500, noNaN: true }), { minLength: 5, maxLength: 14 }),
      fc.double({ min: 20, max: 800, noNaN: true }),
    ),
    { numRuns: 25, seed: 1 },
  );
  for (const [radii, d] of s) {
    const t0 = performance.now();
    const r = planarBuffer({ points: [], paths: [], polygons: [[starRing(radii)]] }, d, 8);
    console.log(radii.length, d.toFixed(1), (performance.now() - t0).toFixed(0), "ms", r.snapped);
  }
} else {
  const s = fc.sample(
    fc.tuple(
      fc.array(
        fc.tuple(
          fc.double({ min: -1500, max: 1500, noNaN: true }),
          fc.double({ min: -1500, max: 1500, noNaN: true }),
        ),
        { minLength: 2, maxLength: 10 },
      ),
      fc.double({ min: 10, max: 600, noNaN: true }),
    ),
    { numRuns: 300, seed: Number(process.argv[3] ?? 1) },
  );
  let worst = 0;
  for (const [line, d] of s) {
    const t0 = performance.now();
    const r = planarBuffer({ points: [], paths: [line as XY[]], polygons: [] }, d, 8);
    const dt = performance.now() - t0;
    if (dt > worst) {
      worst = dt;
      console.log(line.length, d, dt.toFixed(0), "ms", r.snapped, JSON.stringify(line));
    }
  }
}
