// Payment benchmarks: the 402 quote path against a bare Fastify JSON route (autocannon in a
// separate process), and paid hello on the devnet at concurrency 1 and 16.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import Fastify from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { loadConfig } from "../../service/config.ts";
import { startService } from "../../service/runtime.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const root = path.resolve(import.meta.dirname, "../..");

function autocannon(
  url: string,
  body: string,
): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const bin = path.join(root, "node_modules/.bin/autocannon");
  const args = [
    "-j",
    "-c",
    "16",
    "-d",
    String(SECONDS),
    "-m",
    "POST",
    "-H",
    "content-type=application/json",
    "-b",
    body,
    url,
  ];
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    p.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    p.on("exit", () => {
      try {
        const r = JSON.parse(out);
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (e) {
        reject(e);
      }
    });
  });
}

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

async function main() {
  const config = loadConfig(
    {
      PORT: "0",
      GEO402_ADMIN_PORT: "off",
      LOG_LEVEL: "silent",
      GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-bench-")),
    },
    root,
  );
  const svc = await startService(config);
  const bare = Fastify({ logger: false });
  bare.post("/v1/hello", async (req) => ({ hello: (req.body as { name: string }).name }));
  await bare.listen({ host: "127.0.0.1", port: 0 });
  const bareAddr = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddr === "object" && bareAddr ? bareAddr.port : 0}/v1/hello`;

  const body = JSON.stringify({ name: "bench" });
  const peer = await autocannon(bareUrl, body);
  const ours = await autocannon(`${svc.url}/v1/hello`, body);
  console.log("| 402 quote path (c=16, autocannon) | req/s | p50 ms | p99 ms |");
  console.log("|---|---|---|---|");
  console.log(`| bare Fastify JSON route | ${peer.rps.toFixed(0)} | ${peer.p50} | ${peer.p99} |`);
  console.log(`| geo402 POST /v1/hello unpaid → 402 | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} |`);
  console.log(`\nratio geo402/bare: ${(ours.rps / peer.rps).toFixed(2)}× (goal ≥ 0.8×)\n`);

  const key = svc.devnet?.payerKey;
  if (!key) throw new Error("bench runs on the devnet");
  const signer = new x402HTTPClient(
    new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(key))),
  );
  const unpaid = await fetch(`${svc.url}/v1/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const terms = decodePaymentRequiredHeader(unpaid.headers.get("payment-required") ?? "");
  console.log("| paid hello (pre-signed, devnet) | concurrency | requests | paid req/s | p50 ms | p99 ms |");
  console.log("|---|---|---|---|---|---|");
  for (const c of [1, 16]) {
    const n = c === 1 ? 200 : 640;
    const headers: Record<string, string>[] = [];
    for (let i = 0; i < n; i++)
      headers.push(signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms)));
    const lat: number[] = [];
    let next = 0;
    let ok = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (next < n) {
          const h = headers[next++];
          const t = performance.now();
          const r = await fetch(`${svc.url}/v1/hello`, {
            method: "POST",
            headers: { "content-type": "application/json", ...h },
            body,
          });
          await r.arrayBuffer();
          lat.push(performance.now() - t);
          if (r.status === 200) ok++;
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    console.log(
      `| POST /v1/hello | ${c} | ${n} (${ok} settled) | ${(ok / secs).toFixed(1)} | ${pct(lat, 0.5).toFixed(1)} | ${pct(lat, 0.99).toFixed(1)} |`,
    );
  }
  await bare.close();
  await svc.close();
}

await main();
