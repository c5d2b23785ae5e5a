// The soak test's load generator (its own process): a mix of unpaid (quoted) and paid requests
// across the catalog's example requests, at fixed concurrency, for SOAK_SECONDS.
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { queryString } from "../../service/route-types.ts";

const base = process.env.SOAK_URL ?? "";
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 8);
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
const deadline = Date.now() + seconds * 1000;
let n = 0;

async function worker() {
  while (Date.now() < deadline) {
    const op = ops[n++ % ops.length] as Op;
    const paid = Math.random() < paidShare;
    const init: RequestInit = op.body
      ? { method: op.method, headers: { "content-type": "application/json" }, body: op.body }
      : { method: op.method };
    const t = performance.now();
    try {
      const r = await (paid ? payFetch : fetch)(op.url, init);
      await r.arrayBuffer();
      (paid ? latencies.paid : latencies.quoted).push(performance.now() - t);
      const key = `${paid ? "paid" : "quoted"} ${r.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    } catch (err) {
      statuses.set(
        `error ${(err as Error).message.slice(0, 40)}`,
        (statuses.get(`error ${(err as Error).message.slice(0, 40)}`) ?? 0) + 1,
      );
    }
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const secs = (performance.now() - t0) / 1000;
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
console.log(
  `soak: ${seconds} s, concurrency ${concurrency}, ${ops.length} routes, paid share ${paidShare}\n`,
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
  .filter(([k]) => k.startsWith("error") || / 5\d\d$/.test(k))
  .reduce((a, [, v]) => a + v, 0);
console.log(`\nerrors (transport or 5xx): ${errors}`);
process.exitCode = errors > 0 ? 1 : 0;
