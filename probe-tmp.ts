import { polygonToCellsExperimental, POLYGON_TO_CELLS_FLAGS } from "h3-js";
import { planFeatures, featureEstimate } from "./service/geo/h3/polyfill-plan.ts";
import { polyfill } from "./service/geo/h3/polyfill.ts";
import { readPolyfillFeatures } from "./service/geo/h3/polyfill-input.ts";
const ring: number[][] = []; for (let i = 0; i < 99; i++) { const a = 2*Math.PI*i/99; ring.push([8.5+0.01*Math.cos(a)*(1+0.2*Math.sin(7*a)), 47.2+0.01*Math.sin(a)]); } ring.push(ring[0]);
const gj = { type: "Polygon", coordinates: [ring] };
const cpu = (f: () => void, n: number) => { const c = process.cpuUsage(); for (let i = 0; i < n; i++) f(); const u = process.cpuUsage(c); return (u.user + u.system) / 1000 / n; };
for (const res of [7, 9, 11]) {
  const steps = {
    read: () => readPolyfillFeatures(gj),
    plan: () => planFeatures(readPolyfillFeatures(gj), "geojson"),
    est: () => { const [p] = planFeatures(readPolyfillFeatures(gj), "geojson"); featureEstimate(p!, res, "center"); },
    ours: () => { const [p] = planFeatures(readPolyfillFeatures(gj), "geojson"); featureEstimate(p!, res, "center"); polyfill(p!.parts, res, "center"); },
    h3: () => polygonToCellsExperimental([ring], res, POLYGON_TO_CELLS_FLAGS.containmentCenter, true),
  };
  const out: Record<string, string> = { cells: String(polygonToCellsExperimental([ring], res, POLYGON_TO_CELLS_FLAGS.containmentCenter, true).length) };
  for (const [k, f] of Object.entries(steps)) { cpu(f, 20); out[k] = cpu(f, 100).toFixed(3); }
  console.log(res, out);
}
const [p0] = planFeatures(readPolyfillFeatures(gj), "geojson");
const t = { plan: 0, est: 0, fill: 0, h3: 0 };
for (let r = 0; r < 30; r++) {
  t.plan += cpu(() => planFeatures(readPolyfillFeatures(gj), "geojson"), 30);
  t.est += cpu(() => featureEstimate(p0!, 9, "center"), 30);
  t.fill += cpu(() => polyfill(p0!.parts, 9, "center"), 30);
  t.h3 += cpu(() => polygonToCellsExperimental([ring], 9, POLYGON_TO_CELLS_FLAGS.containmentCenter, true), 30);
}
console.log(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, (v / 30).toFixed(3)])));
