// The execution model on the real devnet (issue 16): heavy work in the compute pool under a
// deadline, settlement bound to delivery, load shedding before the 402. Balances are read on
// chain; no assertion depends on how long anything took. One service per file (one process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectWhileComputing, startLogged, until } from "../support/execution.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { postJson } from "../support/service.ts";

const GEOMETRY_PRICE = 10_000n;

describe("a mix of answers, refusals, deadline expiries and disconnects", () => {
  let s: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    s = await startLogged({ GEO402_COMPUTE_THREADS: "2", GEO402_COMPUTE_TIMEOUT_MS: "300" });
  });
  afterAll(() => s?.t.close());

  it("on-chain transfers equal the answers delivered, exactly", async () => {
    const payer = await s.t.newPayer();
    const before = await s.t.balance(payer.address);
    const small = { geojson: { type: "Point", coordinates: [-149.9, 61.2] }, distance: 500 };
    let delivered = 0;
    const statuses: number[] = [];
    const send = async (body: unknown, path = "/v1/geometry/buffer") => {
      const r = await postJson(payer.fetch, `${s.t.url}${path}`, body);
      statuses.push(r.status);
      const json = await r.json();
      if (r.status === 200) delivered++;
      else expect(json.payment).toEqual({ charged: false, outcome: "cancelled" });
    };
    // Concurrent answers and refusals (a refusal after payment: steps outside 4..128).
    await Promise.all([
      send(small),
      send(small),
      send(small),
      send({ ...small, steps: 129 }),
      send({ ...small, distance: -1e9 }),
      send(stateOutlineBuffer()),
    ]);
    await disconnectWhileComputing(s.t, s.requests, payer);
    await Promise.all([send(small), send(stateOutlineBuffer())]);
    await disconnectWhileComputing(s.t, s.requests, payer);
    await until(() => s.t.service.app.computePool.inFlight() === 0, "every task finished");
    expect(delivered).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((x) => x === 400)).toHaveLength(2);
    expect(await s.t.balance(payer.address)).toBe(before - BigInt(delivered) * GEOMETRY_PRICE);
    const settled = s.requests().filter((l) => l.outcome === "settled");
    expect(settled).toHaveLength(delivered);
  });
});
