// The 402 and the paid path beside their peers (issue 32 item 5), each system in its own process
// so that the CPU its main thread spends (from /proc, Linux) is its own, the same remote
// facilitator behind both paid sides:
// - unpaid POST /v1/hello → 402: geo402 against a bare Fastify JSON route, a bare Fastify route
//   sending geo402's 402 as it is (the same headers and body: the cost of its bytes alone) and
//   @x402/express (autocannon, c=16, rounds in rotating order), main-thread CPU per request;
// - paid POST /v1/hello (exact, pre-signed by this process): geo402 against @x402/express, both
//   verifying and settling through the devnet's facilitator over HTTP on loopback (started here:
//   anvil, test USDC, the facilitator in its own thread), main-thread CPU per paid request.
// BENCH_SECONDS (autocannon round), BENCH_ROUNDS, BENCH_PAID (paid requests per side and round),
// BENCH_PROFILE_DIR (geo402's CPU profiles).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { freePort } from "../../service/devnet/anvil.ts";
import { startService } from "../../service/runtime.ts";
import { exactSigner } from "../support/service.ts";
import { serviceProcessEnv, untilComputeReady } from "../support/service-process.ts";
import {
  autocannon,
  benchDevnetConfig,
  cpuMs,
  cpuMsOfStat,
  median,
  root,
  start,
  stop,
} from "./_service-process.ts";

/** geo402's hello price, which the @x402/express peer charges too. */
const PRICE = "0.001";
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAID = Number(process.env.BENCH_PAID ?? 60);
const body = JSON.stringify({ name: "bench" });

/** CPU ms of a process's main thread (its task id is its pid). */
const mainCpuMs = (pid: number) => cpuMsOfStat(`/proc/${pid}/task/${pid}/stat`);

/** Resolves once `url` answers at all. */
async function answering(url: string, proc: ChildProcess): Promise<void> {
  for (;;) {
    if (
      await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body }).then(
        () => true,
        () => false,
      )
    )
      return;
    if (proc.exitCode !== null) throw new Error(`${url}: the process exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One autocannon round of unpaid POSTs: requests answered and main-thread CPU µs per request. */
async function unpaidRound(url: string, pid: number): Promise<{ requests: number; cpuUs: number }> {
  const cpu0 = mainCpuMs(pid);
  const args = ["-c", "16", "-d", String(ROUND_SECONDS), "-m", "POST"];
  args.push("-H", "content-type=application/json", "-b", body, url);
  const total = (await autocannon(args)).requests.total;
  return { requests: total, cpuUs: ((mainCpuMs(pid) - cpu0) * 1000) / total };
}

const config = benchDevnetConfig("silent");
const chain = await startService(config);
const devnet = chain.devnet;
if (!devnet) throw new Error("the bench runs on the devnet");
const remote = { FACILITATOR_URL: devnet.facilitatorUrl, PAY_TO: devnet.payTo };
const procs: ChildProcess[] = [];
try {
  // geo402 as `npm start` runs it (info log to a discarded stdout), the facilitator remote
  const port = await freePort();
  const adminPort = await freePort();
  // BENCH_PROFILE_DIR: geo402 writes a CPU profile of its main thread there when it stops
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROFILE_DIR]
    : [];
  const geo402 = spawn(process.execPath, [...profile, "--import", "tsx", "service/server.ts"], {
    cwd: root,
    env: {
      ...serviceProcessEnv(port, adminPort, mkdtempSync(path.join(tmpdir(), "geo402-peer-"))),
      ...remote,
      GEO402_RPC_URL: devnet.anvil.rpcUrl,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  procs.push(geo402);
  const expressPort = await freePort();
  const express = spawn(process.execPath, ["--import", "tsx", "test/bench/_x402-express-peer.ts"], {
    cwd: root,
    env: { ...process.env, ...remote, NETWORK: config.network, PRICE, PORT: String(expressPort) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  procs.push(express);
  const bare = await start("bare");
  procs.push(bare.proc);
  await untilComputeReady(adminPort, geo402);
  // geo402's 402 as it is on the wire, for a bare Fastify route answering the same bytes.
  const unpaid402 = await fetch(`http://127.0.0.1:${port}/v1/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const perConnection = ["date", "connection", "keep-alive", "content-length", "transfer-encoding"];
  const same402Port = await freePort();
  const same402 = spawn(process.execPath, ["--import", "tsx", "test/bench/_same-402-peer.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(same402Port),
      ANSWER: JSON.stringify({
        status: unpaid402.status,
        headers: Object.fromEntries([...unpaid402.headers].filter(([k]) => !perConnection.includes(k))),
        body: await unpaid402.text(),
      }),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  procs.push(same402);
  const sides = {
    "bare Fastify JSON route": { url: `${bare.url}/v1/hello`, proc: bare.proc },
    "bare Fastify sending geo402's 402 bytes": {
      url: `http://127.0.0.1:${same402Port}/v1/hello`,
      proc: same402,
    },
    "@x402/express (unpaid → 402)": { url: `http://127.0.0.1:${expressPort}/v1/hello`, proc: express },
    "geo402 (unpaid → 402)": { url: `http://127.0.0.1:${port}/v1/hello`, proc: geo402 },
  };
  type Side = keyof typeof sides;
  const names = Object.keys(sides) as Side[];
  for (const n of names) await answering(sides[n].url, sides[n].proc);
  const pid = (n: Side) => sides[n].proc.pid as number;

  // 1. Unpaid: one round each not counted (every route compiled), then rotating rounds.
  for (const n of names) await unpaidRound(sides[n].url, pid(n));
  const unpaid: Record<Side, number>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round = {} as Record<Side, number>;
    for (const n of [...names.slice(i % names.length), ...names.slice(0, i % names.length)])
      round[n] = (await unpaidRound(sides[n].url, pid(n))).cpuUs;
    unpaid.push(round);
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} (node ${process.version})\n`,
  );
  console.log(
    `| unpaid POST /v1/hello, c=16, ${ROUNDS} rounds of ${ROUND_SECONDS} s | main-thread CPU µs per request (median) | ratio to bare Fastify (median of rounds) |`,
  );
  console.log("|---|---|---|");
  for (const n of names) {
    const ratios = unpaid.map((r) => r[n] / r["bare Fastify JSON route"]);
    console.log(`| ${n} | ${median(unpaid.map((r) => r[n])).toFixed(0)} | ${median(ratios).toFixed(2)} |`);
  }
  const sameBytes = median(
    unpaid.map((r) => r["geo402 (unpaid → 402)"] / r["bare Fastify sending geo402's 402 bytes"]),
  );
  console.log("\ngoal: geo402 ≤ 1.5× bare Fastify");
  console.log(
    `geo402 ÷ bare Fastify sending the same 402 bytes: ${sameBytes.toFixed(2)}× (median of rounds)\n`,
  );

  // 2. Paid: each side's own terms, payments signed before the round (the client's cost).
  const signer = exactSigner(devnet.payerKey);
  const paidSides = {
    "@x402/express": sides["@x402/express (unpaid → 402)"],
    geo402: sides["geo402 (unpaid → 402)"],
  };
  type Paid = keyof typeof paidSides;
  const terms = {} as Record<Paid, ReturnType<typeof decodePaymentRequiredHeader>>;
  for (const n of Object.keys(paidSides) as Paid[]) {
    const r = await fetch(paidSides[n].url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    terms[n] = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
  }
  const paidRound = async (n: Paid, count: number) => {
    const headers: Record<string, string>[] = [];
    for (let i = 0; i < count; i++)
      headers.push(signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms[n])));
    const p = paidSides[n].proc.pid as number;
    const main0 = mainCpuMs(p);
    const all0 = cpuMs(p);
    let ok = 0;
    let next = 0;
    const refused = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < count) {
          const h = headers[next++];
          const r = await fetch(paidSides[n].url, {
            method: "POST",
            headers: { "content-type": "application/json", ...h },
            body,
          });
          await r.arrayBuffer();
          if (r.status === 200) ok++;
          else refused.set(r.status, (refused.get(r.status) ?? 0) + 1);
        }
      }),
    );
    if (ok === 0)
      throw new Error(
        `${n}: no paid request answered (${[...refused].map(([s, c]) => `${c} × HTTP ${s}`).join(", ")})`,
      );
    return { ok, count, main: (mainCpuMs(p) - main0) / ok, all: (cpuMs(p) - all0) / ok, refused };
  };
  const paidNames = Object.keys(paidSides) as Paid[];
  for (const n of paidNames) await paidRound(n, 10);
  const paid: Record<Paid, Awaited<ReturnType<typeof paidRound>>>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round = {} as Record<Paid, Awaited<ReturnType<typeof paidRound>>>;
    for (const n of i % 2 === 0 ? paidNames : [...paidNames].reverse()) round[n] = await paidRound(n, PAID);
    paid.push(round);
  }
  console.log(
    `| paid POST /v1/hello, exact, c=4, ${ROUNDS} rounds of ${PAID} | answered | main-thread CPU ms per paid request (median) | whole process | ratio to @x402/express, main thread (median of rounds) |`,
  );
  console.log("|---|---|---|---|---|");
  for (const n of paidNames) {
    const ratios = paid.map((r) => r[n].main / r["@x402/express"].main);
    console.log(
      `| ${n} | ${paid.reduce((a, r) => a + r[n].ok, 0)} of ${paid.reduce((a, r) => a + r[n].count, 0)} | ${median(paid.map((r) => r[n].main)).toFixed(2)} | ${median(paid.map((r) => r[n].all)).toFixed(2)} | ${median(ratios).toFixed(2)} |`,
    );
  }
  console.log("\ngoal: geo402 ≤ 1× @x402/express (main thread)");
  await stop(bare);
} finally {
  // SIGTERM, then SIGKILL after 10 s (the measurement is over); a process a signal ended has a
  // signalCode and no exitCode
  await Promise.all(
    procs
      .filter((p) => p.exitCode === null && p.signalCode === null)
      .map(
        (p) =>
          new Promise((resolve) => {
            const kill = setTimeout(() => p.kill("SIGKILL"), 10_000);
            p.once("exit", () => resolve(clearTimeout(kill))).kill("SIGTERM");
          }),
      ),
  );
  await chain.close();
}
