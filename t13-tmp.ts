import { buffer } from "./service/geo/geometry/buffer.ts";
let t0 = performance.now();
let r = buffer({ geojson: {"type":"Polygon","coordinates":[[[180,19.99999999999994],[180,-6.456666516055075e-275],[179.99,-9.438914411601382e-236],[179.99,-2.6403460938274514e-164],[180,19.99999999999994]]]}, distance: -3.6378702048034797e-37, steps: 3 });
console.log(performance.now() - t0, r.notes, r.empty);
t0 = performance.now();
const ring = Array.from({ length: 1999 }, (_, i) => [-170 + (i % 2) * 0.5 + (i / 1999) * 0.0001, -60 + 120 * Math.sin(i) * 0 + (i % 4 < 2 ? -60 : 60) ]);
r = buffer({ geojson: { type: "LineString", coordinates: Array.from({ length: 2000 }, (_, i) => [(i % 2 ? 20 : -20) + i * 1e-4, i % 4 < 2 ? -60 : 60]) }, distance: 1 });
console.log("zigzag long edges", performance.now() - t0, r.notes);
