import { readFileSync } from "node:fs";
import { buffer } from "./service/geo/geometry/buffer.ts";

const gj = JSON.parse(
  readFileSync(
    "/work/shared/data/census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson",
    "utf8",
  ),
);
const rings: number[][][] = [];
for (const f of gj.features) {
  const g = f.geometry;
  const polys = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  for (const p of polys) rings.push(p[0]);
}
rings.sort((a, b) => Math.abs(a.length - 1990) - Math.abs(b.length - 1990));
for (const ring of rings.slice(0, 2))
  for (const d of [100, 1000, 10000]) {
    const t0 = performance.now();
    const r = buffer({ geojson: { type: "Polygon", coordinates: [ring] }, distance: d });
    console.log(ring.length, d, (performance.now() - t0).toFixed(0), "ms", r.notes);
  }
