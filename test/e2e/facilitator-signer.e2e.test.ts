// The devnet facilitator's one-call settlement (locally signed, fixed gas and fees, sent with
// eth_sendRawTransactionSync) on the real devnet: its transaction is mined with room to spare under
// the fixed gas limit, and a service started from the saved devnet state pays like a fresh one.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLEMENT_GAS_LIMIT } from "../../service/payment/facilitator-signer.ts";
import { postJson, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t?.close());

describe("devnet settlement", () => {
  it("uses less than half of the fixed gas limit and moves exactly the price", async () => {
    const payer = await t.newPayer();
    const r = await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "gas" });
    expect(r.status).toBe(200);
    const settlement = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
    const receipt = await t.service.devnet?.token.publicClient.getTransactionReceipt({
      hash: settlement.transaction as `0x${string}`,
    });
    expect(receipt?.status).toBe("success");
    expect(receipt?.gasUsed).toBeLessThan(SETTLEMENT_GAS_LIMIT / 2n);
    expect(await t.balance(payer.address)).toBe(100_000_000n - 1000n);
  });

  it("settles 40 concurrent payments with 40 distinct transactions (locally counted nonces)", async () => {
    const payers = await Promise.all(Array.from({ length: 4 }, () => t.newPayer()));
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(payers[i % 4]?.fetch ?? fetch, `${t.url}/v1/hello`, { name: `c${i}` }),
      ),
    );
    const txs = new Set<string>();
    for (const r of responses) {
      expect(r.status).toBe(200);
      txs.add(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").transaction);
    }
    expect(txs.size).toBe(40);
    for (const p of payers) expect(await t.balance(p.address)).toBe(100_000_000n - 10n * 1000n);
  });
});
