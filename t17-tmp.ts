import { readFileSync } from "node:fs";
import { setPrecision, union } from "polyclip-ts";
import { localPlane } from "./service/geo/geometry/local-plane.ts";
import { outwardRing, signedArea2 } from "./service/geo/geometry/offset-curves.ts";
const gj = JSON.parse(readFileSync("/work/shared/data/census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson", "utf8"));
const rings: number[][][] = [];
for (const f of gj.features) { const g = f.geometry; const polys = g.type === "Polygon" ? [g.coordinates] : g.coordinates; for (const p of polys) rings.push(p[0]); }
rings.sort((a, b) => Math.abs(a.length - 1990) - Math.abs(b.length - 1990));
const ring = rings[0]!;
const P = localPlane(ring[0]![0]!, ring[0]![1]!);
let pl = ring.map(([x, y]) => P.forward(x!, y!)) as [number, number][];
if (signedArea2(pl) < 0) pl = pl.reverse();
const curve = outwardRing(pl, 10000, 24);
console.log("curve", curve.length);
for (const eps of [undefined, 1e-8, 1e-6, 1e-4]) {
  setPrecision(eps); const t0 = performance.now();
  try { union([[curve]] as any); console.log(eps, "ok", (performance.now() - t0).toFixed(0)); } catch (e) { console.log(eps, "fail", (performance.now() - t0).toFixed(0)); }
  setPrecision();
}
