// The memory levers of the built service side by side (never assertions): each variant is the
// bundle started with other Node flags, environment or thread counts, the variants alternating
// within each round (BENCH_LEVER_ROUNDS, default 3; BENCH_LEVERS=name,name picks some). For each:
// RSS after start and after the 10k mixed requests of startup-memory, the service's CPU (every
// thread) per request of that load, and then paid POST /v1/hello at concurrency 16 (paid req/s and
// CPU per paid request), so that memory is never bought with CPU unseen. Medians over rounds, and
// ratios to the first variant paired per round.
import { spawnSync } from "node:child_process";
import path from "node:path";
import {
  cpuMs,
  devnetPayer,
  type Launch,
  median,
  mixedLoad,
  presign,
  root,
  rssMiB,
  start,
  stop,
} from "./_service-process.ts";

const ROUNDS = Number(process.env.BENCH_LEVER_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
const PAID = Number(process.env.BENCH_LEVER_PAID ?? 400);
const bundle = path.join(root, "build/service/server.mjs");
const node = (flags: string[], env: NodeJS.ProcessEnv = {}): Launch => ({
  command: process.execPath,
  args: [...flags, bundle],
  env,
});
// The V8 flags below are process-wide: they size the young generation of every thread (main,
// compute workers, facilitator), which a worker's resourceLimits would otherwise set per thread.
const SMALL_HEAPS = ["--max-semi-space-size=4", "--heap-growing-percent=20"];
const VARIANTS: Record<string, Launch> = {
  none: node([]),
  "MALLOC_ARENA_MAX=2": node([], { MALLOC_ARENA_MAX: "2" }),
  "--max-semi-space-size=4": node(["--max-semi-space-size=4"]),
  "semi-space 4 + arenas 2": node(["--max-semi-space-size=4"], { MALLOC_ARENA_MAX: "2" }),
  "semi-space 4 + arenas 2 + --heap-growing-percent=20": node(SMALL_HEAPS, { MALLOC_ARENA_MAX: "2" }),
  "the same + 1 compute thread": node(SMALL_HEAPS, { MALLOC_ARENA_MAX: "2", GEO402_COMPUTE_THREADS: "1" }),
};

interface Row {
  startMiB: number;
  afterMiB: number;
  mixedCpuMs: number;
  paidRps: number;
  paidCpuMs: number;
}

async function measure(launch: Launch): Promise<Row> {
  const svc = await start("geo402", launch);
  const pid = svc.proc.pid ?? 0;
  try {
    const signer = devnetPayer(svc);
    const startMiB = rssMiB(pid).own;
    const cpu0 = cpuMs(pid);
    await mixedLoad(svc.url, REQUESTS, signer);
    const mixedCpuMs = (cpuMs(pid) - cpu0) / REQUESTS;
    const afterMiB = rssMiB(pid).own;
    const hello: RequestInit = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "bench" }),
    };
    const headers = await presign(signer, { url: `${svc.url}/v1/hello`, init: hello }, PAID);
    let ok = 0;
    const cpu1 = cpuMs(pid);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let h = headers.pop(); h; h = headers.pop()) {
          // A connection closed under load counts as a request not answered (not settled).
          const status = await fetch(`${svc.url}/v1/hello`, { ...hello, headers: { ...hello.headers, ...h } })
            .then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            })
            .catch(() => 0);
          if (status === 200) ok++;
        }
      }),
    );
    const paidRps = ok / ((performance.now() - t0) / 1000);
    return { startMiB, afterMiB, mixedCpuMs, paidRps, paidCpuMs: (cpuMs(pid) - cpu1) / Math.max(ok, 1) };
  } finally {
    await stop(svc);
  }
}

async function main() {
  const wanted = process.env.BENCH_LEVERS?.split(",");
  const names = Object.keys(VARIANTS).filter((n) => !wanted || wanted.includes(n));
  const rows: Record<string, Row[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < ROUNDS; i++)
    for (const name of names) {
      const r = await measure(VARIANTS[name] as Launch);
      rows[name]?.push(r);
      console.error(`round ${i + 1} ${name}: ${JSON.stringify(r)}`);
    }
  const base = rows[names[0] ?? ""] ?? [];
  const med = (rs: Row[], k: keyof Row) => median(rs.map((r) => r[k]));
  const ratio = (rs: Row[], k: keyof Row) => median(rs.map((r, i) => r[k] / (base[i]?.[k] ?? Number.NaN)));
  console.log(
    `| service started as (${ROUNDS} alternating rounds, medians) | RSS MiB after start | after ${REQUESTS} mixed | CPU ms/req, mixed | × ${names[0]} | paid hello req/s, c=16 | × ${names[0]} | CPU ms/paid req |`,
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const name of names) {
    const rs = rows[name] ?? [];
    console.log(
      `| ${name} | ${med(rs, "startMiB").toFixed(0)} | ${med(rs, "afterMiB").toFixed(0)} (${Math.min(...rs.map((r) => r.afterMiB)).toFixed(0)}–${Math.max(...rs.map((r) => r.afterMiB)).toFixed(0)}) | ${med(rs, "mixedCpuMs").toFixed(2)} | ${ratio(rs, "mixedCpuMs").toFixed(2)} | ${med(rs, "paidRps").toFixed(1)} | ${ratio(rs, "paidRps").toFixed(2)} | ${med(rs, "paidCpuMs").toFixed(2)} |`,
    );
  }
  console.log("\n(goal: service < 300 MiB after the load, at a CPU cost stated)");
}

// The bundle rebuilt from the sources first, as `make serve` does before `npm start`.
spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
await main();
