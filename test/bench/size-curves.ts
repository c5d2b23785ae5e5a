// Size curves (issue 32 item 6): CPU ms per call of each route's kernel from 100 positions to the
// route's cap, and the slope of log(time) against log(positions) fitted by least squares: 1 is
// linear, about 1.1 is n log n, 2 quadratic. Rings as typical-calls builds them (simple, about
// 5 km across); union: two such rings overlapping, n/2 positions each; polyfill: a ring of fixed
// size at resolution 9 (about 2,000 cells), so only the positions grow; transform: NAD27 →
// NAD83(2011) through the 4 Alaska NADCON5 grids. CPU time (process.cpuUsage), median of
// BENCH_ROUNDS rounds (default 5) of about 50 ms each.
import { loadavg } from "node:os";
import { validateGeoJSON } from "../../service/geo/geojson/validate.ts";
import { area } from "../../service/geo/geometry/area.ts";
import { buffer } from "../../service/geo/geometry/buffer.ts";
import {
  BUFFER_POSITIONS,
  MEASURE_POSITIONS,
  OVERLAY_POSITIONS,
  SIMPLIFY_POSITIONS,
} from "../../service/geo/geometry/limits.ts";
import { overlay } from "../../service/geo/geometry/overlay.ts";
import { simplify } from "../../service/geo/geometry/simplify.ts";
import { polyfill } from "../../service/geo/h3/polyfill.ts";
import { readPolyfillFeatures } from "../../service/geo/h3/polyfill-input.ts";
import { planFeatures } from "../../service/geo/h3/polyfill-plan.ts";
import { TRANSFORM_POSITIONS } from "../../service/geo/transform/position-walk.ts";
import { runTransform } from "../../service/geo/transform/transform.ts";
import { alaskaPositions, ring, transformDeps } from "./_inputs.ts";
import { type Call, cpuMsPerCall, median, ms, warm } from "./_paired.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The polyfill route's positions cap (service/routes/h3.ts). */
const POLYFILL_POSITIONS = 10_000;
/** validate has no positions cap (its caps are the body's bytes and a comparison budget): 100,000 here. */
const VALIDATE_POSITIONS = 100_000;

/** 100, 300, 1,000, 3,000, … up to the cap, the cap itself last. */
const sizes = (cap: number): number[] => {
  const out: number[] = [];
  for (let n = 100; n < cap; n *= Math.sqrt(10)) out.push(Math.round(n / 100) * 100);
  return [...new Set([...out, cap])];
};

/** Least-squares slope of log(y) on log(x). */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const lx = xs.map(Math.log);
  const ly = ys.map(Math.log);
  const mx = lx.reduce((a, b) => a + b, 0) / lx.length;
  const my = ly.reduce((a, b) => a + b, 0) / ly.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < lx.length; i++) {
    sxy += ((lx[i] as number) - mx) * ((ly[i] as number) - my);
    sxx += ((lx[i] as number) - mx) ** 2;
  }
  return sxy / sxx;
}

const polygon = (n: number) => ({ type: "Polygon", coordinates: [ring(n, -100, 40, 0.05, n)] });
const deps = await transformDeps();
const curves: [string, number, (n: number) => Call][] = [
  [
    "buffer, polygon, 1 km, steps 24",
    BUFFER_POSITIONS.max,
    (n) => {
      const geojson = polygon(n);
      return () => buffer({ geojson, distance: 1000, steps: 24 });
    },
  ],
  [
    "area, default answer",
    MEASURE_POSITIONS.max,
    (n) => {
      const geojson = polygon(n);
      return () => area({ geojson });
    },
  ],
  [
    "union of 2 overlapping polygons",
    OVERLAY_POSITIONS.max,
    (n) => {
      const geojson = {
        type: "FeatureCollection",
        features: [0, 0.03].map((dx, k) => ({
          type: "Feature",
          properties: {},
          geometry: { type: "Polygon", coordinates: [ring(n / 2, -100 + dx, 40, 0.05, n + k)] },
        })),
      };
      return () => overlay("union", { geojson });
    },
  ],
  [
    "polyfill, resolution 9, center",
    POLYFILL_POSITIONS,
    (n) => {
      const geojson = { type: "Polygon", coordinates: [ring(n, 8.5, 47.2, 0.02, n)] };
      return () => {
        const [planned] = planFeatures(readPolyfillFeatures(geojson), "geojson");
        if (!planned) throw new Error("no feature");
        return polyfill(planned.parts, 9, "center");
      };
    },
  ],
  [
    "validate",
    VALIDATE_POSITIONS,
    (n) => {
      const doc = polygon(n);
      return () => validateGeoJSON(doc);
    },
  ],
  [
    "simplify, 10 m",
    SIMPLIFY_POSITIONS.max,
    (n) => {
      const geojson = polygon(n);
      return () => simplify({ geojson, toleranceMeters: 10 });
    },
  ],
  [
    "transform, NAD27 → NAD83(2011), 4 NADCON5 grids",
    TRANSFORM_POSITIONS.max,
    (n) => {
      const coordinates = alaskaPositions(n);
      return () => runTransform({ from: "EPSG:4267", to: "EPSG:6318", coordinates }, deps);
    },
  ],
];

const SECTIONS = process.env.BENCH_SECTIONS?.split(",");
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} (node ${process.version})\n`,
);
console.log("| kernel | positions: CPU ms per call | fitted slope |");
console.log("|---|---|---|");
for (const [name, cap, make] of curves) {
  if (SECTIONS && !SECTIONS.some((s) => name.startsWith(s))) continue;
  const ns = sizes(cap);
  const times: number[] = [];
  for (const n of ns) {
    const call = make(n);
    const calls = Math.max(1, Math.round((await warm(call)) * 2.5));
    const rounds: number[] = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await cpuMsPerCall(call, calls));
    times.push(median(rounds));
  }
  const points = ns.map((n, i) => `${n.toLocaleString("en")}: ${ms(times[i] as number)}`).join(" · ");
  console.log(`| ${name} | ${points} | ${slope(ns, times).toFixed(2)} |`);
}
