// Start-up and memory of the built service (npm run build, then bin/geo402-serve as `npm start`
// runs it: the bundle with its process settings), side by side with a bare Fastify process in the
// same run (never assertions):
// - process start → first 200 of GET /, alternating rounds, each geo402 start with a fresh home, with
//   the devnet and in production mode (FACILITATOR_URL and PAY_TO set: the facilitator of a devnet
//   this bench starts first, over its loopback HTTP API), with the process's CPU time (all its
//   threads) at the first answer, which the machine's load inflates much less than wall time;
// - RSS after 10k mixed requests (quotes of every priced route's example, free routes, refused
//   bodies, and 5% paid, rotating over the priced routes), the service alone and with its anvil.
// BENCH_SERVICE_ARGS runs node with other arguments instead (e.g. "--import tsx service/server.ts",
// the development start; "build/service/server.mjs", the bundle without the settings);
// BENCH_BASELINE_ARGS adds another node entry to every round (e.g. the bundle of an earlier
// commit), measured alternating with the current one.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevnet } from "../../service/devnet/devnet.ts";
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
const nodeWith = (args: string) => ({ command: process.execPath, args: args.split(" ") });
const SERVICE: Launch = process.env.BENCH_SERVICE_ARGS
  ? nodeWith(process.env.BENCH_SERVICE_ARGS)
  : { command: path.join(root, "bin/geo402-serve"), args: [] };

/** What a round starts: the bare Fastify process, or a geo402 launch. */
interface Kind {
  label: string;
  launch?: Launch;
}

async function main() {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
  // Production mode's facilitator: a devnet of this process, as a remote facilitator would be.
  const chain = await startDevnet({
    network: "eip155:8453",
    home: mkdtempSync(path.join(tmpdir(), "geo402-fac-")),
  });
  const production = { FACILITATOR_URL: chain.facilitatorUrl, PAY_TO: chain.payTo };
  const geo402 = (label: string, launch: Launch): Kind[] => [
    { label: `${label}, devnet`, launch },
    { label: `${label}, production mode`, launch: { ...launch, env: { ...launch.env, ...production } } },
  ];
  const bare: Kind = { label: "bare Fastify process" };
  const kinds: Kind[] = [
    bare,
    ...geo402("geo402", SERVICE),
    ...(process.env.BENCH_BASELINE_ARGS
      ? geo402("baseline (BENCH_BASELINE_ARGS)", nodeWith(process.env.BENCH_BASELINE_ARGS))
      : []),
  ];
  const runs = new Map<Kind, Started[]>(kinds.map((k) => [k, []]));
  try {
    for (let i = 0; i < ROUNDS; i++) {
      for (const kind of kinds) {
        const s = await start(kind.launch ? "geo402" : "bare", kind.launch);
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

  const bareProc = await start("bare");
  const svc = await start("geo402", SERVICE);
  try {
    await measureMemory(bareProc, svc);
  } finally {
    await stop(svc);
    await stop(bareProc);
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
