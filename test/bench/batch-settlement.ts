// Paid throughput of `exact` vs `batch-settlement`, side by side in one process against one service
// on the embedded devnet (ratios, never assertions): POST /v1/hello paid by the CLI's client
// (cli/batch-payer.ts over cli/paying-fetch.ts: one quote, then every call paid up front), at
// concurrency 1, 4 and 16 (one payer per worker, so one channel each), alternating the two schemes
// round by round. A batch-settlement worker deposits once before its first timed round, so the
// rounds measure voucher-paid calls; the claim that follows is reported with its gas.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createPayer, type PayScheme } from "../../cli/batch-payer.ts";
import { payingFetch } from "../../cli/paying-fetch.ts";
import { loadConfig } from "../../service/config.ts";
import { startService } from "../../service/runtime.ts";

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const root = path.resolve(import.meta.dirname, "../..");

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

const config = loadConfig(
  {
    GEO402_REVISION: "B",
    PORT: "0",
    GEO402_ADMIN_PORT: "off",
    LOG_LEVEL: "silent",
    GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-bench-")),
    GEO402_BATCH_CLAIM_PERIOD_S: "300",
  },
  root,
);
const service = await startService(config);
const devnet = service.devnet;
if (!devnet || !service.batch) throw new Error("the bench runs on the embedded devnet");

async function worker(scheme: PayScheme) {
  const key = generatePrivateKey();
  await devnet?.token.mint(privateKeyToAccount(key).address, 1_000_000_000n);
  const payer = createPayer({
    key,
    scheme,
    channelDir: mkdtempSync(path.join(tmpdir(), "geo402-bench-payer-")),
    rpcUrl: devnet?.anvil.rpcUrl ?? "",
    maxDepositAtomic: 100_000_000n,
  });
  const f = payingFetch(fetch, payer);
  const call = async () => {
    const r = await f(`${service.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"Ada"}',
    });
    if (r.status !== 200) throw new Error(`${scheme}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };
  await call(); // batch-settlement: the deposit; exact: a first settlement like every other
  return call;
}

async function round(calls: (() => Promise<void>)[]) {
  const latencies: number[] = [];
  const end = performance.now() + ROUND_SECONDS * 1000;
  await Promise.all(
    calls.map(async (call) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { rps: latencies.length / ROUND_SECONDS, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) };
}

const fmt = (n: number) => n.toFixed(1);
console.log("| concurrency | exact req/s | batch req/s | ratio | exact p50/p99 ms | batch p50/p99 ms |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const c of [1, 4, 16]) {
  const exact = await Promise.all(Array.from({ length: c }, () => worker("exact")));
  const batch = await Promise.all(Array.from({ length: c }, () => worker("batch-settlement")));
  const e: Awaited<ReturnType<typeof round>>[] = [];
  const b: Awaited<ReturnType<typeof round>>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    e.push(await round(exact));
    b.push(await round(batch));
  }
  const best = (xs: typeof e) => xs.reduce((m, x) => (x.rps > m.rps ? x : m));
  const [be, bb] = [best(e), best(b)];
  console.log(
    `| ${c} | ${fmt(be.rps)} | ${fmt(bb.rps)} | ${fmt(bb.rps / be.rps)}× | ${fmt(be.p50)} / ${fmt(be.p99)} | ${fmt(bb.p50)} / ${fmt(bb.p99)} |`,
  );
}
const before = await devnet.token.publicClient.getBlockNumber();
const claimed = await service.batch.scheduler.runOnce();
const after = await devnet.token.publicClient.getBlockNumber();
let gas = 0n;
for (let n = before + 1n; n <= after; n++) {
  const block = await devnet.token.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
  for (const tx of block.transactions)
    gas += (await devnet.token.publicClient.getTransactionReceipt({ hash: tx.hash })).gasUsed;
}
console.log(
  `\nclaim round after the runs: ${claimed.claims} claim transaction(s) for every channel, settled: ${claimed.settled}, ${gas} gas`,
);
await service.close();
