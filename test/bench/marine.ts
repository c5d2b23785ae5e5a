// Marine benchmark: our tiled ENC artifact against the peer a user would otherwise pick — GDAL
// (gdal3.js) reading the same cells to GeoJSON, then turf point-in-polygon and distance over every
// feature in memory. Start-up cost, depth lookups/s, hazard (radius 5000 m) lookups/s, tiles read
// per query, and how often the two agree.
import { createRequire } from "node:module";
import path from "node:path";
import * as turf from "@turf/turf";
import type { Feature, MultiPoint, Point, Polygon } from "geojson";
import { ENC_FAMILY, encOpener } from "../../service/data/enc-charts.ts";
import { openFamily } from "../../service/data/families.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import { depthAt } from "../../service/geo/marine/depth-lookup.ts";
import { hazardsNear } from "../../service/geo/marine/hazard-search.ts";
import { SOUNDING_RINGS } from "../../service/routes/marine.ts";

const root = path.resolve(import.meta.dirname, "../..");
const encDir = path.join(process.env.GEO402_SHARED ?? path.resolve(root, "../shared"), "data/enc");
const artifacts = process.env.GEO402_ARTIFACTS ?? path.join(root, "artifacts");
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000);
const HAZARD_QUERIES = Number(process.env.BENCH_HAZARD_QUERIES ?? 200);

interface GdalApi {
  open(files: string[]): Promise<{ datasets: unknown[] }>;
  ogr2ogr(ds: unknown, options: string[], outputName: string): Promise<unknown>;
  getFileBytes(file: unknown): Promise<Uint8Array>;
}
const require = createRequire(import.meta.url);
const gdalDir = path.join(path.dirname(require.resolve("gdal3.js/package.json")), "dist/package");

/** Deterministic points (mulberry32) in the charted box. */
function points(n: number, seed: number): [number, number][] {
  let a = seed;
  const rand = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => [-154.3 + rand() * 3.5, 58.85 + rand() * 1.4]);
}

interface PeerCell {
  name: string;
  band: number;
  scale: number;
  coverage: Feature<Polygon>[];
  depth: Feature<Polygon>[];
  soundings: number[][];
  /** `at`: the point, or an area's centre of mass (which cell applies there); `area`: the outline. */
  hazards: { at: Feature<Point>; area: Feature<Polygon> | null; depth: number | null }[];
}

async function loadPeer(): Promise<PeerCell[]> {
  const init = require("gdal3.js/node.js") as (c: { path: string }) => Promise<GdalApi>;
  const gdal = await init({ path: path.relative(process.cwd(), gdalDir) });
  const cells: PeerCell[] = [];
  const names = [
    "US3AK12M",
    "US4AK4OG",
    "US4AK4PG",
    "US4AK4PH",
    "US5AK5NF",
    "US5AK5PE",
    "US5AK5PF",
    "US5AK5QF",
    "US5AK5QG",
    "US5AK5SI",
    "US5AK5SJ",
  ];
  for (const name of names) {
    const { datasets } = await gdal.open([path.join(encDir, `${name}_ENC_ROOT`, name, `${name}.000`)]);
    const layer = async <G extends Polygon | Point | MultiPoint>(l: string): Promise<Feature<G>[]> => {
      try {
        const out = await gdal.ogr2ogr(datasets[0], ["-f", "GeoJSON", l], `${name}_${l}`);
        return (
          JSON.parse(new TextDecoder().decode(await gdal.getFileBytes(out))) as { features: Feature<G>[] }
        ).features;
      } catch {
        return [];
      }
    };
    const dsid = (await layer<Point>("DSID"))[0]?.properties ?? {};
    const hazards = [
      ...(await layer<Point | Polygon>("UWTROC")),
      ...(await layer<Point | Polygon>("OBSTRN")),
      ...(await layer<Point | Polygon>("WRECKS")),
    ];
    cells.push({
      name,
      band: Number(dsid.DSID_INTU),
      scale: Number(dsid.DSPM_CSCL),
      coverage: (await layer<Polygon>("M_COVR")).filter((f) => f.properties?.CATCOV === 1),
      depth: [...(await layer<Polygon>("DEPARE")), ...(await layer<Polygon>("DRGARE"))],
      soundings: (await layer<MultiPoint>("SOUNDG")).flatMap((f) => f.geometry.coordinates),
      hazards: hazards.map((f) => ({
        at: f.geometry.type === "Point" ? (f as Feature<Point>) : turf.centerOfMass(f as Feature<Polygon>),
        area: f.geometry.type === "Point" ? null : (f as Feature<Polygon>),
        depth: (f.properties?.VALSOU as number | undefined) ?? null,
      })),
    });
  }
  return cells.sort((a, b) => b.band - a.band || a.scale - b.scale || a.name.localeCompare(b.name));
}

const larger = (a: PeerCell, b: PeerCell) => a.band > b.band || (a.band === b.band && a.scale < b.scale);
const covering = (cells: PeerCell[], p: [number, number]) =>
  cells.filter((c) => c.coverage.some((f) => turf.booleanPointInPolygon(p, f)));

function peerDepth(cells: PeerCell[], p: [number, number]): { min: number; cell: string } | null {
  for (const c of covering(cells, p)) {
    const hit = c.depth.find((f) => f.properties?.DRVAL1 != null && turf.booleanPointInPolygon(p, f));
    if (hit) {
      // the nearest sounding of the answering cell, by brute force
      let best = Number.POSITIVE_INFINITY;
      for (const s of c.soundings)
        best = Math.min(best, turf.distance(p, [s[0] as number, s[1] as number], { units: "meters" }));
      return best >= 0 ? { min: hit.properties?.DRVAL1 as number, cell: c.name } : null;
    }
  }
  return null;
}

function peerHazards(cells: PeerCell[], p: [number, number], radius: number): number {
  let n = 0;
  for (const c of cells) {
    for (const h of c.hazards) {
      // an area counts when any part of it lies inside the circle
      const d = h.area
        ? Math.max(0, turf.pointToPolygonDistance(p, h.area, { units: "meters" }))
        : turf.distance(p, h.at, { units: "meters" });
      if (d > radius) continue;
      const at = h.at.geometry.coordinates as [number, number];
      if (
        !cells.some(
          (o) => o !== c && larger(o, c) && o.coverage.some((f) => turf.booleanPointInPolygon(at, f)),
        )
      )
        n++;
    }
  }
  return n;
}

function rate(n: number, ms: number): string {
  return (n / (ms / 1000)).toFixed(0);
}

/** Best of three runs of `f` over `items`, in ms (the first run also warms up). */
async function best<T, R>(items: T[], f: (x: T) => R | Promise<R>): Promise<{ ms: number; out: R[] }> {
  let ms = Number.POSITIVE_INFINITY;
  let out: R[] = [];
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    out = [];
    for (const x of items) out.push(await f(x));
    ms = Math.min(ms, performance.now() - t);
  }
  return { ms, out };
}

async function main(): Promise<void> {
  // ours first, before the peer's features fill the heap
  let t = performance.now();
  const registry = new DataRegistry();
  const opened = await openFamily(artifacts, encOpener, registry);
  if (opened.state !== "ready") throw new Error(`build the enc artifact first: ${opened.reason}`);
  const oursStart = performance.now() - t;
  const charts = registry.require(ENC_FAMILY).value;
  const qs = points(QUERIES, 402);
  const tiles: number[] = [];
  const ours = await best(qs, async (q) => {
    const s = charts.session();
    const r = await depthAt(s, q[0], q[1], { soundingRings: SOUNDING_RINGS });
    tiles.push(s.tilesRead);
    return r.kind === "depth"
      ? { min: r.area.drval1 as number, cell: charts.cells[r.cell]?.name ?? "" }
      : null;
  });
  const hq = points(HAZARD_QUERIES, 81).filter(
    (q) => charts.coveringCells(Math.round(q[0] * 1e7), Math.round(q[1] * 1e7)).length > 0,
  );
  const hazardTiles: number[] = [];
  const ourHaz = await best(hq, async (q) => {
    const s = charts.session();
    const r = await hazardsNear(s, q[0], q[1], 5000, { maxTiles: 100, maxHazards: 200 });
    hazardTiles.push(s.tilesRead);
    return r.kind === "hazards" ? r.total : -1;
  });

  t = performance.now();
  const peer = await loadPeer();
  const peerStart = performance.now() - t;
  const theirs = await best(qs, (q) => peerDepth(peer, q));
  const peerHaz = await best(hq, (q) => peerHazards(peer, q, 5000));
  const agree = ours.out.filter((o, i) => JSON.stringify(o) === JSON.stringify(theirs.out[i])).length;
  const hazAgree = ourHaz.out.filter((c, i) => c === peerHaz.out[i]).length;
  const [oursDepthMs, peerDepthMs, oursHazMs, peerHazMs] = [ours.ms, theirs.ms, ourHaz.ms, peerHaz.ms];

  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(1);
  const max = (xs: number[]) => Math.max(...xs);
  console.log("| measure | geo402 (tiled artifact) | GDAL GeoJSON + turf (in memory) | ratio |");
  console.log("|---|---|---|---|");
  console.log(
    `| start-up (open family / read 11 cells), ms | ${oursStart.toFixed(0)} | ${peerStart.toFixed(0)} | ${(peerStart / oursStart).toFixed(1)}× |`,
  );
  console.log(
    `| depth lookups/s (${qs.length} points, with nearest sounding) | ${rate(qs.length, oursDepthMs)} | ${rate(qs.length, peerDepthMs)} | ${(peerDepthMs / oursDepthMs).toFixed(1)}× |`,
  );
  console.log(
    `| hazard lookups/s, radius 5000 m (${hq.length} centres) | ${rate(hq.length, oursHazMs)} | ${rate(hq.length, peerHazMs)} | ${(peerHazMs / oursHazMs).toFixed(1)}× |`,
  );
  console.log(`| tiles read per depth query, mean / max | ${mean(tiles)} / ${max(tiles)} | – | |`);
  console.log(
    `| tiles read per hazard query, mean / max | ${mean(hazardTiles)} / ${max(hazardTiles)} | – | |`,
  );
  console.log(`| depth answers agreeing (value and cell, or both refused) | ${agree}/${qs.length} | | |`);
  console.log(`| hazard counts agreeing | ${hazAgree}/${hq.length} | | |`);
  const rss = process.memoryUsage().rss / 1e6;
  console.log(
    `\nRSS after both: ${rss.toFixed(0)} MB (the peer holds every feature of the 11 cells in memory).`,
  );
}

await main();
