// Elevation benchmark: point lookups per second and a 2000-sample profile, cold (just opened,
// empty cache) and warm, and memory — our DEM artifact (tiles read on demand) side by side with
// what a caller would otherwise write: the .hgt read whole into memory with a hand bilinear, and
// geotiff.js window reads of the GLO-30 GeoTIFF. Prints a markdown table; asserts nothing.
//   npx tsx test/bench/elevation.ts
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { fromFile } from "geotiff";
import { DEM_METADATA_FILE } from "../../artifacts/format/dem-metadata.ts";
import type { DemDataset } from "../../service/data/dem-dataset.ts";
import { pathLength, samplePath } from "../../service/geo/elevation/profile-path.ts";
import { buildRealDem, COP_FILE, HGT_FILE, openDem } from "../dem/dem-test-artifacts.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heap = (): number => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const current = path.resolve(import.meta.dirname, "../../artifacts/dem/current");
const dir = existsSync(path.join(current, DEM_METADATA_FILE)) ? current : await buildRealDem();

// Deterministic points inside each block (a linear congruential walk).
function points(n: number, west: number, south: number, span: number): [number, number][] {
  let s = 12345;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, () => [west + next() * span, south + next() * span]);
}
const HGT_POINTS = points(20000, -150.95, 59.62, 0.35);
const COP_POINTS = points(5000, -149.285, 63.845, 0.07);
const PROFILE = samplePath(
  [
    [-150.95, 59.95],
    [-150.05, 59.7],
  ],
  pathLength([
    [-150.95, 59.95],
    [-150.05, 59.7],
  ]),
  2000,
);

/** One point as GET /v1/elevation answers it: its tiles found in the directory, read, then sampled. */
async function ours(dem: DemDataset, lon: number, lat: number): Promise<number> {
  const tiles = new Set<string>();
  dem.collectTiles(lon, lat, "bilinear", tiles);
  const view = await dem.load(tiles);
  const at = view.locate(lon, lat);
  return at ? (view.sample(at, "bilinear")?.elevationMeters ?? Number.NaN) : Number.NaN;
}

/** A profile as POST /v1/elevation/profile samples it: tiles per position, read ahead in runs, sampled synchronously. */
async function oursProfile(dem: DemDataset, points: readonly { longitude: number; latitude: number }[]) {
  const heights: number[] = [];
  await dem.visit(dem.tilesOfPositions(points, "bilinear"), (view, i) => {
    const p = points[i] as { longitude: number; latitude: number };
    const at = view.locate(p.longitude, p.latitude);
    heights.push(at ? (view.sample(at, "bilinear")?.elevationMeters ?? Number.NaN) : Number.NaN);
  });
  return heights;
}

/** The .hgt read whole into memory and sampled with a hand-written bilinear (no voids in this tile). */
function hgtPeer(bytes: Buffer): (lon: number, lat: number) => number {
  const v = new Int16Array(1201 * 1201);
  for (let i = 0; i < v.length; i++) v[i] = bytes.readInt16BE(2 * i);
  return (lon, lat) => {
    const x = (lon + 151) * 1200;
    const y = (60 - lat) * 1200;
    const c = Math.min(Math.floor(x), 1199);
    const r = Math.min(Math.floor(y), 1199);
    const tx = x - c;
    const ty = y - r;
    const at = (cc: number, rr: number) => v[rr * 1201 + cc] as number;
    return (
      at(c, r) * (1 - tx) * (1 - ty) +
      at(c + 1, r) * tx * (1 - ty) +
      at(c, r + 1) * (1 - tx) * ty +
      at(c + 1, r + 1) * tx * ty
    );
  };
}

async function copPeer(): Promise<(lon: number, lat: number) => Promise<number>> {
  const image = await (await fromFile(COP_FILE)).getImage();
  const [west, north] = image.getOrigin() as [number, number];
  const [rx, ry] = image.getResolution() as [number, number];
  return async (lon, lat) => {
    const fx = (lon - west) / rx - 0.5;
    const fy = (lat - north) / ry - 0.5;
    const c = Math.max(0, Math.min(Math.floor(fx), image.getWidth() - 2));
    const r = Math.max(0, Math.min(Math.floor(fy), image.getHeight() - 2));
    const w = (await image.readRasters({
      window: [c, r, c + 2, r + 2],
      samples: [0],
      interleave: true,
    })) as unknown as Float32Array;
    const tx = fx - c;
    const ty = fy - r;
    return (
      (w[0] as number) * (1 - tx) * (1 - ty) +
      (w[1] as number) * tx * (1 - ty) +
      (w[2] as number) * (1 - tx) * ty +
      (w[3] as number) * tx * ty
    );
  };
}

const time = async (fn: () => unknown | Promise<unknown>): Promise<number> => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
/** Best of `n` runs: the machine is shared, the minimum is the least disturbed measure. */
const best = async (fn: () => unknown | Promise<unknown>, n = 5): Promise<number> => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) min = Math.min(min, await time(fn));
  return min;
};
const rate = (n: number, ms: number): string => `${Math.round((n / ms) * 1000).toLocaleString("en-US")}/s`;
const rows: string[][] = [];
const row = (what: string, a: string, b: string, ratio: number) =>
  rows.push([what, a, b, `${ratio.toFixed(2)}×`]);

// Cold: open and answer one point.
const m0 = heap();
let dem: DemDataset = await openDem(dir);
const coldOurs = await time(() => ours(dem, -150.5, 59.75));
const oursMem = heap() - m0;
const hgtBytes = readFileSync(HGT_FILE);
const m1 = heap();
let peer = hgtPeer(hgtBytes);
const coldPeer = await time(() => peer(-150.5, 59.75));
const peerMem = heap() - m1;
const coldPeerOpen = await time(() => {
  peer = hgtPeer(readFileSync(HGT_FILE));
});
row(
  "first point after open (.hgt area), ms",
  coldOurs.toFixed(2),
  (coldPeerOpen + coldPeer).toFixed(2),
  (coldPeerOpen + coldPeer) / coldOurs,
);

// Warm point lookups.
for (const [lon, lat] of HGT_POINTS.slice(0, 2000)) await ours(dem, lon, lat);
const warmOurs = await best(async () => {
  for (const [lon, lat] of HGT_POINTS) await ours(dem, lon, lat);
});
const warmPeer = await best(() => {
  for (const [lon, lat] of HGT_POINTS) peer(lon, lat);
});
row(
  `point lookups, warm (.hgt area, ${HGT_POINTS.length})`,
  rate(HGT_POINTS.length, warmOurs),
  rate(HGT_POINTS.length, warmPeer),
  warmPeer / warmOurs,
);

const cop = await copPeer();
const copOurs = await best(async () => {
  for (const [lon, lat] of COP_POINTS) await ours(dem, lon, lat);
});
const copPeerMs = await time(async () => {
  for (const [lon, lat] of COP_POINTS) await cop(lon, lat);
});
row(
  `point lookups, warm (GLO-30 area, ${COP_POINTS.length}; peer: geotiff.js windows)`,
  rate(COP_POINTS.length, copOurs),
  rate(COP_POINTS.length, copPeerMs),
  copPeerMs / copOurs,
);

// 2000-sample profile (positions precomputed: both sides sample the same geodesic points).
dem.reader.close();
dem = await openDem(dir);
const profileCold = await time(() => oursProfile(dem, PROFILE));
const readsCold = dem.reader.blobReads;
const profileMem = dem.reader.cachedBytes;
const profileWarm = await best(() => oursProfile(dem, PROFILE));
const profilePeer = await best(() => {
  for (const p of PROFILE) peer(p.longitude, p.latitude);
});
row(
  `2000-sample profile, cold (${readsCold} tiles read)`,
  `${profileCold.toFixed(1)} ms`,
  `${(coldPeerOpen + profilePeer).toFixed(1)} ms`,
  (coldPeerOpen + profilePeer) / profileCold,
);
row(
  "2000-sample profile, warm",
  `${profileWarm.toFixed(2)} ms`,
  `${profilePeer.toFixed(2)} ms`,
  profilePeer / profileWarm,
);
const geodesic = await best(() =>
  samplePath(
    [
      [-150.95, 59.95],
      [-150.05, 59.7],
    ],
    pathLength([
      [-150.95, 59.95],
      [-150.05, 59.7],
    ]),
    2000,
  ),
);
row(
  "2000 geodesic sample positions (GeographicLib), both sides",
  `${geodesic.toFixed(2)} ms`,
  `${geodesic.toFixed(2)} ms`,
  1,
);
row(
  "memory after open + first point (heap + buffers)",
  `${(oursMem / 1e6).toFixed(2)} MB`,
  `${(peerMem / 1e6).toFixed(2)} MB`,
  peerMem / oursMem,
);
row(
  `decoded tiles cached after the cold profile (${readsCold} tiles)`,
  `${(profileMem / 1e6).toFixed(2)} MB`,
  `${(peerMem / 1e6).toFixed(2)} MB`,
  peerMem / profileMem,
);

console.log("| measure | ours (DEM artifact) | peer | peer/ours |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
console.log(
  "\nRatios above 1 mean ours is faster (or smaller). The peer reads one known file; ours finds the block, checks coverage and drops voids.",
);
