// Work that cannot finish within the compute budget is refused before the 402 (issue 30, Build 2):
// with a 100 ms budget, the 1,776-position state outline buffered with steps 128 has an estimated
// floor above it (positions × steps, compute/cost.ts) and is refused 503 compute_timeout with no
// quote, for an unpaid and a paying client alike (whose balance does not move); a point's buffer is
// still quoted.
// Balances read on chain.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
let payer: Payer;
beforeAll(async () => {
  t = await startTestService({ env: { GEO402_COMPUTE_TIMEOUT_MS: "100" } });
  payer = await t.newPayer();
});
afterAll(() => t?.close());

describe("cost estimate before the 402", () => {
  it("a buffer whose estimated floor is over the budget is refused compute_timeout, unquoted and uncharged", async () => {
    const before = await t.balance(payer.address);
    for (const f of [fetch, payer.fetch]) {
      const r = await postJson(f, `${t.url}/v1/geometry/buffer`, stateOutlineBuffer());
      expect(r.status).toBe(503);
      expect(r.headers.get("payment-required")).toBeNull();
      const body = await r.json();
      expectMatchesSchema("error", body);
      expect(body.error).toMatchObject({ code: "compute_timeout", phase: "estimate", deadlineMs: 100 });
      expect(body.error.estimatedMs).toBeGreaterThan(100);
    }
    // The paying client was never asked to sign: nothing moved.
    expect(await t.balance(payer.address)).toBe(before);
    // A point's buffer is admitted by the estimate and quoted. (Not paid here: whether a 100 ms
    // compute budget suffices depends on the machine's load, which a test must not assert.)
    const small = { geojson: { type: "Point", coordinates: [-149.9, 61.2] }, distance: 500, steps: 6 };
    const quote = await postJson(fetch, `${t.url}/v1/geometry/buffer`, small);
    expect(quote.status).toBe(402);
    expect(quote.headers.get("payment-required")).not.toBeNull();
  });
});
