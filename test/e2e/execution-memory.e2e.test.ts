// The execution model on the real devnet (issue 16): a worker past its heap bound is replaced and
// the paid request is refused free. Balances are read on chain. One service per file (one process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLogged } from "../support/execution.ts";
import { sawtoothUnion } from "../support/heavy-inputs.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { postJson } from "../support/service.ts";

describe("worker memory bound (GEO402_COMPUTE_MEMORY_MB=64, a legal union with a 46 MB answer)", () => {
  let s: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    s = await startLogged({ GEO402_COMPUTE_MEMORY_MB: "64", GEO402_COMPUTE_TIMEOUT_MS: "120000" });
  });
  afterAll(() => s?.t.close());

  it("is refused compute_out_of_memory after payment, says nothing was charged, and the balance is unchanged", async () => {
    const payer = await s.t.newPayer();
    const before = await s.t.balance(payer.address);
    const r = await postJson(payer.fetch, `${s.t.url}/v1/geometry/union`, sawtoothUnion());
    expect(r.status).toBe(503);
    const body = await r.json();
    expectMatchesSchema("error", body);
    expect(body.error.code).toBe("compute_out_of_memory");
    expect(body.payment).toEqual({ charged: false, outcome: "cancelled" });
    expect(await s.t.balance(payer.address)).toBe(before);
    expect(s.requests().at(-1)).toMatchObject({ outcome: "cancelled", code: "compute_out_of_memory" });
    // The worker was replaced: the next pooled request is answered and charged its price.
    const area = await postJson(payer.fetch, `${s.t.url}/v1/geometry/area`, {
      geojson: { type: "Point", coordinates: [0, 0] },
    });
    expect(area.status).toBe(200);
    expect(await s.t.balance(payer.address)).toBe(before - 10_000n);
  }, 180_000);
});
