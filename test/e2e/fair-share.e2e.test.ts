// Fair share per payer (issue 30 item 1): one account holding $0.01 signs 12 authorizations and
// sends 12 heavy legal buffers at once. It holds at most GEO402_COMPUTE_PAYER_SHARE of the pool's
// tasks (1 of 2 workers here); the rest are refused 503 overloaded, free. Meanwhile another payer's
// quote and paid bbox are answered, and the attacker is charged only for what it received
// (balances read on chain).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dollarsToAtomic } from "../../service/money.ts";
import { geometryEntries } from "../../service/routes/geometry.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

const ATTACKS = 12;
const PRICE = dollarsToAtomic("0.01");

let t: TestService;
let attacker: Payer;
let honest: Payer;
beforeAll(async () => {
  t = await startTestService({ env: { GEO402_COMPUTE_THREADS: "2" } });
  attacker = await t.newPayer(PRICE);
  honest = await t.newPayer();
});
afterAll(() => t?.close());

const bbox = geometryEntries.find((e) => e.path === "/v1/geometry/bbox")?.example.body;

describe("fair share per payer", () => {
  it(`${ATTACKS} heavy buffers from a $0.01 payer leave another payer's quote and paid bbox answered`, async () => {
    const heavy = stateOutlineBuffer();
    const before = { attacker: await t.balance(attacker.address), honest: await t.balance(honest.address) };
    const attacks = Array.from({ length: ATTACKS }, () =>
      postJson(attacker.fetch, `${t.url}/v1/geometry/buffer`, heavy).then(async (r) => {
        const body = (await r.json()) as { error?: { code?: string } };
        return { status: r.status, code: body.error?.code ?? "answer" };
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
    const statuses = outcomes.map((o) => o.status);
    const answered = statuses.filter((s) => s === 200).length;
    const tally = new Map<string, number>();
    for (const o of outcomes)
      tally.set(`${o.status} ${o.code}`, (tally.get(`${o.status} ${o.code}`) ?? 0) + 1);
    console.log(
      `attacker: ${[...tally].map(([s, n]) => `${n} × ${s}`).join(", ")}; honest: quote ${quote.status}, paid ${paid.status}`,
    );
    expect(quote.status).toBe(402);
    expect(paid.status, JSON.stringify(paidBody)).toBe(200);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(ATTACKS - 2);
    expect(before.honest - (await t.balance(honest.address))).toBe(PRICE);
    expect(before.attacker - (await t.balance(attacker.address))).toBe(PRICE * BigInt(answered));
  });
});
