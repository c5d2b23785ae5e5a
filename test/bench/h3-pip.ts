// H3 polyfill and point-in-polygon benchmarks, side by side with the peers a caller would pick:
//   1. our polyfill (plan + upper-bound estimate + cells, sorted) vs raw h3-js
//      polygonToCellsExperimental (same flags) and the classic polygonToCells, same polygons;
//   2. our PIP matrix (prepare + all pairs) vs turf booleanPointInPolygon looped over all
//      pairs, at 10, 1,000 and 10,000 vertices per polygon;
//   3. the 25,000,000 point-vertex worst cases of POST /v1/pip.
// Medians of several runs after a warm-up. Prints markdown tables; asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { booleanPointInPolygon, point as turfPoint, polygon as turfPolygon } from "@turf/turf";
import { POLYGON_TO_CELLS_FLAGS, polygonToCells, polygonToCellsExperimental } from "h3-js";
import type { PolygonRings, Position, Ring } from "../../service/geo/areal-geometry.ts";
import type { Containment } from "../../service/geo/h3/part-cells.ts";
import { polyfill } from "../../service/geo/h3/polyfill.ts";
import { featureEstimate, planFeatures } from "../../service/geo/h3/polyfill-plan.ts";
import { pipMatrix } from "../../service/geo/pip/pip-matrix.ts";
import { preparePolygon } from "../../service/geo/pip/prepared-polygon.ts";
import { random } from "./_random.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/**
 * Median times (ms) of two functions run alternately, so that load from other processes falls
 * on both sides alike: at least `runs` rounds, more for fast cases (about 300 ms in all).
 */
function compare(a: () => unknown, b: () => unknown, runs = RUNS): [number, number] {
  const t = performance.now();
  a();
  b();
  const first = performance.now() - t;
  const n = Math.max(runs, Math.min(200, Math.ceil(300 / Math.max(first, 0.01))));
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [fn, out] of i % 2 === 0
      ? ([
          [a, ta],
          [b, tb],
        ] as const)
      : ([
          [b, tb],
          [a, ta],
        ] as const)) {
      const t0 = performance.now();
      fn();
      out.push(performance.now() - t0);
    }
  }
  const mid = (xs: number[]): number => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
  return [mid(ta), mid(tb)];
}

/** Median time (ms) of one function. */
function median(fn: () => unknown, runs = RUNS): number {
  return compare(fn, () => {}, runs)[0];
}

const ms = (x: number): string => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/** A closed, simple, wiggly ring of n positions around (lon, lat). */
function wigglyRing(n: number, lon: number, lat: number, radius: number, seed: number): Ring {
  const rnd = random(seed);
  const ring: Ring = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    const r = radius * (0.8 + 0.2 * Math.sin(7 * a) + 0.05 * rnd());
    ring.push([lon + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  ring.push([...(ring[0] as Position)]);
  return ring;
}

// ---- 1. polyfill vs raw h3-js -------------------------------------------------------------
const shared = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");
const suite = JSON.parse(
  fs.readFileSync(path.join(shared, "testsuites/h3/polygon_to_cells_counts.json"), "utf8"),
) as {
  cases: { name: string; geojson: { coordinates: PolygonRings } }[];
};
const FLAG: Record<Containment, string> = {
  center: POLYGON_TO_CELLS_FLAGS.containmentCenter,
  full: POLYGON_TO_CELLS_FLAGS.containmentFull,
  overlapping: POLYGON_TO_CELLS_FLAGS.containmentOverlapping,
};

const polyfillCases: { name: string; rings: PolygonRings; res: number; mode: Containment }[] = [];
for (const c of suite.cases) {
  for (const mode of ["center", "full", "overlapping"] as Containment[]) {
    for (const res of [9, 11]) polyfillCases.push({ name: c.name, rings: c.geojson.coordinates, res, mode });
  }
}
const big = [wigglyRing(10_000, 8.5, 47.2, 0.4, 1)];
for (const mode of ["center", "full", "overlapping"] as Containment[])
  polyfillCases.push({ name: "10k-vertex ring", rings: big, res: 8, mode });

console.log("### Polyfill: ours vs raw h3-js on the same polygon (median ms)\n");
console.log(
  "| polygon | res | containment | cells | ours | h3-js experimental | ratio (goal ≤ 1.2) | our plan + bound alone | h3-js classic polygonToCells |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const c of polyfillCases) {
  const feature = {
    id: null,
    geometry: { type: "Polygon" as const, parts: [c.rings], positions: 0 },
    coordinatesPath: "$.geojson.coordinates",
  };
  let cells = 0;
  const [ours, raw] = compare(
    () => {
      const [planned] = planFeatures([feature], "geojson");
      if (!planned) throw new Error("no feature");
      featureEstimate(planned, c.res, c.mode);
      cells = polyfill(planned.parts, c.res, c.mode).length;
    },
    () => polygonToCellsExperimental(c.rings, c.res, FLAG[c.mode], true),
  );
  // What we add before calling h3-js: checking, measuring and bounding the polygon.
  const plan = median(() => {
    const [planned] = planFeatures([feature], "geojson");
    if (planned) featureEstimate(planned, c.res, c.mode);
  });
  const classic = c.mode === "center" ? `${ms(median(() => polygonToCells(c.rings, c.res, true), 3))}` : "–";
  console.log(
    `| ${c.name} | ${c.res} | ${c.mode} | ${cells} | ${ms(ours)} | ${ms(raw)} | ${(ours / raw).toFixed(2)} | ${ms(plan)} | ${classic} |`,
  );
}

// A polygon crossing the antimeridian: we take it cut at ±180 (RFC 7946) as a MultiPolygon;
// h3-js takes it uncut (its transmeridian reading). Same cells, checked in polyfill.test.ts.
const east: PolygonRings = [
  [
    [170, -10],
    [180, -10],
    [180, 10],
    [170, 10],
    [170, -10],
  ],
];
const west: PolygonRings = [
  [
    [-180, -10],
    [-170, -10],
    [-170, 10],
    [-180, 10],
    [-180, -10],
  ],
];
const crossing = [
  [
    [170, -10],
    [-170, -10],
    [-170, 10],
    [170, 10],
    [170, -10],
  ],
];
for (const mode of ["center", "full", "overlapping"] as Containment[]) {
  const feature = {
    id: null,
    geometry: { type: "MultiPolygon" as const, parts: [east, west], positions: 0 },
    coordinatesPath: "$.geojson.coordinates",
  };
  let cells = 0;
  const [ours, raw] = compare(
    () => {
      const [planned] = planFeatures([feature], "geojson");
      if (!planned) throw new Error("no feature");
      featureEstimate(planned, 5, mode);
      cells = polyfill(planned.parts, 5, mode).length;
    },
    () => polygonToCellsExperimental(crossing, 5, FLAG[mode], true),
  );
  console.log(
    `| 20°×20° across ±180 (cut in two) | 5 | ${mode} | ${cells} | ${ms(ours)} | ${ms(raw)} | ${(ours / raw).toFixed(2)} | – | – |`,
  );
}

// ---- 2. PIP matrix vs turf ----------------------------------------------------------------
function pipCase(vertices: number, polygons: number, points: number, seed: number) {
  const side = Math.ceil(Math.sqrt(polygons));
  const parts: PolygonRings[] = Array.from({ length: polygons }, (_, k) => [
    wigglyRing(vertices, (k % side) * 2, Math.floor(k / side) * 2, 1, seed + k),
  ]);
  const rnd = random(seed);
  const pts = Array.from({ length: points }, () => [rnd() * 2 * side - 1, rnd() * 2 * side - 1]);
  return { parts, pts };
}

console.log("\n### Point-in-polygon matrix: ours vs turf booleanPointInPolygon over all pairs (median ms)\n");
console.log(
  "| vertices/polygon | polygons | points | pairs | point-vertex tests | ours | turf | speed-up (goal ≥ 20× at 10,000) | agree |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [vertices, polygons] of [
  [10, 100],
  [1_000, 10],
  [10_000, 1],
] as const) {
  const points = 2500;
  const { parts, pts } = pipCase(vertices, polygons, points, 7);
  const turfPolys = parts.map((p) => turfPolygon(p as number[][][]));
  const turfPts = pts.map((p) => turfPoint(p));
  let ours: number[][] = [];
  let theirs: number[][] = [];
  const [oursMs, turfMs] = compare(
    () => {
      ours = pipMatrix(
        pts,
        parts.map((p) => preparePolygon([p])),
        false,
      ).matrix;
    },
    () => {
      theirs = turfPts.map((p) => turfPolys.map((poly) => (booleanPointInPolygon(p, poly) ? 1 : 0)));
    },
    9,
  );
  const agree = JSON.stringify(ours) === JSON.stringify(theirs) ? "yes" : "NO";
  const tests = points * polygons * vertices;
  console.log(
    `| ${vertices} | ${polygons} | ${points} | ${points * polygons} | ${tests.toLocaleString("en")} | ${ms(oursMs)} | ${ms(turfMs)} | ${(turfMs / oursMs).toFixed(1)}× | ${agree} |`,
  );
}

// ---- 3. the 25M-test worst cases -----------------------------------------------------------
console.log("\n### POST /v1/pip worst cases at the 25,000,000 point-vertex limit (kernel, median ms)\n");
console.log("| case | points | polygons × positions | prepare + matrix |");
console.log("|---|---|---|---|");
for (const [label, vertices, polygons, points] of [
  ["one 100,000-position polygon", 100_000, 1, 250],
  ["100 polygons of 100 positions, 250,000 pairs", 100, 100, 2_500],
  ["one 100-position polygon, 250,000 points", 100, 1, 250_000],
] as const) {
  const { parts, pts } = pipCase(vertices, polygons, points, 11);
  const t = median(
    () =>
      pipMatrix(
        pts,
        parts.map((p) => preparePolygon([p])),
        false,
      ),
    5,
  );
  console.log(`| ${label} | ${points} | ${polygons} × ${vertices.toLocaleString("en")} | ${ms(t)} |`);
}
