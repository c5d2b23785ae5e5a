// npm run soak: a bounded load test on loopback. Starts the service (devnet, real payments) in
// one process and a load generator in a second one, samples the service's RSS every few seconds,
// and prints throughput, latency percentiles, errors and RSS over time. SOAK_SECONDS (default 180).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const home = mkdtempSync(path.join(tmpdir(), "geo402-soak-"));

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
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

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "service/server.ts")], {
  env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", GEO402_HOME: home },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  const devnet = await waitForDevnetFile(server);
  const pid = server.pid ?? 0;
  const rss: [number, number][] = [[0, rssMiB(pid)]];
  const t0 = Date.now();
  const sampler = setInterval(() => rss.push([Math.round((Date.now() - t0) / 1000), rssMiB(pid)]), 5000);
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
  rss.push([Math.round((Date.now() - t0) / 1000), rssMiB(pid)]);
  console.log("\n| t (s) | service RSS (MiB) |\n|---|---|");
  const step = Math.max(1, Math.floor(rss.length / 12));
  for (const [i, [t, m]] of rss.entries())
    if (i % step === 0 || i === rss.length - 1) console.log(`| ${t} | ${m.toFixed(1)} |`);
  process.exitCode = code;
} finally {
  server.kill("SIGTERM");
}
