// POST /v1/transform cut by the compute deadline, on the real devnet: what the transform
// benchmark's paid step met on the loaded machine (a compute worker starved of CPU). The refusal
// comes after payment was verified; balances are read on chain. No assertion depends on time
// beyond the deadline being far shorter than any 10,000-position transform in a worker.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLogged } from "../support/execution.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { postJson } from "../support/service.ts";

describe("transform under the compute deadline (GEO402_COMPUTE_TIMEOUT_MS=1, 10,000 positions)", () => {
  let s: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    s = await startLogged({ GEO402_REVISION: "A", GEO402_COMPUTE_TIMEOUT_MS: "1" });
  });
  afterAll(() => s?.t.close());

  it("is refused 503 compute_timeout after payment, says nothing was charged, and neither balance moved", async () => {
    const payer = await s.t.newPayer();
    const before = { payer: await s.t.balance(payer.address), payTo: await s.t.balance(s.t.payTo) };
    const coordinates = Array.from({ length: 10_000 }, (_, i) => [
      -156 + (i % 100) * 0.06,
      56 + (i / 100) * 0.14,
    ]);
    const r = await postJson(payer.fetch, `${s.t.url}/v1/transform`, {
      from: "EPSG:4326",
      to: "EPSG:26905",
      coordinates,
    });
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await r.json();
    expectMatchesSchema("error", body);
    expect(body.error).toMatchObject({ code: "compute_timeout", deadlineMs: 1 });
    expect(body.payment).toEqual({ charged: false, outcome: "cancelled" });
    expect({ payer: await s.t.balance(payer.address), payTo: await s.t.balance(s.t.payTo) }).toEqual(before);
    const line = s.requests().find((l) => l.route === "POST /v1/transform" && l.status === 503);
    expect(line).toMatchObject({ code: "compute_timeout", outcome: "cancelled" });
    expect(s.t.service.app.computePool.inFlight()).toBe(0);
  });
});
