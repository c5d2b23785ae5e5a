// Paid throughput of `exact` vs `batch-settlement`, side by side in one run against one service on
// the embedded devnet (ratios, never assertions): POST /v1/hello paid by the CLI's client
// (cli/batch-payer.ts over cli/paying-fetch.ts: one quote, then every call paid up front), at
// concurrency 1, 4 and 16 (one payer per client, so one channel each), the two schemes alternating
// round by round. The clients run in a load-generator process of their own (_paying-load.ts), as
// they would on callers' machines, so the service's event loop carries only the service; the CPU
// each party spent per paid answer (this process = the service with its facilitator and compute
// threads, anvil = the chain, the load generator = the clients) is read from /proc around each
// round. A batch-settlement client deposits once before the timed rounds, so they measure
// voucher-paid calls; the claim that follows is reported with its gas.
// GEO402_DEVNET_BLOCK_TIME (seconds) makes the devnet mine on an interval, as a real chain does:
// block-time.ts runs this bench at 2 s and 0.2 s blocks.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { PayScheme } from "../../cli/batch-payer.ts";
import { loadConfig } from "../../service/config.ts";
import { startService } from "../../service/runtime.ts";
import type { LoadCommand, LoadRequest } from "./_paying-load.ts";
import { cpuMs } from "./_service-process.ts";

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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
    GEO402_DEVNET_BLOCK_TIME: process.env.GEO402_DEVNET_BLOCK_TIME ?? "",
  },
  root,
);
const service = await startService(config);
const devnet = service.devnet;
if (!devnet || !service.batch) throw new Error("the bench runs on the embedded devnet");
await service.warm;
const children: ChildProcess[] = [];

/** One load generator with `c` funded payers, warmed (first settlement or deposit done). */
async function loadGenerator(scheme: PayScheme, c: number) {
  const keys = Array.from({ length: c }, () => generatePrivateKey());
  for (const key of keys) await devnet?.token.mint(privateKeyToAccount(key).address, 1_000_000_000n);
  const child = fork(path.join(import.meta.dirname, "_paying-load.ts"), {
    execArgv: ["--import", "tsx"],
  });
  children.push(child);
  const ask = (message: LoadRequest | LoadCommand) =>
    new Promise<unknown>((resolve, reject) => {
      child.once("message", (answer: unknown) =>
        answer && typeof answer === "object" && "error" in answer
          ? reject(new Error(String(answer.error)))
          : resolve(answer),
      );
      child.send(message);
    });
  await ask({ url: service.url, rpcUrl: devnet?.anvil.rpcUrl ?? "", scheme, keys });
  await ask("warm");
  return {
    async round() {
      const before = [cpuMs(process.pid), cpuMs(devnet?.anvil.pid), cpuMs(child.pid)];
      const latencies = (await ask({ round: ROUND_SECONDS })) as number[];
      const after = [cpuMs(process.pid), cpuMs(devnet?.anvil.pid), cpuMs(child.pid)];
      const [service, chain, clients] = after.map((a, i) => (a - (before[i] ?? 0)) / latencies.length);
      return {
        rps: latencies.length / ROUND_SECONDS,
        p50: pct(latencies, 0.5),
        p99: pct(latencies, 0.99),
        cpu: { service, chain, clients },
      };
    },
  };
}
type Round = Awaited<ReturnType<Awaited<ReturnType<typeof loadGenerator>>["round"]>>;

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "n/a" : n.toFixed(1));
console.log(
  `${config.devnetBlockTimeS === undefined ? "devnet mining a block per transaction" : `devnet mining a block every ${config.devnetBlockTimeS} s`}, ${ROUNDS} alternating round(s) of ${ROUND_SECONDS} s per scheme and concurrency, the best round of each (load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")})\n`,
);
console.log(
  "| concurrency | exact req/s | batch req/s | batch/exact | exact p50/p99 ms | batch p50/p99 ms | CPU ms per paid answer, exact: service / chain / clients | batch: service / chain / clients |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const c of [1, 4, 16]) {
  const exact = await loadGenerator("exact", c);
  const batch = await loadGenerator("batch-settlement", c);
  const e: Round[] = [];
  const b: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    e.push(await exact.round());
    b.push(await batch.round());
  }
  const best = (xs: Round[]) => xs.reduce((m, x) => (x.rps > m.rps ? x : m));
  const [be, bb] = [best(e), best(b)];
  const cpu = (r: Round) => `${fmt(r.cpu.service)} / ${fmt(r.cpu.chain)} / ${fmt(r.cpu.clients)}`;
  console.log(
    `| ${c} | ${fmt(be.rps)} | ${fmt(bb.rps)} | ${fmt(bb.rps / be.rps)}× | ${fmt(be.p50)} / ${fmt(be.p99)} | ${fmt(bb.p50)} / ${fmt(bb.p99)} | ${cpu(be)} | ${cpu(bb)} |`,
  );
}
for (const child of children) child.kill();

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
