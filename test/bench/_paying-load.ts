// A paying load generator in its own process, for the batch-settlement bench: `c` clients (one
// payer and one channel each, cli/batch-payer.ts over cli/paying-fetch.ts) calling POST /v1/hello
// back to back, so that the clients' own signing and hashing do not share the service's event
// loop. Driven over IPC by the bench: "warm" (one call each: a first settlement, or the deposit),
// then "round" as often as asked (answers latencies), then it is killed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPayer, type PayScheme } from "../../cli/batch-payer.ts";
import { payingFetch } from "../../cli/paying-fetch.ts";

export interface LoadRequest {
  url: string;
  rpcUrl: string;
  scheme: PayScheme;
  keys: `0x${string}`[];
}
export type LoadCommand = { round: number } | "warm";

const send = (message: unknown) => process.send?.(message);
let calls: (() => Promise<void>)[] = [];

async function round(seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    calls.map(async (call) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

process.once("message", (req: LoadRequest) => {
  calls = req.keys.map((key) => {
    const payer = createPayer({
      key,
      scheme: req.scheme,
      channelDir: mkdtempSync(path.join(tmpdir(), "geo402-bench-payer-")),
      rpcUrl: req.rpcUrl,
      maxDepositAtomic: 100_000_000n,
    });
    const paying = payingFetch(fetch, payer);
    return async () => {
      const r = await paying(`${req.url}/v1/hello`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name":"Ada"}',
      });
      if (r.status !== 200) throw new Error(`${req.scheme}: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    };
  });
  process.on("message", (command: LoadCommand) => {
    const work =
      command === "warm" ? Promise.all(calls.map((call) => call())).then(() => []) : round(command.round);
    work.then(send, (err: unknown) => {
      send({ error: String(err) });
      process.exit(1);
    });
  });
  send("ready");
});
