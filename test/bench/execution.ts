// Execution-model benchmark (issue 16): `GET /` and paid `POST /v1/hello` latency on an idle
// service, then while every compute worker runs worst-case legal requests (paid, each running
// until it answers or its deadline refuses it free). The service runs in its own process
// (service/server.ts on the devnet), this process is the client. Prints markdown for
// docs/execution.md; measures, never asserts.
// BENCH_EXEC_SAMPLES (default 300) requests per measurement, one at a time.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { multipointGridBuffer, sawtoothUnion } from "../support/heavy-inputs.ts";

const root = path.resolve(import.meta.dirname, "../..");
const SAMPLES = Number(process.env.BENCH_EXEC_SAMPLES ?? 300);
const home = mkdtempSync(path.join(tmpdir(), "geo402-bench-exec-"));
const threads = availableParallelism();

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

async function waitForDevnetFile(
  server: ChildProcess,
): Promise<{ serviceUrl: string; payerPrivateKey: string }> {
  for (let i = 0; i < 480; i++) {
    if (server.exitCode !== null) throw new Error("the service exited during start-up");
    try {
      return JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8"));
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error("the service did not start within 120 s");
}

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "service/server.ts")], {
  env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", GEO402_HOME: home },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  const devnet = await waitForDevnetFile(server);
  const base = devnet.serviceUrl;
  const signer = new x402HTTPClient(
    new x402Client().register(
      "eip155:*",
      new ExactEvmScheme(privateKeyToAccount(devnet.payerPrivateKey as `0x${string}`)),
    ),
  );
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const termsCache = new Map<string, ReturnType<typeof decodePaymentRequiredHeader>>();
  const paymentFor = async (p: string, body: unknown) => {
    let terms = termsCache.get(p);
    if (!terms) {
      const unpaid = await post(p, body);
      await unpaid.arrayBuffer();
      terms = decodePaymentRequiredHeader(unpaid.headers.get("payment-required") ?? "");
      termsCache.set(p, terms);
    }
    return signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms));
  };

  const measure = async () => {
    const root: number[] = [];
    const hello: number[] = [];
    let helloOk = 0;
    const payments = [];
    for (let i = 0; i < SAMPLES; i++) payments.push(await paymentFor("/v1/hello", { name: "bench" }));
    for (let i = 0; i < SAMPLES; i++) {
      let t = performance.now();
      const r = await fetch(`${base}/`);
      await r.arrayBuffer();
      root.push(performance.now() - t);
      t = performance.now();
      const h = await post("/v1/hello", { name: "bench" }, payments[i]);
      await h.arrayBuffer();
      hello.push(performance.now() - t);
      if (h.status === 200) helloOk++;
    }
    return { root, hello, helloOk };
  };

  const idle = await measure();

  // Load: every worker busy with worst-case legal requests, each paid, one after another.
  const heavy = [
    { path: "/v1/geometry/buffer", body: multipointGridBuffer() },
    { path: "/v1/geometry/union", body: sawtoothUnion() },
  ];
  let loading = true;
  const heavyStatus = new Map<string, number>();
  const loaders = Array.from({ length: threads }, async (_, i) => {
    const job = heavy[i % heavy.length] ?? heavy[0];
    if (!job) return;
    while (loading) {
      const r = await post(job.path, job.body, await paymentFor(job.path, job.body));
      const code =
        r.status === 200 ? "" : ` ${((await r.json()) as { error?: { code?: string } }).error?.code}`;
      if (r.status === 200) await r.arrayBuffer();
      const key = `${r.status}${code}`;
      heavyStatus.set(key, (heavyStatus.get(key) ?? 0) + 1);
    }
  });
  await new Promise((r) => setTimeout(r, 1000));
  const loadStart = performance.now();
  const loaded = await measure();
  const loadSeconds = (performance.now() - loadStart) / 1000;
  loading = false;
  await Promise.all(loaders);

  const row = (what: string, xs: number[], idleXs: number[]) =>
    `| ${what} | ${pct(idleXs, 0.5).toFixed(1)} | ${pct(idleXs, 0.99).toFixed(1)} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.99).toFixed(1)} | ${(pct(xs, 0.99) / pct(idleXs, 0.99)).toFixed(2)}× |`;
  console.log(
    `${threads} compute workers, ${SAMPLES} sequential requests per row; load: ${threads} concurrent paid worst-case requests (200-point MultiPoint buffer, steps 128; union of two 990-vertex sawtooths), each restarted as soon as it ends.\n`,
  );
  console.log("| request | idle p50 ms | idle p99 ms | loaded p50 ms | loaded p99 ms | loaded/idle p99 |");
  console.log("|---|---|---|---|---|---|");
  console.log(row("`GET /`", loaded.root, idle.root));
  console.log(row("paid `POST /v1/hello`", loaded.hello, idle.hello));
  console.log(
    `\npaid hello answered: idle ${idle.helloOk}/${SAMPLES}, loaded ${loaded.helloOk}/${SAMPLES}; worst-case requests ended with status ${[
      ...heavyStatus,
    ]
      .map(([s, n]) => `${s} × ${n}`)
      .join(
        ", ",
      )} during the ${loadSeconds.toFixed(0)} s loaded measurement (goal: loaded p99 < 100 ms and within 2× idle)`,
  );
} finally {
  server.kill("SIGTERM");
}
