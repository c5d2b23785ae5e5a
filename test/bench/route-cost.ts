// Which routes run in the compute pool (issue 16): the main-thread CPU cost of every priced
// route's handler, called directly (no HTTP, no payment) with its catalog example and, for the
// routes whose work grows with the input, a large legal input. A route whose legal input can
// cost more than a few milliseconds belongs in the pool (its route declares `compute: "pool"`).
// Prints markdown for docs/execution.md; measures, never asserts.
import path from "node:path";
import { pino } from "pino";
import { CATALOG, catalogFor } from "../../service/catalog.ts";
import { loadConfig } from "../../service/config.ts";
import { openFamilies } from "../../service/data/families.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import { ApiError } from "../../service/errors.ts";
import { type CatalogEntry, isFree, type PaymentTerms, routeKey } from "../../service/route-types.ts";
import { multipointGridBuffer, sawtoothUnion } from "../support/heavy-inputs.ts";

const root = path.resolve(import.meta.dirname, "../..");
const config = loadConfig({ GEO402_ARTIFACTS: "artifacts", LOG_LEVEL: "silent" }, root);
const data = new DataRegistry();
await openFamilies(config.artifactsDir, data);
const entries = catalogFor(config.revision, CATALOG).filter((e) => !isFree(e));
const ctx = {
  config,
  terms: {} as PaymentTerms,
  catalog: entries,
  data,
  log: pino({ level: "silent" }),
  baseUrl: "http://bench",
  selfUrl: "http://bench",
};

/** A closed ring of n positions around (lon, lat), radius r degrees. */
const ring = (n: number, lon = -100, lat = 40, r = 1) => {
  const out: [number, number][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    out.push([lon + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  out.push(out[0] as [number, number]);
  return out;
};
const bigPolygon = (n: number) => ({ type: "Polygon", coordinates: [ring(n)] });
const positions = (n: number) => ring(n + 1, -149.9, 61.2, 0.5).slice(0, n);

/** Large legal inputs for the routes whose cost grows with the input (issue 16's list). */
const LARGE: Record<string, { label: string; body: unknown }> = {
  "POST /v1/geojson/validate": {
    label: "polygon of 40,000 positions",
    body: { geojson: bigPolygon(40_000) },
  },
  "POST /v1/geojson/repair": { label: "polygon of 40,000 positions", body: { geojson: bigPolygon(40_000) } },
  "POST /v1/transform": {
    label: "10,000 positions, EPSG:4326 → EPSG:26905",
    body: { from: "EPSG:4326", to: "EPSG:26905", coordinates: positions(10_000) },
  },
  "POST /v1/geometry/buffer": {
    label: "200-point MultiPoint, steps 128 (issue 16)",
    body: multipointGridBuffer(),
  },
  "POST /v1/geometry/simplify": {
    label: "polygon of 40,000 positions",
    body: { geojson: bigPolygon(40_000), toleranceMeters: 10 },
  },
  "POST /v1/geometry/union": { label: "two crossing 990-vertex sawtooths (issue 16)", body: sawtoothUnion() },
  "POST /v1/geometry/area": { label: "polygon of 40,000 positions", body: { geojson: bigPolygon(40_000) } },
  "POST /v1/geometry/centroid": {
    label: "polygon of 40,000 positions",
    body: { geojson: bigPolygon(40_000) },
  },
  "POST /v1/geometry/bbox": { label: "polygon of 40,000 positions", body: { geojson: bigPolygon(40_000) } },
  "POST /v1/pip": {
    label: "2,500 points × 100 polygons of 100 positions",
    body: {
      points: positions(2500),
      polygons: {
        type: "FeatureCollection",
        features: Array.from({ length: 100 }, (_, i) => ({
          type: "Feature",
          properties: {},
          geometry: { type: "Polygon", coordinates: [ring(100, -149.9 + i * 0.01, 61.2, 0.2)] },
        })),
      },
    },
  },
};

/** Median of `runs` calls (one call when it exceeds 1 s); a refusal is timed like an answer. */
async function time(entry: CatalogEntry, body: unknown, query: Record<string, unknown>, runs: number) {
  const ms: number[] = [];
  let outcome = "200";
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    try {
      await entry.handler({ body, query }, ctx);
    } catch (err) {
      outcome = err instanceof ApiError ? err.code : "fault";
    }
    ms.push(performance.now() - t);
    if ((ms[ms.length - 1] ?? 0) > 1000) break;
  }
  ms.sort((a, b) => a - b);
  return { ms: ms[Math.floor(ms.length / 2)] ?? 0, outcome };
}

console.log(
  "| route | pool | example ms (median of 20) | large legal input | large ms | outcome |\n|---|---|---|---|---|---|",
);
for (const entry of entries) {
  const key = routeKey(entry);
  const example = await time(entry, entry.example.body, { ...entry.example.query }, 20);
  const large = LARGE[key];
  let largeCell = "— | — | —";
  if (large) {
    // Inputs that ran for minutes in issue 16 are measured once (time() stops after a run past 1 s).
    const r = await time(entry, large.body, {}, 5);
    largeCell = `${large.label} | ${r.ms.toFixed(1)} | ${r.outcome}`;
  }
  console.log(
    `| \`${key}\` | ${entry.compute === "pool" ? "yes" : "no"} | ${example.ms.toFixed(2)} | ${largeCell} |`,
  );
}
process.exit(0);
