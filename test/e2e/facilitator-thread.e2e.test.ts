// The devnet facilitator in its own thread (service/payment/facilitator-thread.ts), on the real
// devnet: a payment verified and settled through the thread moves exactly its amount on chain; a
// thread that ends fails the calls it holds as facilitator faults (502, never "invalid") and the
// next call starts a new thread that settles again.
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { FacilitatorResponseError } from "@x402/core/server";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestService, type TestService } from "../support/service.ts";

const HELLO_PRICE = 1_000n;

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t?.close());

describe("the facilitator thread", () => {
  it("settles through the thread, fails calls held by a thread that ends, and starts a new one", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("the test runs on the devnet");
    const thread = devnet.facilitator;
    const payer = await t.newPayer();
    const signer = new x402HTTPClient(
      new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(payer.key))),
    );
    const unpaid = await postJson(fetch, `${t.url}/v1/hello`, { name: "thread" });
    const terms: PaymentRequired = decodePaymentRequiredHeader(unpaid.headers.get("payment-required") ?? "");
    const requirements = terms.accepts[0];
    if (!requirements) throw new Error("no payment requirements");
    const before = await t.balance(payer.address);

    const first = await signer.createPaymentPayload(terms);
    expect(await thread.client.verify(first, requirements)).toMatchObject({ isValid: true });
    expect(await thread.client.settle(first, requirements)).toMatchObject({ success: true });
    expect(await t.balance(payer.address)).toBe(before - HELLO_PRICE);

    // A call the thread holds when it ends is a facilitator fault; nothing is charged.
    const second = await signer.createPaymentPayload(terms);
    const held = expect(thread.client.verify(second, requirements)).rejects.toBeInstanceOf(
      FacilitatorResponseError,
    );
    await thread.close();
    await held;
    expect(await t.balance(payer.address)).toBe(before - HELLO_PRICE);

    // The next call starts a new thread, which verifies and settles the same authorization.
    expect(await thread.client.verify(second, requirements)).toMatchObject({ isValid: true });
    expect(await thread.client.settle(second, requirements)).toMatchObject({ success: true });
    expect(await t.balance(payer.address)).toBe(before - 2n * HELLO_PRICE);

    // A payload that is not plain data never reaches the thread.
    const notData = { ...second, extensions: { f: () => 0 } } as unknown as typeof second;
    await expect(thread.client.verify(notData, requirements)).rejects.toThrow(/could not be cloned/);
  });
});
