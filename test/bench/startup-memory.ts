// Start-up and memory of the built service (npm run build → build/service/server.mjs, as `npm start`
// runs it), side by side with a bare Fastify process in the same run (never assertions):
// - process start → first 200 of GET /, alternating rounds, each geo402 start with a fresh home, with
//   the devnet and in production mode (FACILITATOR_URL and PAY_TO set: the facilitator of a devnet
//   this bench starts first, over its loopback HTTP API), with the process's CPU time (all its
//   threads) at the first answer, which the machine's load inflates much less than wall time;
// - RSS after 10k mixed requests (quotes of every priced route's example, free routes, refused
//   bodies, and 5% paid, rotating over the priced routes), the service alone and with its anvil.
// BENCH_SERVICE_ARGS runs another entry instead (e.g. "--import tsx service/server.ts", the
// development start); BENCH_BASELINE_ARGS adds another entry to every round (e.g. the bundle of an
// earlier commit), measured alternating with the current one.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { CATALOG } from "../../service/catalog.ts";
import { freePort } from "../../service/payment/anvil.ts";
import { type Devnet, startDevnet } from "../../service/payment/devnet.ts";
import { serviceProcessEnv, untilComputeReady } from "../support/service-process.ts";

const root = path.resolve(import.meta.dirname, "../..");
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
const BARE =
  'import Fastify from "fastify"; const app = Fastify(); app.get("/", async () => ({ hello: "world" })); ' +
  'app.post("/v1/hello", async (r) => ({ hello: r.body?.name })); await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

interface Started {
  proc: ChildProcess;
  url: string;
  home: string;
  ms: number;
  /** CPU time (user + system, all threads) of the process at its first answer. */
  cpuMs: number;
  /** Process start → /readyz 200 (geo402: the compute workers started too); the bare process: ms. */
  readyMs: number;
}

/** What a round starts: a bare Fastify process, or a geo402 entry with the devnet or in production mode. */
interface Kind {
  label: string;
  args: string[];
  /** Production mode: the facilitator and payTo of the bench's own devnet. */
  production?: Devnet;
}

/** CPU time of a process so far (user + system, all threads), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function start(kind: Kind): Promise<Started> {
  const port = await freePort();
  const adminPort = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), "geo402-start-"));
  const env = serviceProcessEnv(port, adminPort, home);
  if (kind.production)
    Object.assign(env, { FACILITATOR_URL: kind.production.facilitatorUrl, PAY_TO: kind.production.payTo });
  const t0 = performance.now();
  const proc = spawn(process.execPath, kind.args, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${url}/`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (proc.exitCode !== null) throw new Error(`${kind.label} exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  const ms = performance.now() - t0;
  const cpu = cpuMs(proc.pid ?? 0);
  if (kind.args[0] === "--input-type=module") return { proc, url, home, ms, cpuMs: cpu, readyMs: ms };
  await untilComputeReady(adminPort, proc);
  return { proc, url, home, ms, cpuMs: cpu, readyMs: performance.now() - t0 };
}

const stop = (s: Started) =>
  new Promise<void>((resolve) => {
    s.proc.once("exit", () => resolve());
    s.proc.kill("SIGTERM");
  });

/** Resident set size in MiB of a process, and of it with all its descendants. */
function rssMiB(pid: number): { own: number; tree: number } {
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

interface Op {
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

/** Every 20th request pays (rotating over the priced routes, so their handlers and data caches run). */
async function mixedLoad(base: string, n: number, signer?: x402HTTPClient) {
  const { priced, other } = operations(base);
  const ops = [...priced, ...other];
  const paid: { op: Op; headers: Record<string, string>[] }[] = [];
  if (signer) {
    for (const op of priced) {
      const r = await fetch(op.url, op.init);
      await r.arrayBuffer();
      // A route whose example is refused before the price (e.g. its data missing) is not paid.
      if (r.status !== 402) continue;
      const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
      const headers: Record<string, string>[] = [];
      for (let i = 0; i < Math.ceil(n / 20 / priced.length); i++)
        headers.push(signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms)));
      paid.push({ op, headers });
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

async function main() {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
  const bare: Kind = { label: "bare Fastify process", args: ["--input-type=module", "-e", BARE] };
  const current = (process.env.BENCH_SERVICE_ARGS ?? path.join(root, "build/service/server.mjs")).split(" ");
  const baseline = process.env.BENCH_BASELINE_ARGS?.split(" ");
  // Production mode's facilitator: a devnet of this process, as a remote facilitator would be.
  const chain = await startDevnet({
    network: "eip155:8453",
    home: mkdtempSync(path.join(tmpdir(), "geo402-fac-")),
  });
  const geo402 = (label: string, args: string[]): Kind[] => [
    { label: `${label}, devnet`, args },
    { label: `${label}, production mode`, args, production: chain },
  ];
  const kinds: Kind[] = [
    bare,
    ...geo402("geo402", current),
    ...(baseline ? geo402("baseline (BENCH_BASELINE_ARGS)", baseline) : []),
  ];
  const runs = new Map<Kind, Started[]>(kinds.map((k) => [k, []]));
  try {
    for (let i = 0; i < ROUNDS; i++) {
      for (const kind of kinds) {
        const s = await start(kind);
        runs.get(kind)?.push(s);
        await stop(s);
      }
    }
  } finally {
    await chain.stop();
  }
  const bareMs = median((runs.get(bare) ?? []).map((s) => s.ms));
  const bareCpu = median((runs.get(bare) ?? []).map((s) => s.cpuMs));
  console.log(
    `| process start → first answer of GET / (${ROUNDS} alternating rounds, fresh home) | median wall ms | ratio to bare | median process CPU ms | ratio to bare | → /readyz 200 ms |`,
  );
  console.log("|---|---|---|---|---|---|");
  for (const kind of kinds) {
    const started = runs.get(kind) ?? [];
    const ms = median(started.map((s) => s.ms));
    const cpu = median(started.map((s) => s.cpuMs));
    const ready = kind === bare ? "" : median(started.map((s) => s.readyMs)).toFixed(0);
    console.log(
      `| ${kind.label} | ${ms.toFixed(0)} | ${(ms / bareMs).toFixed(2)}× | ${cpu.toFixed(0)} | ${(cpu / bareCpu).toFixed(2)}× | ${ready} |`,
    );
  }
  console.log("\n(goal: geo402 < 1000 ms wall; /readyz: compute workers started, families open, chain up)\n");

  const bareProc = await start(bare);
  const svc = await start({ label: "geo402", args: current });
  try {
    await measureMemory(bareProc, svc);
  } finally {
    await stop(svc);
    await stop(bareProc);
  }
}

async function measureMemory(bare: Started, svc: Started) {
  const devnet = JSON.parse(readFileSync(path.join(svc.home, "devnet.json"), "utf8")) as {
    payerPrivateKey: `0x${string}`;
  };
  const signer = new x402HTTPClient(
    new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(devnet.payerPrivateKey))),
  );
  const before = rssMiB(svc.proc.pid ?? 0);
  const settled = await mixedLoad(svc.url, REQUESTS, signer);
  await mixedLoad(bare.url, REQUESTS);
  const after = rssMiB(svc.proc.pid ?? 0);
  const bareRss = rssMiB(bare.proc.pid ?? 0);
  console.log(`| RSS, MiB | after start | after ${REQUESTS} mixed requests (${settled} paid) |`);
  console.log("|---|---|---|");
  console.log(`| bare Fastify process | — | ${bareRss.own.toFixed(0)} |`);
  console.log(`| geo402 service | ${before.own.toFixed(0)} | ${after.own.toFixed(0)} |`);
  console.log(`| geo402 tree (service + anvil) | ${before.tree.toFixed(0)} | ${after.tree.toFixed(0)} |`);
  console.log("\n(goal: service < 300 MiB)");
}

await main();
