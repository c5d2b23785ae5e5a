// Payment benchmarks, each side by side with its peer in this one process (ratios, never assertions):
// - the 402 quote path against a bare Fastify JSON route, alternating rounds (autocannon, c=16);
//   BENCH_QUOTE_ONLY=1 stops after it, BENCH_PROFILE_402=<file> writes a CPU profile of this
//   thread taken during the 402's timed rounds only (open it in Chrome DevTools or speedscope);
// - verify + settle against the physical floor (2 signature recoveries + signing and sending the
//   settlement with its receipt) and against the same facilitator run in this thread, alternating
//   one payment each;
// - exact paid throughput at concurrency 1, 4 and 16 on a fresh devnet and again after
//   BENCH_AGED_PAYMENTS payments (default 2000; BENCH_AGED_PAYMENTS=20000 for the row, about
//   three more minutes), with the CPU each paid request cost the request thread, the process and anvil.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { authorizationTypes, eip3009ABI } from "@x402/evm";
import Fastify, { LogController } from "fastify";
import { encodeFunctionData, getAddress, parseSignature, recoverTypedDataAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sendRawTransactionSync } from "viem/actions";
import { devKey } from "../../service/devnet/devnet.ts";
import { createLocalFacilitator } from "../../service/facilitator/facilitator.ts";
import { SETTLEMENT_GAS_LIMIT } from "../../service/facilitator/facilitator-signer.ts";
import { startService } from "../../service/runtime.ts";
import { exactSigner } from "../support/service.ts";
import { autocannon, benchDevnetConfig, cpuMsOfStat } from "./_service-process.ts";

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AGED = Number(process.env.BENCH_AGED_PAYMENTS ?? 2000);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? 0
    : s.length % 2
      ? (s[(s.length - 1) / 2] ?? 0)
      : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

// The main thread's task id is the process id.
const mainCpuMs = () => cpuMsOfStat(`/proc/self/task/${process.pid}/stat`);

/**
 * One autocannon round against `url`, with the CPU this process's main thread spent per request
 * (the service and the bare route both answer on it): on a machine shared with other jobs, CPU
 * per request moves much less with the load than requests per second.
 */
async function autocannonRound(
  url: string,
  body: string,
): Promise<{ rps: number; p50: number; p99: number; cpuUs: number }> {
  const cpu0 = mainCpuMs();
  const args = ["-c", "16", "-d", String(ROUND_SECONDS), "-m", "POST"];
  args.push("-H", "content-type=application/json", "-b", body, url);
  const r = await autocannon(args);
  const cpuUs = ((mainCpuMs() - cpu0) * 1000) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs };
}

/** Fastify's request logging with only its "request completed" line: one line per request. */
class CompletedLineOnly extends LogController {
  override incomingRequest() {}
}

async function main() {
  const config = benchDevnetConfig("info");
  // The request log is part of the 402's cost: written to a sink that drops it (not the console).
  const svc = await startService(config, { logStream: { write: () => {} } });
  const devnet = svc.devnet;
  if (!devnet) throw new Error("the bench runs on the devnet");
  const body = JSON.stringify({ name: "bench" });

  // 1. The 402 against a bare Fastify JSON route, a fair peer: the same log level and sink with one
  // line per request as the service writes (Fastify's own "request completed"), and the same
  // connection and keep-alive timeouts and connection cap. A third route on it answers the
  // service's 402 bytes (status, headers, body) from a constant: the floor for an answer that size.
  const bare = Fastify({
    logger: { level: "info", stream: { write: () => {} } },
    logController: new CompletedLineOnly(),
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
  });
  bare.server.maxConnections = config.maxConnections;
  bare.post("/v1/hello", async (req) => ({ hello: (req.body as { name: string }).name }));
  const quote = await fetch(`${svc.url}/v1/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const quoteHeaders: Record<string, string> = {};
  for (const [k, v] of quote.headers)
    if (!["date", "connection", "keep-alive", "content-length"].includes(k)) quoteHeaders[k] = v;
  const quoteBody = await quote.text();
  bare.post("/v1/same-402", async (_req, reply) =>
    reply.code(quote.status).headers(quoteHeaders).send(quoteBody),
  );
  await bare.listen({ host: "127.0.0.1", port: 0 });
  const bareAddr = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof bareAddr === "object" && bareAddr ? bareAddr.port : 0}`;
  const peers = {
    bare: `${bareBase}/v1/hello`,
    same402: `${bareBase}/v1/same-402`,
    ours: `${svc.url}/v1/hello`,
  } as const;
  type Peer = keyof typeof peers;
  const names = Object.keys(peers) as Peer[];
  // One round each first, not counted: every route compiled and warm before they are compared.
  for (const n of names) await autocannonRound(peers[n], body);
  const rounds: Record<Peer, Awaited<ReturnType<typeof autocannonRound>>>[] = [];
  const profiler = process.env.BENCH_PROFILE_402 ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
  }
  for (let i = 0; i < ROUNDS; i++) {
    const round: Partial<Record<Peer, Awaited<ReturnType<typeof autocannonRound>>>> = {};
    // The order rotates each round: none always runs first after a pause.
    for (const n of [...names.slice(i % names.length), ...names.slice(0, i % names.length)]) {
      if (n === "ours") await profiler?.post("Profiler.start");
      round[n] = await autocannonRound(peers[n], body);
      if (profiler && n === "ours") {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(
          (process.env.BENCH_PROFILE_402 ?? "").replace(/(\.cpuprofile)?$/, `-${i}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
    }
    rounds.push(round as Record<Peer, Awaited<ReturnType<typeof autocannonRound>>>);
  }
  await bare.close();
  const cell = (n: Peer, k: "rps" | "p50" | "cpuUs", digits = 0) =>
    median(rounds.map((r) => r[n][k])).toFixed(digits);
  const row = (label: string, n: Peer) =>
    console.log(`| ${label} | ${cell(n, "rps")} | ${cell(n, "p50", 1)} | ${cell(n, "cpuUs")} |`);
  console.log(
    `| 402 quote path, c=16, ${ROUNDS} rounds of ${ROUND_SECONDS} s in rotating order | req/s (median) | p50 ms | main-thread CPU µs per request (median) |`,
  );
  console.log("|---|---|---|---|");
  row("bare Fastify JSON route", "bare");
  row("bare Fastify route answering the same 402 bytes", "same402");
  row("geo402 POST /v1/hello unpaid → 402", "ours");
  const ratio = (a: Peer, b: Peer) => {
    const rps = rounds.map((r) => r[a].rps / r[b].rps);
    const cpu = rounds.map((r) => r[b].cpuUs / r[a].cpuUs);
    const each = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" ");
    return `${median(rps).toFixed(2)}× in req/s, ${median(cpu).toFixed(2)}× in requests per CPU second (rounds: ${each(rps)}; ${each(cpu)})`;
  };
  console.log(`\nratio 402/bare (median of paired rounds): ${ratio("ours", "bare")} (goal ≥ 0.8×)`);
  console.log(`ratio same 402 bytes/bare: ${ratio("same402", "bare")}`);
  console.log(`ratio 402/same 402 bytes: ${ratio("ours", "same402")}\n`);
  profiler?.disconnect();
  if (process.env.BENCH_QUOTE_ONLY) {
    await svc.close();
    return;
  }

  // Pre-signed payments (signing is the client's cost, not the service's).
  const signer = exactSigner(devnet.payerKey);
  const unpaid = await fetch(`${svc.url}/v1/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const terms: PaymentRequired = decodePaymentRequiredHeader(unpaid.headers.get("payment-required") ?? "");
  const sign = () => signer.createPaymentPayload(terms);

  // 2. verify + settle against the floor, alternating: the service's facilitator (its own thread)
  // and the same facilitator in this thread (another dev key pays its gas), the peer of the thread hop.
  const facilitator = devnet.facilitator.client;
  const inThread = createLocalFacilitator({
    rpcUrl: devnet.anvil.rpcUrl,
    chainId: devnet.anvil.chainId,
    network: config.network,
    privateKey: devKey(5),
    own: { network: config.network, asset: devnet.token.address, payTo: devnet.payTo },
  }).client;
  const requirements = terms.accepts[0];
  if (!requirements) throw new Error("no payment requirements");
  const floorAccount = privateKeyToAccount(devKey(4));
  const client = devnet.token.publicClient;
  let floorNonce = await client.getTransactionCount({ address: floorAccount.address, blockTag: "pending" });
  const floorOnce = async (p: PaymentPayload) => {
    const auth = p.payload.authorization as Record<string, string>;
    const signature = p.payload.signature as `0x${string}`;
    const typed = {
      domain: {
        name: String(requirements.extra?.name),
        version: String(requirements.extra?.version),
        chainId: devnet.anvil.chainId,
        verifyingContract: getAddress(requirements.asset),
      },
      types: authorizationTypes,
      primaryType: "TransferWithAuthorization" as const,
      message: {
        from: auth.from as `0x${string}`,
        to: auth.to as `0x${string}`,
        value: BigInt(auth.value ?? 0),
        validAfter: BigInt(auth.validAfter ?? 0),
        validBefore: BigInt(auth.validBefore ?? 0),
        nonce: auth.nonce as `0x${string}`,
      },
      signature,
    };
    await recoverTypedDataAddress(typed);
    await recoverTypedDataAddress(typed);
    const sig = parseSignature(signature);
    const data = encodeFunctionData({
      abi: eip3009ABI,
      functionName: "transferWithAuthorization",
      args: [
        typed.message.from,
        typed.message.to,
        typed.message.value,
        typed.message.validAfter,
        typed.message.validBefore,
        typed.message.nonce,
        Number(sig.v ?? BigInt(sig.yParity + 27)),
        sig.r,
        sig.s,
      ],
    });
    const tx = await floorAccount.signTransaction({
      type: "eip1559",
      chainId: devnet.anvil.chainId,
      nonce: floorNonce++,
      to: getAddress(requirements.asset),
      data,
      gas: SETTLEMENT_GAS_LIMIT,
      maxFeePerGas: 3_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    const receipt = await sendRawTransactionSync(client, { serializedTransaction: tx });
    if (receipt.status !== "success") throw new Error("floor transfer reverted");
  };
  const viaOnce = (f: FacilitatorClient) => async (p: PaymentPayload) => {
    const v = await f.verify(p, requirements);
    if (!v.isValid) throw new Error(`verify: ${v.invalidReason}`);
    const s = await f.settle(p, requirements);
    if (!s.success) throw new Error(`settle: ${s.errorReason}`);
  };
  const PAIRS = 150;
  const payloads = [];
  for (let i = 0; i < 3 * PAIRS; i++) payloads.push(await sign());
  const floorMs: number[] = [];
  const oursMs: number[] = [];
  const inThreadMs: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    for (const [fn, out, p] of [
      [floorOnce, floorMs, payloads[3 * i]],
      [viaOnce(facilitator), oursMs, payloads[3 * i + 1]],
      [viaOnce(inThread), inThreadMs, payloads[3 * i + 2]],
    ] as const) {
      const t = performance.now();
      await fn(p as PaymentPayload);
      out.push(performance.now() - t);
    }
  }
  console.log(`| verify + settle, ${PAIRS} alternating payments | median ms |`);
  console.log("|---|---|");
  console.log(`| floor: 2 recoveries + sign + send with receipt | ${median(floorMs).toFixed(2)} |`);
  console.log(
    `| facilitator verify + settle (its own thread, as the service runs it) | ${median(oursMs).toFixed(2)} |`,
  );
  console.log(`| the same facilitator in this thread | ${median(inThreadMs).toFixed(2)} |`);
  console.log(`\nratio facilitator/floor: ${(median(oursMs) / median(floorMs)).toFixed(2)}× (goal ≤ 1.5×)`);
  console.log(`ratio own thread/in this thread: ${(median(oursMs) / median(inThreadMs)).toFixed(2)}×\n`);

  // 3. Exact paid throughput, fresh and after AGED payments, with the CPU each paid request cost:
  // the request thread (the bench's own fetch client included), this whole process (every thread:
  // the facilitator's, the client's) and anvil (from /proc, Linux only).
  const anvilCpuMs = () => cpuMsOfStat(`/proc/${devnet.anvil.pid}/stat`);
  const paidRun = async (c: number, n: number) => {
    const headers: Record<string, string>[] = [];
    for (let i = 0; i < n; i++) headers.push(signer.encodePaymentSignatureHeader(await sign()));
    const lat: number[] = [];
    let next = 0;
    let ok = 0;
    const main0 = mainCpuMs();
    const cpu0 = process.cpuUsage();
    const anvil0 = anvilCpuMs();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (next < n) {
          const h = headers[next++];
          const t = performance.now();
          // A connection reset under load counts as a request not answered (not settled).
          const status = await fetch(`${svc.url}/v1/hello`, {
            method: "POST",
            headers: { "content-type": "application/json", ...h },
            body,
          })
            .then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            })
            .catch(() => 0);
          lat.push(performance.now() - t);
          if (status === 200) ok++;
        }
      }),
    );
    const elapsed = performance.now() - t0;
    const busy = mainCpuMs() - main0;
    const cpu = process.cpuUsage(cpu0);
    const per = (ms: number) => (ok > 0 ? ms / ok : Number.NaN);
    return {
      ok,
      n,
      rps: ok / (elapsed / 1000),
      p50: pct(lat, 0.5),
      p99: pct(lat, 0.99),
      mainMs: per(busy),
      processMs: per((cpu.user + cpu.system) / 1000),
      anvilMs: per(anvilCpuMs() - anvil0),
    };
  };
  const sizes: Record<number, number> = { 1: 200, 4: 400, 16: 800 };
  const table = async (label: string) => {
    for (const c of [1, 4, 16]) {
      const r = await paidRun(c, sizes[c] ?? 200);
      console.log(
        `| ${label} | ${c} | ${r.n} (${r.ok} settled) | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.mainMs.toFixed(2)} | ${r.processMs.toFixed(2)} | ${r.anvilMs.toFixed(2)} |`,
      );
    }
  };
  console.log(
    "| paid POST /v1/hello (exact, pre-signed, devnet) | concurrency | requests | paid req/s | p50 ms | p99 ms | CPU ms/req: request thread | whole process | anvil |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  await table("fresh devnet");
  let aged = 0;
  while (aged < AGED) {
    const batch = Math.min(1000, AGED - aged);
    const settled = (await paidRun(16, batch)).ok;
    if (settled === 0) throw new Error("no payment settles");
    aged += settled;
  }
  const block = await client.getBlockNumber();
  await table(`after ${AGED} more payments (block ${block})`);
  await svc.close();
}

await main();
