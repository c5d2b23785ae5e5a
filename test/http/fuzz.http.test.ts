// Fuzz every advertised priced route with hostile inputs, unpaid and then paid: no 5xx, and the
// payer is charged exactly the price of the answers it received (nothing for refusals).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG, catalogFor } from "../../service/catalog.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { isFree } from "../../service/route-types.ts";
import { type FuzzRequest, postInputs, queryInputs } from "../support/fuzz-inputs.ts";
import type { Payer, TestService } from "../support/service.ts";
import { sharedTestService } from "../support/shared-service.ts";

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 402);

let t: TestService;
let payer: Payer;
beforeAll(async () => {
  t = await sharedTestService();
  payer = await t.newPayer(10_000_000_000n);
});

describe("route fuzzing", () => {
  it("no 5xx on any route, and refused requests are never charged", async () => {
    const entries = catalogFor("B", CATALOG).filter((e) => !isFree(e));
    const tally = { tried: 0, paid: 0, answered: 0, serverErrors: [] as string[], expectedCharge: 0n };
    const before = await t.balance(payer.address);
    for (const entry of entries) {
      const arb =
        entry.method === "POST" ? postInputs(entry.example.body) : queryInputs(entry.example.query ?? {});
      const samples = fc.sample(arb, { numRuns: RUNS_PER_ROUTE, seed: SEED });
      for (const req of samples) {
        const send = (f: typeof fetch) => fire(f, entry.method, entry.path, req);
        tally.tried++;
        const unpaid = await send(fetch);
        if (unpaid.status >= 500 && unpaid.status !== 503)
          tally.serverErrors.push(`${entry.path} unpaid ${unpaid.status}: ${req.label}`);
        if (unpaid.status !== 402) continue;
        tally.paid++;
        const paid = await send(payer.fetch);
        if (paid.status >= 500 && paid.status !== 503)
          tally.serverErrors.push(`${entry.path} paid ${paid.status}: ${req.label}`);
        if (paid.status === 200) {
          tally.answered++;
          tally.expectedCharge += dollarsToAtomic(entry.price);
        }
      }
    }
    const charged = before - (await t.balance(payer.address));
    console.log(
      `fuzz: ${tally.tried} requests over ${entries.length} routes, ${tally.paid} paid attempts, ${tally.answered} answered, ` +
        `${tally.serverErrors.length} 5xx, ${charged - tally.expectedCharge} atomic units charged for refusals`,
    );
    expect(tally.serverErrors).toEqual([]);
    expect(charged).toBe(tally.expectedCharge);
  });
});

async function fire(f: typeof fetch, method: string, path: string, req: FuzzRequest): Promise<Response> {
  const url = `${t.url}${path}${req.query !== undefined ? `?${req.query}` : ""}`;
  const init: RequestInit =
    method === "POST"
      ? { method, headers: { "content-type": req.contentType ?? "application/json" }, body: req.body ?? "" }
      : { method };
  const r = await f(url, init);
  await r.arrayBuffer();
  return r;
}
