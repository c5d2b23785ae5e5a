// A geo402 process (or a bare Fastify peer) started for a benchmark, its resources read from /proc
// (Linux), and the mixed request load the memory benchmarks put on it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { CATALOG } from "../../service/catalog.ts";
import { type Config, loadConfig } from "../../service/config.ts";
import { freePort } from "../../service/devnet/anvil.ts";
import { exactSigner } from "../support/service.ts";
import { serviceProcessEnv, untilComputeReady } from "../support/service-process.ts";

export const root = path.resolve(import.meta.dirname, "../..");
const BARE =
  'import Fastify from "fastify"; const app = Fastify(); app.get("/", async () => ({ hello: "world" })); ' +
  'app.post("/v1/hello", async (r) => ({ hello: r.body?.name })); await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });';

/** The configuration of a devnet service a bench starts in its own process (no admin listener). */
export const benchDevnetConfig = (logLevel: "info" | "silent"): Config =>
  loadConfig(
    {
      PORT: "0",
      GEO402_ADMIN_PORT: "off",
      LOG_LEVEL: logLevel,
      GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-bench-")),
    },
    root,
  );

/** What the benches read from autocannon's JSON summary. */
export interface AutocannonSummary {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
}

/** Runs autocannon (`-j` added) with `args` and resolves with its JSON summary. */
export function autocannon(args: string[]): Promise<AutocannonSummary> {
  return new Promise((resolve, reject) => {
    const p = spawn(path.join(root, "node_modules/.bin/autocannon"), ["-j", ...args], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    p.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    p.on("exit", () => {
      try {
        resolve(JSON.parse(out) as AutocannonSummary);
      } catch (e) {
        reject(e);
      }
    });
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

/** How a geo402 process is launched: the command and arguments, and environment added to the bench's. */
export interface Launch {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface Started {
  proc: ChildProcess;
  url: string;
  home: string;
  /** Port of the admin listener (/healthz, /readyz, /metrics). */
  adminPort: number;
  ms: number;
  /** CPU time (user + system, all threads) of the process at its first answer. */
  cpuMs: number;
  /** Process start → /readyz 200 (geo402: the compute workers started too); the bare process: ms. */
  readyMs: number;
}

/** Starts a bare Fastify process, or geo402 as `launch` says, and waits for its first 200 of GET /. */
export async function start(kind: "geo402" | "bare", launch?: Launch): Promise<Started> {
  const port = await freePort();
  const adminPort = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), "geo402-start-"));
  const [command, args] =
    kind === "geo402" && launch
      ? [launch.command, launch.args]
      : [process.execPath, ["--input-type=module", "-e", BARE]];
  const t0 = performance.now();
  const proc = spawn(command, args, {
    cwd: root,
    env: { ...serviceProcessEnv(port, adminPort, home), ...launch?.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${url}/`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (proc.exitCode !== null) throw new Error(`${kind} exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  const ms = performance.now() - t0;
  const cpu = cpuMs(proc.pid);
  if (kind === "bare") return { proc, url, home, adminPort, ms, cpuMs: cpu, readyMs: ms };
  await untilComputeReady(adminPort, proc);
  return { proc, url, home, adminPort, ms, cpuMs: cpu, readyMs: performance.now() - t0 };
}

export const stop = (s: Started) =>
  new Promise<void>((resolve) => {
    s.proc.once("exit", () => resolve());
    s.proc.kill("SIGTERM");
  });

/** Resident set size in MiB of a process, and of it with all its descendants. */
export function rssMiB(pid: number): { own: number; tree: number } {
  const rss = (p: number) => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  };
  const children = (p: number): number[] => {
    const kids = spawnSync("pgrep", ["-P", String(p)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map(Number);
    return kids.flatMap((k) => [k, ...children(k)]);
  };
  const own = rss(pid);
  return { own, tree: own + children(pid).reduce((a, k) => a + rss(k), 0) };
}

/**
 * CPU ms (user + system) in a /proc stat file, 10 ms ticks: a process's (every thread) or one
 * thread's (/proc/<pid>/task/<tid>/stat). NaN where the file is not there.
 */
export function cpuMsOfStat(file: string): number {
  let stat: string;
  try {
    stat = readFileSync(file, "utf8");
  } catch {
    return Number.NaN;
  }
  const fields = stat.split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU ms (user + system, every thread) a process has used; NaN without the process or /proc. */
export const cpuMs = (pid: number | undefined): number =>
  pid === undefined ? Number.NaN : cpuMsOfStat(`/proc/${pid}/stat`);

/** A client paying with the devnet payer the service wrote to its home. */
export function devnetPayer(svc: Started): x402HTTPClient {
  const devnet = JSON.parse(readFileSync(path.join(svc.home, "devnet.json"), "utf8")) as {
    payerPrivateKey: `0x${string}`;
  };
  return exactSigner(devnet.payerPrivateKey);
}

export interface Op {
  url: string;
  init: RequestInit;
}

/** The example request of every priced route, and the free and refused requests of the mix. */
function operations(base: string): { priced: Op[]; other: Op[] } {
  const priced = CATALOG.filter((e) => e.price !== "0").map((e) => {
    const query = new URLSearchParams((e.example.query ?? {}) as Record<string, string>).toString();
    const url = `${base}${e.path}${query ? `?${query}` : ""}`;
    const init: RequestInit =
      e.method === "POST"
        ? {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(e.example.body ?? {}),
          }
        : { method: "GET" };
    return { url, init };
  });
  const other: Op[] = [
    { url: `${base}/`, init: {} },
    { url: `${base}/openapi.json`, init: {} },
    {
      url: `${base}/v1/hello`,
      init: { method: "POST", headers: { "content-type": "application/json" }, body: "{" },
    },
  ];
  return { priced, other };
}

/** `count` payment headers for `op`, signed ahead; none when the route refuses its example unpaid. */
export async function presign(
  signer: x402HTTPClient,
  op: Op,
  count: number,
): Promise<Record<string, string>[]> {
  const r = await fetch(op.url, op.init);
  await r.arrayBuffer();
  // A route whose example is refused before the price (e.g. its data missing) is not paid.
  if (r.status !== 402) return [];
  const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
  const headers: Record<string, string>[] = [];
  for (let i = 0; i < count; i++)
    headers.push(signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms)));
  return headers;
}

/**
 * `n` requests at concurrency 16; every 20th pays (rotating over the priced routes, so their
 * handlers and data caches run). Resolves with the number of paid answers.
 */
export async function mixedLoad(base: string, n: number, signer?: x402HTTPClient) {
  const { priced, other } = operations(base);
  const ops = [...priced, ...other];
  const paid: { op: Op; headers: Record<string, string>[] }[] = [];
  if (signer) {
    for (const op of priced) {
      const headers = await presign(signer, op, Math.ceil(n / 20 / priced.length));
      if (headers.length > 0) paid.push({ op, headers });
    }
  }
  let next = 0;
  let paidNext = 0;
  let settled = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < n) {
        const i = next++;
        const pay = signer && paid.length > 0 && i % 20 === 0 ? paid[paidNext++ % paid.length] : undefined;
        const h = pay?.headers.pop();
        const op = pay && h ? pay.op : (ops[i % ops.length] as Op);
        const init = h
          ? { ...op.init, headers: { ...(op.init.headers as Record<string, string>), ...h } }
          : op.init;
        const r = await fetch(op.url, init);
        await r.arrayBuffer();
        if (h && r.status === 200) settled++;
      }
    }),
  );
  return settled;
}
