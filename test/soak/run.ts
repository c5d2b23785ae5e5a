// npm run soak: a bounded load test on loopback. Starts the service (devnet, real payments) in
// one process and an open-loop load generator (load.ts) in a second one, samples the service's RSS
// (/proc) and V8 heap (its admin /metrics) every SOAK_SAMPLE_SECONDS, and prints throughput,
// latency percentiles, errors, the memory curve and its slope after SOAK_WARMUP_SECONDS.
// SOAK_SECONDS (default 180). The service takes a heap snapshot into the printed folder on
// SIGUSR2 (`kill -USR2 <pid>`), for a diff in Chrome's DevTools when the curve grows.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const warmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? Math.round(Math.min(300, seconds / 3)));
// The load generator pays from one devnet account standing for many payers: its pool share
// (GEO402_COMPUTE_PAYER_SHARE, one task on a 2-core machine) would otherwise refuse most of its
// concurrent paid calls 503 overloaded, which is the fair-share rule working, not what a soak measures.
const payerShare = process.env.GEO402_COMPUTE_PAYER_SHARE ?? "64";
const home = mkdtempSync(path.join(tmpdir(), "geo402-soak-"));
const MiB = 1024 * 1024;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A loopback port free now, for the service's admin listener (its /metrics carries the heap). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The main thread's V8 heap in use and the memory held outside it (Buffers), from /metrics. */
async function heapMiB(adminUrl: string): Promise<{ heap: number; external: number }> {
  const text = await (await fetch(`${adminUrl}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? Number.NaN) / MiB;
  return {
    heap: read("geo402_nodejs_heap_size_used_bytes"),
    external: read("geo402_nodejs_external_memory_bytes"),
  };
}

/** Least-squares slope of y over t, per 10 minutes. */
function slopePer10Min(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mt = points.reduce((a, [t]) => a + t, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [t, y]) => a + (t - mt) * (y - my), 0);
  const den = points.reduce((a, [t]) => a + (t - mt) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 600;
}

async function waitForDevnetFile(
  server: ChildProcess,
): Promise<{ serviceUrl: string; payerPrivateKey: string }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error("the service exited during start-up");
    try {
      return JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8"));
    } catch {
      if (Date.now() > deadline) throw new Error("the service did not start within 120 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const adminPort = await freePort();
const adminUrl = `http://127.0.0.1:${adminPort}`;
const server = spawn(
  process.execPath,
  [
    "--heapsnapshot-signal=SIGUSR2",
    `--diagnostic-dir=${home}`,
    "--import",
    "tsx",
    path.join(root, "service/server.ts"),
  ],
  {
    env: {
      ...process.env,
      PORT: "0",
      LOG_LEVEL: "warn",
      GEO402_HOME: home,
      GEO402_ADMIN_PORT: String(adminPort),
      GEO402_COMPUTE_PAYER_SHARE: payerShare,
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
try {
  const devnet = await waitForDevnetFile(server);
  const pid = server.pid ?? 0;
  console.log(`service pid ${pid}; heap snapshots (kill -USR2 ${pid}) land in ${home}`);
  const samples: { t: number; rss: number; heap: number; external: number }[] = [];
  const t0 = Date.now();
  const sample = async () => {
    const t = Math.round((Date.now() - t0) / 1000);
    samples.push({ t, rss: rssMiB(pid), ...(await heapMiB(adminUrl)) });
  };
  await sample();
  const sampler = setInterval(() => void sample().catch(() => {}), sampleSeconds * 1000);
  const load = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "load.ts")], {
    env: {
      ...process.env,
      SOAK_URL: devnet.serviceUrl,
      SOAK_KEY: devnet.payerPrivateKey,
      SOAK_SECONDS: String(seconds),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number>((resolve) => load.on("exit", (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  await sample();
  console.log(
    `\nservice memory, sampled every ${sampleSeconds} s (${samples.length} samples; rows thinned to about 30)\n`,
  );
  console.log("| t (s) | RSS (MiB) | V8 heap used (MiB) | external (MiB) |\n|---|---|---|---|");
  const step = Math.max(1, Math.round(samples.length / 30));
  for (const [i, { t, rss, heap, external }] of samples.entries())
    if (i % step === 0 || i === samples.length - 1)
      console.log(`| ${t} | ${rss.toFixed(1)} | ${heap.toFixed(1)} | ${external.toFixed(1)} |`);
  const after = samples.filter((s) => s.t >= warmupSeconds);
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
  if (after.length > 1)
    console.log(
      `\nafter warm-up (t ≥ ${warmupSeconds} s, ${after.length} samples): ` +
        `RSS ${range(after.map((s) => s.rss))} MiB, slope ${slopePer10Min(after.map((s) => [s.t, s.rss])).toFixed(1)} MiB per 10 min; ` +
        `heap ${range(after.map((s) => s.heap))} MiB, slope ${slopePer10Min(after.map((s) => [s.t, s.heap])).toFixed(1)} MiB per 10 min`,
    );
  process.exitCode = code;
} finally {
  server.kill("SIGTERM");
}
