import * as pc from "polyclip-ts";
const orig = { union: pc.union, difference: pc.difference, intersection: pc.intersection };
import { buffer } from "./service/geo/geometry/buffer.ts";
const which = process.argv[2];
const t0 = performance.now();
if (which === "1") {
  const r = buffer({ geojson: {"type":"Polygon","coordinates":[[[180,19.99999999999994],[180,-6.456666516055075e-275],[179.99,-9.438914411601382e-236],[179.99,-2.6403460938274514e-164],[180,19.99999999999994]]]}, distance: -3.6378702048034797e-37, steps: 3 });
  console.log(performance.now() - t0, r.notes, r.empty);
} else {
  const r = buffer({ geojson: { type: "LineString", coordinates: Array.from({ length: Number(process.argv[3]) }, (_, i) => [(i % 2 ? 20 : -20) + i * 1e-4, i % 4 < 2 ? -60 : 60]) }, distance: 1 });
  console.log("zigzag long edges", performance.now() - t0, r.notes);
}
if (which === "3") {
  const { localPlane } = await import("./service/geo/geometry/local-plane.ts");
  const { planeToLonLat } = await import("./service/geo/geometry/plane-to-lonlat.ts");
  const P = localPlane(179.995, 10);
  const ring: [number, number][] = [[179.99, 20], [180, 20], [180, 0], [179.99, 0], [179.99, 20]].map(([x, y]) => P.forward(x!, y!));
  for (const tol of [1e-6, 1e-3, 1, 100]) { const t = performance.now(); const out = planeToLonLat(P, [[ring]], tol, "$"); console.log(tol, out.flat(2).length, (performance.now() - t).toFixed(0), "ms"); }
}
