// Fair under hostile load (issue 30): an account signs 12 authorizations and sends 12 heavy legal
// buffers at once. Holding one price ($0.01), the authorizations beyond its balance are refused
// 402 insufficient_funds before any compute (payer-coverage.ts); holding plenty, it holds at most
// GEO402_COMPUTE_PAYER_SHARE of the pool's tasks (1 of 2 workers here) and the rest are refused
// 503 overloaded. Either way another payer's quote and paid bbox are answered meanwhile, and the
// attacker is charged only for what it received (balances read on chain).
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dollarsToAtomic } from "../../service/money.ts";
import { geometryEntries } from "../../service/routes/geometry.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

const ATTACKS = 12;
const PRICE = dollarsToAtomic("0.01");

let t: TestService;
let honest: Payer;
beforeAll(async () => {
  t = await startTestService({ env: { GEO402_COMPUTE_THREADS: "2" } });
  honest = await t.newPayer();
});
afterAll(() => t?.close());

const bbox = geometryEntries.find((e) => e.path === "/v1/geometry/bbox")?.example.body;

/** Sends the attack and, once it holds the pool, the honest payer's quote and paid bbox. */
async function attackWhileHonestCalls(attacker: Payer) {
  const heavy = stateOutlineBuffer();
  const before = { attacker: await t.balance(attacker.address), honest: await t.balance(honest.address) };
  const attacks = Array.from({ length: ATTACKS }, () =>
    postJson(attacker.fetch, `${t.url}/v1/geometry/buffer`, heavy).then(async (r) => {
      const body = (await r.json()) as { error?: { code?: string }; payment?: { charged?: boolean } };
      const terms = r.headers.get("payment-required");
      return {
        status: r.status,
        code: body.error?.code ?? "answer",
        charged: body.payment?.charged,
        termsError: terms ? decodePaymentRequiredHeader(terms).error : undefined,
      };
    }),
  );
  // The honest payer's calls go out once the attack holds the pool (bounded wait).
  const pool = t.service.app.computePool;
  for (let i = 0; i < 600 && pool.inFlight() === 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(pool.inFlight()).toBeGreaterThan(0);
  const quote = await postJson(fetch, `${t.url}/v1/geometry/bbox`, bbox);
  await quote.arrayBuffer();
  const paid = await postJson(honest.fetch, `${t.url}/v1/geometry/bbox`, bbox);
  const paidBody = await paid.json();
  const outcomes = await Promise.all(attacks);
  const tally = new Map<string, number>();
  for (const o of outcomes) tally.set(`${o.status} ${o.code}`, (tally.get(`${o.status} ${o.code}`) ?? 0) + 1);
  console.log(
    `attacker: ${[...tally].map(([s, n]) => `${n} × ${s}`).join(", ")}; honest: quote ${quote.status}, paid ${paid.status}`,
  );
  expect(quote.status).toBe(402);
  expect(paid.status, JSON.stringify(paidBody)).toBe(200);
  const answered = outcomes.filter((o) => o.status === 200).length;
  expect(before.honest - (await t.balance(honest.address))).toBe(PRICE);
  expect(before.attacker - (await t.balance(attacker.address))).toBe(PRICE * BigInt(answered));
  // Every refusal after payment says it was not charged.
  for (const o of outcomes) if (o.status !== 200) expect(o.charged).toBe(false);
  return outcomes;
}

describe("fair under hostile load", () => {
  it(`${ATTACKS} heavy buffers from a $0.01 payer: the uncovered ones are refused insufficient_funds, others answered`, async () => {
    const outcomes = await attackWhileHonestCalls(await t.newPayer(PRICE));
    // One authorization fits the balance; every other is refused before compute (or overloaded
    // when it arrives while the covered one still holds the payer's share).
    const uncovered = outcomes.filter((o) => o.code === "insufficient_funds");
    expect(uncovered.length).toBeGreaterThanOrEqual(ATTACKS - 2);
    // A 402 an x402 client can read: fresh terms whose error is x402's insufficient_funds.
    for (const o of uncovered) expect([o.status, o.termsError]).toEqual([402, "insufficient_funds"]);
  });

  it(`${ATTACKS} heavy buffers from a payer holding plenty: past its pool share they are refused overloaded`, async () => {
    const outcomes = await attackWhileHonestCalls(await t.newPayer(PRICE * 100n));
    expect(outcomes.filter((o) => o.code === "overloaded").length).toBeGreaterThanOrEqual(ATTACKS - 2);
  });
});
