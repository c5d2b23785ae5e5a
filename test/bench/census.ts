// Census lookup benchmark: geo402's census index (answer + neighbour uncertainty flags, and the
// bare cell index lookup) against turf point-in-polygon over the same 2024 polygons (states and
// districts 1:500,000, counties 1:5,000,000), on the same seeded random CONUS points, in one run.
// Chunks alternate between the two so machine load hits both alike. Prints a markdown table.
import { readFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { booleanPointInPolygon, bbox as turfBbox } from "@turf/turf";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { cellToParent, latLngToCell } from "h3-js";
import * as shapefile from "shapefile";
import { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import { builtFamily } from "../support/built-artifacts.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DATA = path.join(process.env.GEO402_SHARED ?? path.resolve(ROOT, "../shared"), "data/census");
const POINTS = Number(process.env.BENCH_POINTS ?? 20_000);
const CHUNK = 1000;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const usedBytes = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** Mulberry32: the same points on every run. */
function points(n: number, seed = 402): [number, number][] {
  let a = seed;
  const rand = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => [-125 + rand() * 58.1, 24.5 + rand() * 24.9]);
}

type Area = Feature<Polygon | MultiPolygon, Record<string, string>>;
const withBbox = (fc: FeatureCollection): Area[] =>
  fc.features.map((f) => ({ ...f, bbox: turfBbox(f) }) as Area);

async function turfLayers() {
  const json = (file: string) => withBbox(JSON.parse(readFileSync(path.join(DATA, file), "utf8")));
  const counties = await shapefile.read(
    path.join(DATA, "county-5m-2024/cb_2024_us_county_5m.shp"),
    undefined,
    {
      encoding: "utf-8",
    },
  );
  return {
    states: json("state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson"),
    counties: withBbox(counties),
    districts: json("cd119-500k-2024/cd119_500k_USAboundariesData.DERIVED.geojson"),
  };
}

const firstContaining = (layer: Area[], p: [number, number], key: string): string | null => {
  for (const f of layer)
    if (booleanPointInPolygon(p, f)) return String(f.properties[key] ?? f.properties[key.toUpperCase()]);
  return null;
};

const current = await builtFamily("census");
const pts = points(POINTS);

let before = usedBytes();
const lookup = await CensusLookup.open(current.dir);
const oursBytes = usedBytes() - before;
before = usedBytes();
const layers = await turfLayers();
const turfBytes = usedBytes() - before;

const ours: (string | null)[] = [];
const flagged: boolean[] = [];
const bare: (boolean | null)[] = [];
const peer: (string | null)[] = [];
const time = { ours: 0, bare: 0, turf: 0 };
const cells = new Set<string>();
for (let start = 0; start < pts.length; start += CHUNK) {
  const chunk = pts.slice(start, start + CHUNK);
  let t = performance.now();
  for (const [lon, lat] of chunk) {
    const hit = await lookup.lookup(lat, lon);
    ours.push(hit.record?.countyGeoid ?? null);
    flagged.push(hit.uncertain.county);
  }
  time.ours += performance.now() - t;
  t = performance.now();
  for (const [lon, lat] of chunk) bare.push((await lookup.lookupRecord(lat, lon)) !== null);
  time.bare += performance.now() - t;
  t = performance.now();
  for (const p of chunk) {
    const state = firstContaining(layers.states, p, "geoid");
    peer.push(state ? firstContaining(layers.counties, p, "GEOID") : null);
    if (state) firstContaining(layers.districts, p, "geoid");
  }
  time.turf += performance.now() - t;
}
for (const [lon, lat] of pts) cells.add(cellToParent(latLngToCell(lat, lon, 9), 7));

const inside = peer.filter((c) => c !== null).length;
const differ = ours.map((c, i) => (c === peer[i] ? -1 : i)).filter((i) => i >= 0);
const differFlagged = differ.filter((i) => flagged[i]).length;
const rate = (ms: number) => Math.round((pts.length / ms) * 1000);
const mb = (b: number) => (b / 1e6).toFixed(1);
const rows = [
  ["geo402 census lookup (answer + neighbour flags)", rate(time.ours), mb(oursBytes)],
  ["geo402 cell index only (one lookup, no flags)", rate(time.bare), mb(oursBytes)],
  [
    "turf booleanPointInPolygon (bbox prefilter, states → counties → districts)",
    rate(time.turf),
    mb(turfBytes),
  ],
] as const;
console.log(
  `${pts.length} seeded random points in the CONUS bounding box (${inside} inside a state per turf), ${cells.size} distinct res-7 cells\n`,
);
console.log("| implementation | lookups/s | × turf | memory held (MB) | × turf |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, r, m] of rows) {
  console.log(
    `| ${name} | ${r} | ${(r / rate(time.turf)).toFixed(1)} | ${m} | ${(Number(m) / Number(mb(turfBytes))).toFixed(3)} |`,
  );
}
console.log(
  `\ncounty agreement with turf on the same points: ${pts.length - differ.length}/${pts.length}; ${differFlagged} of the ${differ.length} differences carry boundaryUncertain.county`,
);
lookup.close();
