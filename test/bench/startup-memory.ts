// Start-up and memory of the built service (npm run build, then bin/geo402-serve as `npm start`
// runs it: the bundle with its process settings), side by side with a bare Fastify process in the same run (never assertions):
// - process start → first 200 of GET /, alternating rounds, each geo402 start with a fresh home;
// - RSS after 10k mixed requests (quotes of every priced route's example, free routes, refused
//   bodies, and 5% paid, rotating over the priced routes), the service alone and with its anvil.
// BENCH_SERVICE_ARGS runs node with other arguments instead (e.g. "--import tsx service/server.ts",
// the development start; "build/service/server.mjs", the bundle without the settings).
import { spawnSync } from "node:child_process";
import path from "node:path";
import {
  devnetPayer,
  type Launch,
  median,
  mixedLoad,
  root,
  rssMiB,
  type Started,
  start,
  stop,
} from "./_service-process.ts";

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
const SERVICE: Launch = process.env.BENCH_SERVICE_ARGS
  ? { command: process.execPath, args: process.env.BENCH_SERVICE_ARGS.split(" ") }
  : { command: path.join(root, "bin/geo402-serve"), args: [] };

async function main() {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
  const times = { geo402: [] as number[], bare: [] as number[] };
  const ready: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const kind of ["bare", "geo402"] as const) {
      const s = await start(kind, SERVICE);
      times[kind].push(s.ms);
      if (kind === "geo402") ready.push(s.readyMs);
      await stop(s);
    }
  }
  console.log(
    `| process start → first answer of GET / (${ROUNDS} alternating rounds, fresh home) | median ms |`,
  );
  console.log("|---|---|");
  console.log(`| bare Fastify process | ${median(times.bare).toFixed(0)} |`);
  console.log(`| geo402 (bin/geo402-serve, devnet included) | ${median(times.geo402).toFixed(0)} |`);
  console.log(
    `| geo402 → /readyz 200 (compute workers started, families open, chain up) | ${median(ready).toFixed(0)} |`,
  );
  console.log(
    `\nratio geo402/bare: ${(median(times.geo402) / median(times.bare)).toFixed(2)}× (goal: geo402 < 1000 ms)\n`,
  );

  const bare = await start("bare");
  const svc = await start("geo402", SERVICE);
  try {
    await measureMemory(bare, svc);
  } finally {
    await stop(svc);
    await stop(bare);
  }
}

async function measureMemory(bare: Started, svc: Started) {
  const signer = devnetPayer(svc);
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
