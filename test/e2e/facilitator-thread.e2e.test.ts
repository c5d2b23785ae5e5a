// The devnet facilitator in its own thread (service/facilitator/facilitator-thread.ts), on the real
// devnet: a payment verified and settled through the thread moves exactly its amount on chain; a
// thread that ends fails the calls it holds as facilitator faults (502, never "invalid") and the
// next call starts a new thread that settles again. A settle held by a thread that ends may already
// be on chain: the 502 claims no charge, and a retry of that payment gets its recorded answer.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { FacilitatorResponseError } from "@x402/core/server";
import type { PaymentRequired } from "@x402/core/types";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devKey } from "../../service/devnet/devnet.ts";
import { chainRpc, exactSigner, postJson, startTestService, type TestService } from "../support/service.ts";

const HELLO_PRICE = 1_000n;

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ ownDevnet: true }); // its facilitator thread ends
});
afterAll(() => t?.close());

describe("the facilitator thread", () => {
  it("answers the supported kinds from the thread's facilitator, also after the thread ends", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("the test runs on the devnet");
    const facilitatorAddress = privateKeyToAccount(devKey(1)).address;
    const expected = {
      kinds: [
        { x402Version: 2, scheme: "exact", network: t.service.terms.network },
        { x402Version: 2, scheme: "batch-settlement", network: t.service.terms.network },
      ],
      signers: { "eip155:*": [facilitatorAddress] },
    };
    expect(await devnet.facilitator.client.getSupported()).toMatchObject(expected);
    // The same answer over the loopback HTTP API the service advertises.
    expect(await (await fetch(`${devnet.facilitatorUrl}/supported`)).json()).toMatchObject(expected);
    await devnet.facilitator.close();
    expect(await devnet.facilitator.client.getSupported()).toMatchObject(expected);
  });

  it("settles through the thread, fails calls held by a thread that ends, and starts a new one", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("the test runs on the devnet");
    const thread = devnet.facilitator;
    const payer = await t.newPayer();
    const signer = exactSigner(payer.key);
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

  it("a settle held by a thread that ends: 502 claiming no charge, then the retry gets its answer, charged once", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("the test runs on the devnet");
    const rpc = chainRpc(t);
    const payer = await t.newPayer();
    const signer = exactSigner(payer.key);
    const body = { name: "orphan" };
    const unpaid = await postJson(fetch, `${t.url}/v1/hello`, body);
    const terms = decodePaymentRequiredHeader(unpaid.headers.get("payment-required") ?? "");
    const header = signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms));
    const before = await t.balance(payer.address);

    await rpc("evm_setAutomine", [false]);
    let first: Response;
    try {
      const answered = postJson(fetch, `${t.url}/v1/hello`, body, header);
      // The settlement is sent (in anvil's pool, not mined) when the thread ends.
      let pending = 0;
      for (let i = 0; i < 1200 && pending === 0; i++) {
        const status = (await rpc("txpool_status")) as { result?: { pending?: string } };
        pending = Number(status.result?.pending ?? 0);
        if (pending === 0) await new Promise((done) => setTimeout(done, 25));
      }
      expect(pending, "the settlement reached anvil's pool").toBe(1);
      await devnet.facilitator.close();
      first = await answered;
      await rpc("evm_mine");
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
    expect(first.status).toBe(502);
    const refused = await first.json();
    expect(refused.error.code).toBe("facilitator_unavailable");
    expect(refused.payment).toBeUndefined();
    expect(await t.balance(payer.address)).toBe(before - HELLO_PRICE);

    const retry = await postJson(fetch, `${t.url}/v1/hello`, body, header);
    expect(retry.status).toBe(200);
    expect((await retry.json()).hello).toBe("orphan");
    expect(await t.balance(payer.address)).toBe(before - HELLO_PRICE);
  });
});
