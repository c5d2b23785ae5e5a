import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { createPayerCoverage } from "./payer-coverage.ts";

const requirements = (amount: string, scheme = "exact") =>
  ({ scheme, network: "eip155:31337", asset: "0xAsset", amount }) as unknown as PaymentRequirements;
const from = (payer: string) =>
  ({ payload: { authorization: { from: payer } } }) as unknown as PaymentPayload;

describe("payer coverage", () => {
  it("admits authorizations while their sum fits the balance, and frees an amount on release", async () => {
    const c = createPayerCoverage(async () => 25n);
    const a = await c.cover(from("0xA"), requirements("10"));
    const b = await c.cover(from("0xA"), requirements("10"));
    expect([a.state, b.state]).toEqual(["covered", "covered"]);
    expect(await c.cover(from("0xA"), requirements("10"))).toEqual({
      state: "uncovered",
      balance: 25n,
      inFlight: 20n,
    });
    // Another payer is counted apart.
    expect((await c.cover(from("0xB"), requirements("10"))).state).toBe("covered");
    if (a.state === "covered") a.release(false);
    expect((await c.cover(from("0xa"), requirements("10"))).state).toBe("covered");
  });

  it("takes a settled amount off the kept balance and reads the chain once per TTL", async () => {
    let clock = 0;
    let reads = 0;
    const c = createPayerCoverage(
      async () => {
        reads++;
        return 20n;
      },
      1_000,
      () => clock,
    );
    const a = await c.cover(from("0xA"), requirements("10"));
    if (a.state === "covered") a.release(true);
    const b = await c.cover(from("0xA"), requirements("10"));
    if (b.state === "covered") b.release(true);
    expect((await c.cover(from("0xA"), requirements("10"))).state).toBe("uncovered");
    expect(reads).toBe(1);
    clock = 1_000;
    expect((await c.cover(from("0xA"), requirements("10"))).state).toBe("covered");
    expect(reads).toBe(2);
  });

  it("checks nothing for other schemes or when the chain does not answer", async () => {
    const c = createPayerCoverage(async () => {
      throw new Error("no chain");
    });
    expect((await c.cover(from("0xA"), requirements("10"))).state).toBe("unchecked");
    const ok = createPayerCoverage(async () => 0n);
    const channel = { payload: { channelConfig: { payer: "0xA" } } } as unknown as PaymentPayload;
    expect((await ok.cover(channel, requirements("10", "batch-settlement"))).state).toBe("unchecked");
  });
});
