import fc from "fast-check";
import { ApiError } from "./service/errors.ts";
import { buffer } from "./service/geo/geometry/buffer.ts";
import { overlay } from "./service/geo/geometry/overlay.ts";
import { centroid } from "./service/geo/geometry/centroid.ts";
const lon = fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constantFrom(-180, 180, 179.99, -179.99, 0));
const lat = fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom(-90, 90, 89.99, -89.99, 0));
const near = (c: [number, number], s: number) => fc.tuple(fc.double({ min: -s, max: s, noNaN: true }), fc.double({ min: -s, max: s, noNaN: true })).map(([a, b]) => [Math.max(-180, Math.min(180, c[0] + a)), Math.max(-90, Math.min(90, c[1] + b))]);
const geom = fc.tuple(lon, lat, fc.constantFrom(0.001, 0.1, 2, 20)).chain(([x, y, s]) => fc.oneof(
  near([x, y], s).map((p) => ({ type: "Point", coordinates: p })),
  fc.array(near([x, y], s), { minLength: 2, maxLength: 6 }).map((c) => ({ type: "LineString", coordinates: c })),
  fc.array(near([x, y], s), { minLength: 3, maxLength: 6 }).map((c) => ({ type: "Polygon", coordinates: [[...c, c[0]]] })),
));
let bad = 0, ok = 0, refused = 0; const codes: Record<string, number> = {};
const t0 = performance.now();
for (const [g, d, steps] of fc.sample(fc.tuple(geom, fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 1, -1, 1e6, -1e6)), fc.integer({ min: 1, max: 6 })), { numRuns: Number(process.argv[2] ?? 300), seed: Number(process.argv[3] ?? 1) })) {
  try { const t = performance.now(); buffer({ geojson: g, distance: d, steps }); ok++; const dt = performance.now() - t; if (dt > 3000) console.log("slow", dt.toFixed(0), JSON.stringify(g).slice(0, 200), d, steps); }
  catch (e) { if (e instanceof ApiError) { refused++; codes[e.code] = (codes[e.code] ?? 0) + 1; if (e.code === "clipping_failed") console.log("CF buffer", JSON.stringify(g), d, steps); } else { bad++; console.log("BUG", (e as Error).message.slice(0, 200), JSON.stringify(g), d, steps); } }
}
for (const [a, b] of fc.sample(fc.tuple(geom, geom), { numRuns: 300, seed: 2 })) {
  for (const op of ["union", "intersect", "difference"] as const) {
    try { overlay(op, { geojson: { type: "GeometryCollection", geometries: [a, b] } }); ok++; } catch (e) { if (e instanceof ApiError) { refused++; codes[e.code] = (codes[e.code] ?? 0) + 1; if (e.code === "clipping_failed") console.log("CF", op, JSON.stringify([a, b])); } else { bad++; console.log("BUG overlay", (e as Error).message.slice(0, 200)); } }
  }
  try { centroid({ geojson: { type: "GeometryCollection", geometries: [a, b] } }); ok++; } catch (e) { if (e instanceof ApiError) { refused++; codes[e.code] = (codes[e.code] ?? 0) + 1; } else { bad++; console.log("BUG centroid", (e as Error).message.slice(0, 200)); } }
}
console.log({ ok, refused, bad, codes, ms: (performance.now() - t0).toFixed(0) });
