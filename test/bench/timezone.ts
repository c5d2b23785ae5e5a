// Timezone lookup against geo-tz 8.1.9 (`geo-tz/all`: the full timezones product we build from) on the same
// seeded random points, each side in its own process: start-up to first answer, lookups/s on the
// first (cold) and second (warm) pass over 100k points, RSS after them.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ARTIFACTS_DIR, builtFamily } from "../support/built-artifacts.ts";

const N = Number(process.env.BENCH_POINTS ?? 100_000);
type Side = "geo402" | "geo402-file" | "geo-tz";

interface Result {
  side: Side;
  startupMs: number;
  coldPerSecond: number;
  warmPerSecond: number;
  rssMiB: number;
}

function points(n: number): Float64Array {
  const out = new Float64Array(2 * n);
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let i = 0; i < n; i++) {
    out[2 * i] = (Math.asin(2 * random() - 1) * 180) / Math.PI; // uniform on the sphere
    out[2 * i + 1] = -180 + 360 * random();
  }
  return out;
}

async function child(side: Side): Promise<void> {
  const t0 = performance.now();
  let lookup: (lat: number, lon: number) => string | Promise<string>;
  if (side === "geo-tz") {
    const { find } = await import("geo-tz/all");
    lookup = (lat, lon) => find(lat, lon)[0]!;
  } else {
    const { TimezoneLookup } = await import("../../artifacts/format/timezone-lookup.ts");
    const tz = await TimezoneLookup.open(
      (await builtFamily("timezone")).dir,
      side === "geo402" ? "memory" : "file",
    );
    lookup = async (lat, lon) => (await tz.lookup(lat, lon)).timeZone;
  }
  await lookup(61.2181, -149.9003);
  const startupMs = performance.now() - t0;
  const pts = points(N);
  // Both sides are awaited (ours answers a promise), so each pays the same per-call await.
  const pass = async () => {
    const s = performance.now();
    let n = 0;
    for (let i = 0; i < N; i++) n += (await lookup(pts[2 * i]!, pts[2 * i + 1]!)).length;
    if (n === 0) throw new Error("no answers");
    return N / ((performance.now() - s) / 1000);
  };
  const coldPerSecond = await pass();
  const warmPerSecond = await pass();
  const result: Result = {
    side,
    startupMs,
    coldPerSecond,
    warmPerSecond,
    rssMiB: process.memoryUsage().rss / 2 ** 20,
  };
  process.stdout.write(JSON.stringify(result));
}

function run(side: Side): Result {
  const r = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename, side], {
    encoding: "utf8",
    env: { ...process.env, GEO402_ARTIFACTS: ARTIFACTS_DIR },
    cwd: path.resolve(import.meta.dirname, "../.."),
  });
  if (r.status !== 0) throw new Error(`${side} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Result;
}

const arg = process.argv[2] as Side | undefined;
if (arg) {
  await child(arg);
} else {
  await builtFamily("timezone");
  const [ours, file, peer] = (["geo402", "geo402-file", "geo-tz"] as const).map(run) as [
    Result,
    Result,
    Result,
  ];
  const f = (n: number, d = 0) =>
    n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`${f(N)} random points uniform on the sphere, Node ${process.version}\n`);
  console.log("| measure | geo402 (memory) | geo402 (file reads) | geo-tz 8.1.9 | geo402 / geo-tz |");
  console.log("|---|---|---|---|---|");
  console.log(
    `| start-up to first answer (ms) | ${f(ours.startupMs, 1)} | ${f(file.startupMs, 1)} | ${f(peer.startupMs, 1)} | ${f(ours.startupMs / peer.startupMs, 2)} |`,
  );
  console.log(
    `| lookups/s, first pass (cold) | ${f(ours.coldPerSecond)} | ${f(file.coldPerSecond)} | ${f(peer.coldPerSecond)} | ${f(ours.coldPerSecond / peer.coldPerSecond, 2)} |`,
  );
  console.log(
    `| lookups/s, second pass (warm) | ${f(ours.warmPerSecond)} | ${f(file.warmPerSecond)} | ${f(peer.warmPerSecond)} | ${f(ours.warmPerSecond / peer.warmPerSecond, 2)} |`,
  );
  console.log(
    `| RSS after ${f(2 * N)} lookups (MiB) | ${f(ours.rssMiB, 1)} | ${f(file.rssMiB, 1)} | ${f(peer.rssMiB, 1)} | ${f(ours.rssMiB / peer.rssMiB, 2)} |`,
  );
}
