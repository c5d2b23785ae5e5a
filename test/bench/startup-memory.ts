// Start-up and memory of the built service (npm run build → build/service/server.mjs, as `npm start`
// runs it), side by side with a bare Fastify process in the same run (never assertions):
// - process start → first 200 of GET /, alternating rounds, each geo402 start with a fresh home;
// - RSS after 10k mixed requests (quotes of every priced route, free routes, refused bodies and
//   5% paid hello), the service alone and with its anvil (the process tree).
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
}

async function start(kind: "geo402" | "bare"): Promise<Started> {
  const port = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), "geo402-start-"));
  const args =
    kind === "geo402" ? [path.join(root, "build/service/server.mjs")] : ["--input-type=module", "-e", BARE];
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", GEO402_HOME: home },
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
  return { proc, url, home, ms: performance.now() - t0 };
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

async function mixedLoad(s: Started, n: number, paidHeaders: Record<string, string>[]) {
  const priced = CATALOG.filter((e) => e.price !== "0");
  const ops: (() => Promise<Response>)[] = [];
  for (const e of priced) {
    const query = new URLSearchParams((e.example.query ?? {}) as Record<string, string>).toString();
    const url = `${s.url}${e.path}${query ? `?${query}` : ""}`;
    ops.push(() =>
      e.method === "POST"
        ? fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(e.example.body ?? {}),
          })
        : fetch(url),
    );
  }
  ops.push(() => fetch(`${s.url}/`));
  ops.push(() => fetch(`${s.url}/openapi.json`));
  ops.push(() =>
    fetch(`${s.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    }),
  );
  let next = 0;
  let paid = 0;
  let settled = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < n) {
        const i = next++;
        const h = i % 20 === 0 ? paidHeaders[paid++] : undefined;
        const r = h
          ? await fetch(`${s.url}/v1/hello`, {
              method: "POST",
              headers: { "content-type": "application/json", ...h },
              body: '{"name":"m"}',
            })
          : await (ops[i % ops.length] as () => Promise<Response>)();
        await r.arrayBuffer();
        if (h && r.status === 200) settled++;
      }
    }),
  );
  return settled;
}

async function main() {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
  const times = { geo402: [] as number[], bare: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const kind of ["bare", "geo402"] as const) {
      const s = await start(kind);
      times[kind].push(s.ms);
      await stop(s);
    }
  }
  console.log(
    `| process start → first answer of GET / (${ROUNDS} alternating rounds, fresh home) | median ms |`,
  );
  console.log("|---|---|");
  console.log(`| bare Fastify process | ${median(times.bare).toFixed(0)} |`);
  console.log(
    `| geo402 (node build/service/server.mjs, devnet included) | ${median(times.geo402).toFixed(0)} |`,
  );
  console.log(
    `\nratio geo402/bare: ${(median(times.geo402) / median(times.bare)).toFixed(2)}× (goal: geo402 < 1000 ms)\n`,
  );

  const bare = await start("bare");
  const svc = await start("geo402");
  const devnet = JSON.parse(readFileSync(path.join(svc.home, "devnet.json"), "utf8")) as {
    payerPrivateKey: `0x${string}`;
  };
  const signer = new x402HTTPClient(
    new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(devnet.payerPrivateKey))),
  );
  const unpaid = await fetch(`${svc.url}/v1/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"name":"m"}',
  });
  const terms = decodePaymentRequiredHeader(unpaid.headers.get("payment-required") ?? "");
  const headers: Record<string, string>[] = [];
  for (let i = 0; i < Math.ceil(REQUESTS / 20); i++)
    headers.push(signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms)));
  const before = rssMiB(svc.proc.pid ?? 0);
  const settled = await mixedLoad(svc, REQUESTS, headers);
  await mixedLoad(bare, REQUESTS, []);
  const after = rssMiB(svc.proc.pid ?? 0);
  const bareRss = rssMiB(bare.proc.pid ?? 0);
  console.log(`| RSS, MiB | after start | after ${REQUESTS} mixed requests (${settled} paid) |`);
  console.log("|---|---|---|");
  console.log(`| bare Fastify process | — | ${bareRss.own.toFixed(0)} |`);
  console.log(`| geo402 service | ${before.own.toFixed(0)} | ${after.own.toFixed(0)} |`);
  console.log(`| geo402 tree (service + anvil) | ${before.tree.toFixed(0)} | ${after.tree.toFixed(0)} |`);
  console.log("\n(goal: service < 300 MiB)");
  await stop(svc);
  await stop(bare);
}

await main();
