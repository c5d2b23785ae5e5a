// MCP benchmark: a paid hello over POST /mcp (the SDK's Client, payment in _meta, unpaid call
// first for the terms) side by side with the same paid hello over HTTP (@x402/fetch, unpaid
// request first), sequentially on the devnet. Measures; never asserts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { x402Client } from "@x402/core/client";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { loadConfig } from "../../service/config.ts";
import { startService } from "../../service/runtime.ts";

const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const root = path.resolve(import.meta.dirname, "../..");
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

async function timed(n: number, once: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await once();
    out.push(performance.now() - t0);
  }
  return out;
}

async function main() {
  const config = loadConfig(
    { PORT: "0", LOG_LEVEL: "silent", GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-bench-")) },
    root,
  );
  const svc = await startService(config);
  const key = svc.devnet?.payerKey;
  if (!key) throw new Error("bench runs on the devnet");
  const signer = new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(key)));
  const pay = wrapFetchWithPayment(fetch, signer);
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", svc.url)));

  const http = async () => {
    const r = await pay(`${svc.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "bench" }),
    });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    await r.text();
  };
  const mcp = async () => {
    const args = { name: "hello", arguments: { name: "bench" } };
    const unpaid = (await client.callTool(args)) as CallToolResult;
    const payment = await signer.createPaymentPayload(unpaid.structuredContent as unknown as PaymentRequired);
    const paid = (await client.callTool({ ...args, _meta: { "x402/payment": payment } })) as CallToolResult;
    if (paid.isError) throw new Error(JSON.stringify(paid.structuredContent));
  };
  await timed(3, http);
  await timed(3, mcp);
  const h = await timed(CALLS, http);
  const m = await timed(CALLS, mcp);
  const list = await timed(CALLS, async () => {
    await client.listTools();
  });
  console.log(`| paid hello, sequential, ${CALLS} calls each | p50 ms | p90 ms |`);
  console.log("|---|---|---|");
  console.log(`| HTTP, @x402/fetch | ${pct(h, 0.5).toFixed(1)} | ${pct(h, 0.9).toFixed(1)} |`);
  console.log(`| MCP, POST /mcp, SDK Client | ${pct(m, 0.5).toFixed(1)} | ${pct(m, 0.9).toFixed(1)} |`);
  console.log(`| MCP tools/list (free) | ${pct(list, 0.5).toFixed(1)} | ${pct(list, 0.9).toFixed(1)} |`);
  console.log(`\nratio MCP/HTTP (p50): ${(pct(m, 0.5) / pct(h, 0.5)).toFixed(2)}×`);
  await client.close();
  await svc.close();
}

await main();
