// make scale: the pipeline and the service at the spec's coverage (issue 31.4), on inputs generated
// from the real files of ../shared/data (generate-inputs.ts: SYNTHETIC, under .geo402/scale, never
// under artifacts/), side by side with today's small build, measured the same way:
// - ingest per family (dem, enc, datum-grids) in its own process: wall, CPU, peak resident memory;
// - artifact bytes; service start → listening and → /readyz 200 (every output re-hashed), RSS;
// - lookup p50/p99 (measure-lookups.ts), the two builds alternating, best of SCALE_ROUNDS rounds.
// SCALE_FRACTION (default 1) scales the generated coverage: f of the 521 3DEP blocks and of the 54
// derived ENC cells; SCALE_DEM_FRACTION (default SCALE_FRACTION) overrides it for the 3DEP blocks
// (the DEM layer writer holds the layer's whole raster: see docs/performance.md); the three CONUS
// grids are always generated. Prints a markdown table.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { readLock } from "../../ingest/catalogs/lock-file.ts";
import { root, rssMiB, start, stop } from "../bench/_service-process.ts";
import { generateInputs } from "./generate-inputs.ts";
import { SCALED } from "./scale-families.ts";
import { SPEC_CELLS, scaleBlocks, scaleCells } from "./scale-plan.ts";

const fraction = Number(process.env.SCALE_FRACTION ?? 1);
const demFraction = Number(process.env.SCALE_DEM_FRACTION ?? fraction);
for (const f of [fraction, demFraction])
  if (!(f > 0 && f <= 1))
    throw new Error(`SCALE_FRACTION and SCALE_DEM_FRACTION must be in (0, 1], not ${f}`);
const rounds = Number(process.env.SCALE_ROUNDS ?? 2);
const dir = path.resolve(root, process.env.SCALE_DIR ?? ".geo402/scale");
const shared = path.join(process.env.GEO402_SHARED ?? path.resolve(root, "../shared"), "data");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
const log = (m: string) => console.error(`[scale] ${m}`);

if (spawnSync("gdal_edit.py", ["--help"], { stdio: "ignore" }).error) {
  console.error(
    "make scale needs Debian's gdal-bin (gdalwarp, gdal_translate, gdal_edit.py) to generate its inputs",
  );
  process.exit(2);
}
const lock = await readLock();
const demFiles = lock?.families.dem?.files ?? [];
const blocks = scaleBlocks(demFiles, demFraction);
const cells = scaleCells(fraction);
log(
  `fraction ${fraction}: ${blocks.length} of ${demFiles.length} 3DEP blocks, ${cells.length} derived ENC cells, 3 CONUS grids (load ${load()})`,
);
const t = performance.now();
const generated = await generateInputs(dir, shared, blocks, cells, log);
const generateS = (performance.now() - t) / 1000;
writeFileSync(path.join(dir, "inputs.json"), JSON.stringify({ fraction, blocks, cells, ...generated }));

interface Built {
  family: string;
  wallMs: number;
  cpuMs: number;
  maxRssKiB: number;
  bytes: number;
}
type Variant = "small" | "scale";
const outRoot = (v: Variant) => path.join(dir, v, "artifacts");
const bytesOf = (d: string): number =>
  readdirSync(d).reduce((sum, f) => sum + (f === "manifest.json" ? 0 : statSync(path.join(d, f)).size), 0);

function buildAll(v: Variant): Built[] {
  rmSync(path.join(dir, v), { recursive: true, force: true });
  mkdirSync(outRoot(v), { recursive: true });
  // The families the scale run does not generate are today's build, read where they are.
  for (const f of ["timezone", "crs", "census"])
    symlinkSync(path.join(root, "artifacts", f), path.join(outRoot(v), f));
  return SCALED.map((family) => {
    log(`${v}: building ${family} (load ${load()})`);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "build-family.ts"), family, v, outRoot(v), dir],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 26 },
    );
    if (r.status !== 0) throw new Error(`${v} ${family}: build failed (${r.signal ?? r.status})`);
    const m = JSON.parse(r.stdout.trim().split("\n").at(-1) as string) as Omit<Built, "bytes">;
    return { ...m, bytes: bytesOf(path.join(outRoot(v), family, "current")) };
  });
}

async function service(v: Variant) {
  const env = { GEO402_ARTIFACTS: outRoot(v) };
  const s = await start("geo402", {
    command: process.execPath,
    args: ["--import", "tsx", "service/server.ts"],
    env,
  });
  const t0 = performance.now() - s.readyMs;
  for (;;) {
    const r = await fetch(`http://127.0.0.1:${s.adminPort}/readyz`).catch(() => undefined);
    if (r?.status === 200) break;
    if (s.proc.exitCode !== null) throw new Error(`${v}: the service exited`);
    await new Promise((res) => setTimeout(res, 50));
  }
  const readyMs = performance.now() - t0;
  const rss = rssMiB(s.proc.pid as number);
  await stop(s);
  rmSync(s.home, { recursive: true, force: true });
  return { listenMs: s.ms, readyMs, rssMiB: rss.own };
}

function lookups(v: Variant): Record<string, { p50Ms: number; p99Ms: number; n: number }> {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "measure-lookups.ts"), outRoot(v)],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (r.status !== 0) throw new Error(`${v}: lookups failed`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1) as string);
}

const built = { small: buildAll("small"), scale: buildAll("scale") };
const svc = { small: await service("small"), scale: await service("scale") };
const best: Record<Variant, Record<string, { p50Ms: number; p99Ms: number; n: number }>> = {
  small: {},
  scale: {},
};
for (let i = 0; i < rounds; i++) {
  for (const v of ["small", "scale"] as const) {
    log(`lookups ${v}, round ${i + 1} (load ${load()})`);
    for (const [op, m] of Object.entries(lookups(v))) {
      const b = best[v][op];
      best[v][op] = b ? { p50Ms: Math.min(b.p50Ms, m.p50Ms), p99Ms: Math.min(b.p99Ms, m.p99Ms), n: m.n } : m;
    }
  }
}

const mib = (kib: number) => (kib / 1024).toFixed(0);
const mb = (b: number) => (b / 1e6).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(1);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "—");
const total = (v: Variant, k: "wallMs" | "cpuMs") => built[v].reduce((sum, b) => sum + b[k], 0);
const rows: string[] = [
  `Scale run, SCALE_FRACTION=${fraction}, SCALE_DEM_FRACTION=${demFraction}: ${blocks.length} of ${demFiles.length} Alaska 2″ 3DEP blocks, ${11 + cells.length} of ${SPEC_CELLS} ENC cells, 20 of 20 NADCON5 grids (3 CONUS generated); inputs generated in ${generateS.toFixed(0)} s; load average at the end ${load()} (2 cores).`,
  "",
  "| measure | today's build | scale build | scale / today |",
  "|---|---|---|---|",
];
for (const [i, b] of built.scale.entries()) {
  const a = built.small[i] as Built;
  rows.push(
    `| ingest ${b.family}: wall s (CPU s) | ${s(a.wallMs)} (${s(a.cpuMs)}) | ${s(b.wallMs)} (${s(b.cpuMs)}) | ${ratio(b.wallMs, a.wallMs)} (${ratio(b.cpuMs, a.cpuMs)}) |`,
  );
  rows.push(
    `| ingest ${b.family}: peak RSS MiB | ${mib(a.maxRssKiB)} | ${mib(b.maxRssKiB)} | ${ratio(b.maxRssKiB, a.maxRssKiB)} |`,
  );
  rows.push(`| artifact ${b.family}: MB | ${mb(a.bytes)} | ${mb(b.bytes)} | ${ratio(b.bytes, a.bytes)} |`);
}
rows.push(
  `| ingest of the three: wall s (CPU s) | ${s(total("small", "wallMs"))} (${s(total("small", "cpuMs"))}) | ${s(total("scale", "wallMs"))} (${s(total("scale", "cpuMs"))}) | ${ratio(total("scale", "wallMs"), total("small", "wallMs"))} |`,
);
rows.push(
  `| service start → listening, ms | ${svc.small.listenMs.toFixed(0)} | ${svc.scale.listenMs.toFixed(0)} | ${ratio(svc.scale.listenMs, svc.small.listenMs)} |`,
);
rows.push(
  `| service start → /readyz 200 (outputs re-hashed), ms | ${svc.small.readyMs.toFixed(0)} | ${svc.scale.readyMs.toFixed(0)} | ${ratio(svc.scale.readyMs, svc.small.readyMs)} |`,
);
rows.push(
  `| service RSS when ready, MiB | ${svc.small.rssMiB.toFixed(0)} | ${svc.scale.rssMiB.toFixed(0)} | ${ratio(svc.scale.rssMiB, svc.small.rssMiB)} |`,
);
for (const op of Object.keys(best.scale)) {
  const a = best.small[op];
  const b = best.scale[op] as { p50Ms: number; p99Ms: number; n: number };
  const cell = (m?: { p50Ms: number; p99Ms: number }) =>
    m ? `${m.p50Ms.toFixed(2)} / ${m.p99Ms.toFixed(2)}` : "refused (no grid)";
  rows.push(
    `| ${op} p50 / p99 ms (n ${b.n}, best of ${rounds}) | ${cell(a)} | ${cell(b)} | ${a ? `${ratio(b.p50Ms, a.p50Ms)} / ${ratio(b.p99Ms, a.p99Ms)}` : "—"} |`,
  );
}
console.log(rows.join("\n"));
