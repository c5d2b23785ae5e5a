// Exact against batch-settlement on a chain with real block times: the batch-settlement bench
// (batch-settlement.ts: POST /v1/hello, c = 1, 4, 16, req/s, p50/p99 and the ratio) with the devnet
// mining every 2 s (Base's block time) and every 0.2 s. An exact call waits for the block holding
// its transfer; a voucher-paid call has no chain round trip. Rounds are 10 s (BENCH_SECONDS) so a
// 2 s chain gives each client several blocks; one round per scheme (BENCH_ROUNDS): the figures are
// bound by the blocks, not by the machine.
import { spawnSync } from "node:child_process";
import path from "node:path";

let failed = false;
for (const blockTime of ["2", "0.2"]) {
  console.log(`\n### blocks every ${blockTime} s\n`);
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "batch-settlement.ts")],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        GEO402_DEVNET_BLOCK_TIME: blockTime,
        BENCH_SECONDS: process.env.BENCH_SECONDS ?? "10",
        BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? "1",
      },
    },
  );
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
