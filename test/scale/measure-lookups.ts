// Lookup latency over one artifacts root, in this process, with the code the routes run (no
// payment, no HTTP: what the data size changes is the lookup): elevation (a point, bilinear),
// profile (1000 samples between two points of one block), depth, hazards within 5 km, and transform
// (one NAD27 position to NAD83(2011): Alaska in every build, CONUS where the grids are built).
//   tsx test/scale/measure-lookups.ts <artifactsRoot>   → one JSON line {op: {p50Ms, p99Ms, n}}
import path from "node:path";
import { ENC_AREAS } from "../../ingest/catalogs/spec-coverage.ts";
import type { DemDataset } from "../../service/data/dem-dataset.ts";
import { demOpener } from "../../service/data/dem-dataset.ts";
import { encOpener } from "../../service/data/enc-charts.ts";
import { type FamilyOpener, loadFamily } from "../../service/data/families.ts";
import { crsOpener, datumGridsOpener } from "../../service/data/transform-families.ts";
import { pathLength, samplePath } from "../../service/geo/elevation/profile-path.ts";
import { depthAt } from "../../service/geo/marine/depth-lookup.ts";
import { hazardsNear } from "../../service/geo/marine/hazard-search.ts";
import { runTransform } from "../../service/geo/transform/transform.ts";
import { SOUNDING_RINGS } from "../../service/routes/marine.ts";
import { random } from "../bench/_random.ts";

const root = path.resolve(process.argv[2] ?? "artifacts");
const N = Number(process.env.SCALE_LOOKUPS ?? 2000);

const open = async <T>(opener: FamilyOpener<T>): Promise<T> => (await loadFamily(root, opener)).value as T;

async function percentiles(n: number, run: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number;
  return { p50Ms: at(0.5), p99Ms: at(0.99), n };
}

async function elevation(dem: DemDataset, lon: number, lat: number): Promise<number | undefined> {
  const tiles = new Set<string>();
  dem.collectTiles(lon, lat, "bilinear", tiles);
  const view = await dem.load(tiles);
  const at = view.locate(lon, lat);
  return at ? view.sample(at, "bilinear")?.elevationMeters : undefined;
}

const out: Record<string, unknown> = {};
{
  const dem = await open(demOpener);
  const rnd = random(31);
  const cores = dem.metadata.blocks.map((b) => b.core);
  const inBlock = (): [number, number] => {
    const [w, s, e, n] = cores[Math.floor(rnd() * cores.length)] as number[];
    return [
      (w as number) + rnd() * ((e as number) - (w as number)),
      (s as number) + rnd() * ((n as number) - (s as number)),
    ];
  };
  const pts = Array.from({ length: N }, inBlock);
  out.elevation = await percentiles(N, (i) => elevation(dem, ...(pts[i] as [number, number])));
  const lines = Array.from({ length: Math.ceil(N / 10) }, () => {
    const [w, s, e, n] = cores[Math.floor(rnd() * cores.length)] as number[];
    const p = (): [number, number] => [
      (w as number) + rnd() * ((e as number) - (w as number)),
      (s as number) + rnd() * ((n as number) - (s as number)),
    ];
    return [p(), p()];
  });
  out.profile = await percentiles(lines.length, async (i) => {
    const line = lines[i] as [number, number][];
    const positions = samplePath(line, pathLength(line), 1000);
    await dem.visit(dem.tilesOfPositions(positions, "bilinear"), (view, k) => {
      const p = positions[k] as { longitude: number; latitude: number };
      const at = view.locate(p.longitude, p.latitude);
      if (at) view.sample(at, "bilinear");
    });
  });
}
{
  const charts = await open(encOpener);
  const rnd = random(402);
  const charted = (): [number, number] => {
    for (;;) {
      const a = ENC_AREAS[Math.floor(rnd() * ENC_AREAS.length)] as (typeof ENC_AREAS)[number];
      const [w, s, e, n] = a.bbox;
      const p: [number, number] = [w + rnd() * (e - w), s + rnd() * (n - s)];
      if (charts.coveringCells(Math.round(p[0] * 1e7), Math.round(p[1] * 1e7)).length > 0) return p;
    }
  };
  const pts = Array.from({ length: N }, charted);
  out.depth = await percentiles(N, (i) =>
    depthAt(charts.session(), ...(pts[i] as [number, number]), { soundingRings: SOUNDING_RINGS }),
  );
  out.hazards = await percentiles(Math.ceil(N / 10), (i) =>
    hazardsNear(charts.session(), ...(pts[i] as [number, number]), 5000, { maxTiles: 100, maxHazards: 200 }),
  );
}
{
  const deps = {
    registry: await open(crsOpener),
    grids: await open(datumGridsOpener),
    revision: "B" as const,
    versions: {},
  };
  const rnd = random(7);
  const box =
    ([w, s, e, n]: number[]) =>
    () => [
      (w as number) + rnd() * ((e as number) - (w as number)),
      (s as number) + rnd() * ((n as number) - (s as number)),
    ];
  const transform = async (coordinates: number[][]) => {
    try {
      await runTransform({ from: "EPSG:4267", to: "EPSG:6318", coordinates }, deps);
      return true;
    } catch {
      return false; // refused: the grids of the chain are not in this build
    }
  };
  const alaska = Array.from({ length: N }, box([-152, 59, -149, 61]));
  out.transformAlaska = await percentiles(N, (i) => transform([alaska[i] as number[]]));
  const conus = Array.from({ length: N }, box([-100, 35, -90, 45]));
  if (await transform([conus[0] as number[]]))
    out.transformConus = await percentiles(N, (i) => transform([conus[i] as number[]]));
}
console.log(JSON.stringify(out));
