// The soak test's load generator (its own process): a mix of unpaid (quoted) and paid requests
// across the catalog's example requests, for SOAK_SECONDS, open loop: SOAK_RATE requests start per
// second whatever the answers' latency (a slow service is not offered less work), with at most
// SOAK_MAX_IN_FLIGHT outstanding; a start that would exceed it is counted as skipped, not queued.
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { queryString } from "../../service/route-types.ts";

const base = process.env.SOAK_URL ?? "";
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const rate = Number(process.env.SOAK_RATE ?? 25);
const maxInFlight = Number(process.env.SOAK_MAX_IN_FLIGHT ?? 64);
const paidShare = Number(process.env.SOAK_PAID_SHARE ?? 0.3);
const payFetch = wrapFetchWithPayment(
  fetch,
  new x402Client().register(
    "eip155:*",
    new ExactEvmScheme(privateKeyToAccount(process.env.SOAK_KEY as `0x${string}`)),
  ),
);

interface Op {
  route: string;
  method: string;
  url: string;
  body?: string;
}

const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
  paths: Record<
    string,
    Record<
      string,
      {
        "x-free": boolean;
        parameters?: { name: string; example?: unknown }[];
        requestBody?: { content: { "application/json": { example?: unknown } } };
      }
    >
  >;
};
const catalog = (await (await fetch(`${base}/`)).json()) as { paid: { route: string }[] };
const examples = (await import("../../service/catalog.ts")).CATALOG;
const ops: Op[] = catalog.paid.map(({ route }) => {
  const [method, path] = route.split(" ") as [string, string];
  const entry = examples.find((e) => e.method === method && e.path === path);
  const query = queryString(entry?.example.query);
  return {
    route,
    method,
    url: `${base}${path}${query ? `?${query}` : ""}`,
    ...(method === "POST" ? { body: JSON.stringify(entry?.example.body ?? {}) } : {}),
  };
});
if (Object.keys(doc.paths).length === 0 || ops.length === 0) throw new Error("no routes to load");

const latencies: { quoted: number[]; paid: number[] } = { quoted: [], paid: [] };
const statuses = new Map<string, number>();
const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
let inFlight = 0;

function errorCode(body: string): string {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? "";
  } catch {
    return "";
  }
}

async function send(op: Op): Promise<void> {
  const paid = Math.random() < paidShare;
  const init: RequestInit = op.body
    ? { method: op.method, headers: { "content-type": "application/json" }, body: op.body }
    : { method: op.method };
  const t = performance.now();
  inFlight++;
  try {
    const r = await (paid ? payFetch : fetch)(op.url, init);
    const body = await r.text();
    (paid ? latencies.paid : latencies.quoted).push(performance.now() - t);
    count(`${paid ? "paid" : "quoted"} ${r.status}${r.status >= 500 ? ` ${errorCode(body)}` : ""}`);
  } catch (err) {
    count(`error ${(err as Error).message.slice(0, 40)}`);
  } finally {
    inFlight--;
  }
}

// Each start is scheduled from the run's own clock (t0 + i / rate), so timer lateness does not
// lower the offered rate.
const t0 = performance.now();
const total = Math.round(seconds * rate);
const pending: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const wait = t0 + (i * 1000) / rate - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (inFlight >= maxInFlight) count("skipped (in-flight cap)");
  else pending.push(send(ops[i % ops.length] as Op));
}
await Promise.all(pending);
const secs = (performance.now() - t0) / 1000;
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
console.log(
  `soak: ${seconds} s, open loop at ${rate} req/s (at most ${maxInFlight} in flight), ${ops.length} routes, paid share ${paidShare}\n`,
);
console.log("| kind | requests | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|");
for (const kind of ["quoted", "paid"] as const) {
  const xs = latencies[kind];
  console.log(
    `| ${kind} | ${xs.length} | ${(xs.length / secs).toFixed(1)} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.99).toFixed(1)} |`,
  );
}
console.log("\n| outcome | count |\n|---|---|");
for (const [k, v] of [...statuses].sort()) console.log(`| ${k} | ${v} |`);
const errors = [...statuses]
  .filter(([k]) => k.startsWith("error") || k.startsWith("skipped") || / 5\d\d$/.test(k))
  .reduce((a, [, v]) => a + v, 0);
console.log(`\nerrors (transport or 5xx): ${errors}`);
process.exitCode = errors > 0 ? 1 : 0;
