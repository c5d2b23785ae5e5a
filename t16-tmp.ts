import { buffer } from "./service/geo/geometry/buffer.ts";
for (const n of [100, 400, 2000]) {
  const t0 = performance.now();
  try { buffer({ geojson: { type: "LineString", coordinates: Array.from({ length: n }, (_, i) => [(i % 2 ? 1 : -1) + i * 1e-6, i % 4 < 2 ? -1 : 1]) }, distance: 100 }); console.log(n, "ok", performance.now() - t0); }
  catch (e) { console.log(n, (e as any).code, (e as any).details?.limit, performance.now() - t0); }
}
