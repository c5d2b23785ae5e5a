// A paid request whose work waits for a worker longer than the queue budget (issue 30, Build 2)
// ends 503 compute_timeout, phase "queue", and is not charged. One worker: a first payer's heavy
// buffer holds it (1,000 km with steps 128: seconds of work, its estimated floor alone above
// 200 ms); a second payer's buffer, sent once the first runs, waits past the 100 ms queue budget.
// Balances read on chain: the first is charged for its answer, the second for nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dollarsToAtomic } from "../../service/money.ts";
import { until } from "../support/execution.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { postJson, startTestService, type TestService } from "../support/service.ts";

const PRICE = dollarsToAtomic("0.01");

let t: TestService;
beforeAll(async () => {
  t = await startTestService({
    env: { GEO402_COMPUTE_THREADS: "1", GEO402_COMPUTE_QUEUE_TIMEOUT_MS: "100" },
  });
});
afterAll(() => t?.close());

describe("the queue budget", () => {
  it("a paid buffer that waits past it is refused compute_timeout (queue) and charged nothing", async () => {
    const [first, second] = await Promise.all([t.newPayer(), t.newPayer()]);
    const [firstBefore, secondBefore] = [await t.balance(first.address), await t.balance(second.address)];
    const pool = t.service.app.computePool;
    const holding = postJson(first.fetch, `${t.url}/v1/geometry/buffer`, stateOutlineBuffer());
    await until(() => pool.inFlight() > 0, "the first buffer holds the worker");
    const waited = await postJson(second.fetch, `${t.url}/v1/geometry/buffer`, stateOutlineBuffer());
    const body = await waited.json();
    expect(waited.status, JSON.stringify(body)).toBe(503);
    expect(body.error).toMatchObject({ code: "compute_timeout", phase: "queue", deadlineMs: 100 });
    expect(body.payment).toMatchObject({ charged: false });
    const answered = await holding;
    await answered.arrayBuffer();
    expect(await t.balance(second.address)).toBe(secondBefore);
    expect(firstBefore - (await t.balance(first.address))).toBe(answered.status === 200 ? PRICE : 0n);
  });
});
