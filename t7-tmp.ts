import geographiclib from "geographiclib-geodesic";
import { signedRingArea } from "./service/geo/geometry/ellipsoidal-area.ts";

const { Geodesic } = geographiclib;
function geodesicArea(ring: number[][]) {
  const p = Geodesic.WGS84.Polygon(false);
  for (const q of ring.slice(0, -1)) p.AddPoint(q[1]!, q[0]!);
  return Math.abs(p.Compute(false, true).area!);
}
let seed = 5;
const rnd = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
for (const R of [50, 100, 150, 300]) {
  const row = [];
  for (const lat of [0, 45, 60, 70, 80, 85]) {
    let worst = 0;
    for (let t = 0; t < 200; t++) {
      const n = 5 + Math.floor(rnd() * 25);
      const ring: number[][] = [];
      for (let i = 0; i < n; i++) {
        const a = (2 * Math.PI * i) / n;
        const r = R * (0.1 + 0.9 * rnd());
        ring.push([
          10 + (r * Math.cos(a)) / (111320 * Math.cos((lat * Math.PI) / 180)),
          lat + (r * Math.sin(a)) / 111320,
        ]);
      }
      ring.push(ring[0]!);
      worst = Math.max(worst, Math.abs(Math.abs(signedRingArea(ring)) / geodesicArea(ring) - 1));
    }
    row.push((worst * 100).toExponential(1));
  }
  console.log(R, row.join(" "));
}
