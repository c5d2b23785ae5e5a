// The execution model on the real devnet (issue 16): heavy work in the compute pool under a
// deadline, settlement bound to delivery, load shedding before the 402. Balances are read on
// chain; no assertion depends on how long anything took. One service per file (one process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLogged } from "../support/execution.ts";
import { sawtoothUnion } from "../support/heavy-inputs.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { postJson } from "../support/service.ts";

describe("compute deadline (GEO402_COMPUTE_TIMEOUT_MS=5, a legal heavy input)", () => {
  let s: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    s = await startLogged({ GEO402_COMPUTE_TIMEOUT_MS: "5" });
  });
  afterAll(() => s?.t.close());

  it("is refused compute_timeout after payment, says nothing was charged, and the balance is unchanged", async () => {
    const payer = await s.t.newPayer();
    const before = await s.t.balance(payer.address);
    const r = await postJson(payer.fetch, `${s.t.url}/v1/geometry/union`, sawtoothUnion());
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await r.json();
    expectMatchesSchema("error", body);
    expect(body.error.code).toBe("compute_timeout");
    expect(body.payment).toEqual({ charged: false, outcome: "cancelled" });
    expect(await s.t.balance(payer.address)).toBe(before);
    const line = s.requests().find((l) => l.route === "POST /v1/geometry/union" && l.status === 503);
    expect(line).toMatchObject({ code: "compute_timeout", outcome: "cancelled" });
    // The abandoned worker was replaced; the main thread kept answering throughout.
    expect((await fetch(`${s.t.url}/`)).status).toBe(200);
    expect(s.t.service.app.computePool.inFlight()).toBe(0);
  });
});
