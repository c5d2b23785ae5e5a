// Typical calls against the engine underneath, in one process (issue 32 item 6): each row runs
// geo402's kernel and its peer on the same input in paired rounds, interleaved (the order flips
// each round), and reports CPU time per call (process.cpuUsage) and the median of the per-round
// ratios, so load from other processes hits both sides alike.
//   buffer: the route's kernel vs GEOS's own buffer (GEOSBuffer, same quadrant segments, in the
//   same local plane and mapped back) and turf.buffer, from 100 positions to the worst legal case;
//   area: the default answer (GeoJSON read + lon/lat edge model) vs turf.area, 100 and 100k positions;
//   polyfill: the route's work (read, self-crossing check, plan, bounds, cells) vs h3-js
//   polygonToCellsExperimental on the same ring, small to large jobs.
import path from "node:path";
import * as turf from "@turf/turf";
import { POLYGON_TO_CELLS_FLAGS, polygonToCellsExperimental } from "h3-js";
import { area } from "../../service/geo/geometry/area.ts";
import { buffer } from "../../service/geo/geometry/buffer.ts";
import { polygonArea } from "../../service/geo/geometry/ellipsoidal-area.ts";
import { readGeoJson } from "../../service/geo/geometry/geojson-input.ts";
import { polyfill } from "../../service/geo/h3/polyfill.ts";
import { readPolyfillFeatures } from "../../service/geo/h3/polyfill-input.ts";
import { coarselyWithin, featureEstimate, planFeatures } from "../../service/geo/h3/polyfill-plan.ts";
import { geosBuffer, sawtooth, stateOutline } from "./_geometry-worst.ts";
import { random } from "./_random.ts";

/** Paired rounds per row (BENCH_ROUNDS to shorten a run on a shared machine). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");

const cpuMsPerCall = (fn: () => unknown, calls: number): number => {
  const c = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000 / calls;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

/** Median CPU ms per call of each side and the median per-round ratio (ours / peer). */
function paired(
  ours: () => unknown,
  peer: () => unknown,
  rounds = ROUNDS,
): { ours: number; peer: number; ratio: number } {
  // warm both sides up (JIT, caches) for up to 200 calls or 1 s of CPU each
  for (const fn of [ours, peer]) {
    const c = process.cpuUsage();
    for (let i = 0; i < 200; i++) {
      fn();
      const u = process.cpuUsage(c);
      if (u.user + u.system > 1_000_000) break;
    }
  }
  // calls per round: enough for about 20 ms of the slower side
  const probe = Math.max(cpuMsPerCall(ours, 3), cpuMsPerCall(peer, 3), 1e-3);
  const calls = Math.max(1, Math.round(20 / probe));
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let x: number;
    let y: number;
    if (r % 2 === 0) {
      x = cpuMsPerCall(ours, calls);
      y = cpuMsPerCall(peer, calls);
    } else {
      y = cpuMsPerCall(peer, calls);
      x = cpuMsPerCall(ours, calls);
    }
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  return { ours: median(a), peer: median(b), ratio: median(ratios) };
}

const ms = (x: number) => (x < 0.1 ? x.toPrecision(2) : x.toFixed(2));

/** A closed, simple ring of n positions (n − 1 distinct) about (lon, lat), radius in degrees. */
function ring(n: number, lon: number, lat: number, radius: number, seed: number): number[][] {
  const rnd = random(seed);
  const out: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    const r = radius * (0.8 + 0.15 * Math.sin(7 * a) + 0.05 * rnd());
    out.push([lon + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  out.push([...(out[0] as number[])]);
  return out;
}

console.log("### Buffer vs GEOS GEOSBuffer and turf.buffer (CPU ms per call, paired rounds)\n");
console.log("| input | geo402 | GEOS | ratio to GEOS (goal) | turf | ratio to turf |");
console.log("|---|---|---|---|---|---|");
{
  const state = stateOutline(SHARED);
  const polygon = { type: "Polygon", coordinates: [ring(100, -100, 40, 0.05, 100)] };
  const outline = { type: "Polygon", coordinates: state.rings };
  const saw = { type: "LineString", coordinates: sawtooth(2000, -100, 40).slice(0, 1999) };
  const rows: [string, { type: string; coordinates: unknown }, number, number, string, boolean][] = [
    ["100-position polygon, 1 km", polygon, 1000, 24, "≤ 3", true],
    [`${state.name} outline (${state.n} positions), 10 km`, outline, 10_000, 24, "≤ 3", false],
    [`${state.name} outline, −10 km`, outline, -10_000, 24, "≤ 3", false],
    ["worst legal case: 1,999-position sawtooth line, 1 km, steps 128", saw, 1000, 128, "≤ 1", false],
  ];
  for (const [name, g, distance, steps, goal, withTurf] of rows) {
    const ours = () => buffer({ geojson: g, distance, steps });
    const slow = Math.abs(distance) > 1000 || steps > 24;
    const vsGeos = paired(ours, () => geosBuffer(g, distance, steps), slow ? Math.min(ROUNDS, 5) : ROUNDS);
    const vsTurf = withTurf
      ? paired(ours, () =>
          turf.buffer(g as Parameters<typeof turf.buffer>[0], distance / 1000, {
            units: "kilometers",
            steps,
          }),
        )
      : null;
    console.log(
      `| ${name} | ${ms(vsGeos.ours)} | ${ms(vsGeos.peer)} | ${vsGeos.ratio.toFixed(2)} (${goal}) | ${vsTurf ? ms(vsTurf.peer) : "–"} | ${vsTurf ? vsTurf.ratio.toFixed(2) : "–"} |`,
    );
  }
}

console.log("\n### Area, default answer vs turf.area (CPU ms per call, paired rounds)\n");
console.log("| input | geo402 | turf.area | ratio (goal ≤ 10) |");
console.log("|---|---|---|---|");
for (const n of [100, 100_000]) {
  const geojson = { type: "Polygon", coordinates: [ring(n, -100, 40, 0.5, n)] };
  const feature = turf.polygon(geojson.coordinates);
  const r = paired(
    () => area({ geojson }),
    () => turf.area(feature),
  );
  console.log(
    `| polygon of ${n.toLocaleString("en")} positions | ${ms(r.ours)} | ${ms(r.peer)} | ${r.ratio.toFixed(1)} |`,
  );
  // where the answer's time goes: reading the GeoJSON (shared by every geometry route) vs the kernel
  const read = paired(
    () => readGeoJson(geojson, { field: "geojson" }),
    () => turf.area(feature),
  );
  const kernel = paired(
    () => polygonArea(geojson.coordinates as [number, number][][]),
    () => turf.area(feature),
  );
  console.log(
    `| … its GeoJSON read alone | ${ms(read.ours)} | ${ms(read.peer)} | ${read.ratio.toFixed(1)} |`,
  );
  console.log(
    `| … its lon/lat kernel alone | ${ms(kernel.ours)} | ${ms(kernel.peer)} | ${kernel.ratio.toFixed(1)} |`,
  );
}

console.log("\n### Polyfill (center) vs h3-js polygonToCellsExperimental (CPU ms per call, paired rounds)\n");
console.log("| ring | resolution | cells | geo402 | h3-js | ratio (goal ≤ 1.2) |");
console.log("|---|---|---|---|---|---|");
const FLAG = POLYGON_TO_CELLS_FLAGS.containmentCenter;
for (const [n, res] of [
  [10, 9],
  [100, 9],
  [100, 10],
  [100, 11],
  [1000, 11],
  [10_000, 9],
] as const) {
  const rings = [ring(n, 8.5, 47.2, 0.02, n)];
  const geojson = { type: "Polygon", coordinates: rings };
  const cells = polygonToCellsExperimental(rings, res, FLAG, true).length;
  const r = paired(
    () => {
      const [planned] = planFeatures(readPolyfillFeatures(geojson), "geojson");
      if (!planned) throw new Error("no feature");
      // as the route: the tight bound only when the coarse one does not admit the job
      if (!coarselyWithin([planned], [res], "center", 100_000)) featureEstimate(planned, res, "center");
      return polyfill(planned.parts, res, "center");
    },
    () => polygonToCellsExperimental(rings, res, FLAG, true),
  );
  console.log(
    `| ${n.toLocaleString("en")} positions | ${res} | ${cells.toLocaleString("en")} | ${ms(r.ours)} | ${ms(r.peer)} | ${r.ratio.toFixed(2)} |`,
  );
}
