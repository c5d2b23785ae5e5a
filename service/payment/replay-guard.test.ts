import { describe, expect, it } from "vitest";
import { MemoryAuthorizationStore } from "./authorization-store.ts";
import { authorizationKey, ReplayGuard } from "./replay-guard.ts";

const refusal = { status: 400, contentType: "application/json", body: '{"error":{"code":"invalid_field"}}' };

describe("MemoryAuthorizationStore", () => {
  it("claims once, is busy while claimed, free again after release, and keeps a recorded refusal until it expires", async () => {
    let now = 1_000;
    const store = new MemoryAuthorizationStore(10, () => now);
    expect(await store.claim("a", 5_000)).toEqual({ state: "claimed" });
    expect(await store.claim("a", 5_000)).toEqual({ state: "busy" });
    await store.release("a");
    expect(await store.claim("a", 5_000)).toEqual({ state: "claimed" });
    await store.record("a", refusal, 5_000);
    await store.release("a"); // a recorded refusal is not released
    expect(await store.claim("a", 5_000)).toEqual({ state: "refused", refusal });
    now = 5_000;
    expect(await store.claim("a", 9_000)).toEqual({ state: "claimed" });
  });

  it("holds at most its bound: expired entries go first, then the oldest", async () => {
    let now = 0;
    const store = new MemoryAuthorizationStore(3, () => now);
    await store.record("old", refusal, 10);
    await store.record("b", refusal, 1_000);
    await store.record("c", refusal, 1_000);
    now = 20;
    await store.record("d", refusal, 1_000);
    expect(store.size).toBe(3);
    expect((await store.claim("b", 1_000)).state).toBe("refused");
    await store.record("e", refusal, 1_000);
    expect(store.size).toBe(3);
    expect((await store.claim("d", 1_000)).state).toBe("refused");
    expect((await store.claim("b", 1_000)).state).toBe("claimed"); // b was the oldest and went
  });
});

describe("ReplayGuard", () => {
  const payload = (nonce: string) =>
    ({
      x402Version: 2,
      accepted: { scheme: "exact", network: "eip155:8453", asset: "0xAsset" },
      payload: { signature: "0x", authorization: { from: "0xFrom", nonce, validBefore: "4102444800" } },
    }) as never;

  it("keys an authorization by network, asset, payer and nonce, valid until validBefore", () => {
    expect(authorizationKey(payload("0xN"))).toEqual({
      key: "eip155:8453:0xasset:0xfrom:0xn",
      expiresAt: 4102444800_000,
    });
    expect(authorizationKey({ x402Version: 2, accepted: {}, payload: {} } as never)).toBeNull();
  });

  it("lets one copy of an authorization run; the others wait and get its recorded refusal", async () => {
    const guard = new ReplayGuard(new MemoryAuthorizationStore(10), 5_000);
    const first = await guard.admit(payload("0x1"));
    if (first.state !== "admitted" || !first.claim) throw new Error("first copy not admitted");
    const waiting = Promise.all([guard.admit(payload("0x1")), guard.admit(payload("0x1"))]);
    await new Promise((r) => setTimeout(r, 50));
    await first.claim.record(refusal);
    for (const a of await waiting) expect(a).toEqual({ state: "refused", refusal });
    expect((await guard.admit(payload("0x2"))).state).toBe("admitted");
  });

  it("after a release (settled, or no refusal) the next copy is admitted; waiting is bounded", async () => {
    const guard = new ReplayGuard(new MemoryAuthorizationStore(10), 60);
    const first = await guard.admit(payload("0x3"));
    if (first.state !== "admitted" || !first.claim) throw new Error("not admitted");
    expect(await guard.admit(payload("0x3"))).toEqual({ state: "busy" });
    await first.claim.release();
    expect((await guard.admit(payload("0x3"))).state).toBe("admitted");
  });
});
