// The devnet facilitator's one-call settlement (locally signed, fixed gas and fees, sent with
// eth_sendRawTransactionSync) on the real devnet: its transaction is mined with room to spare under
// the fixed gas limit, concurrent settlements take distinct nonces, and a transaction mined after
// the RPC call's HTTP timeout is answered as settled (never a free 502 for a charged payment).
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLEMENT_GAS_LIMIT } from "../../service/facilitator/facilitator-signer.ts";
import { chainRpc, postJson, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ ownDevnet: true }); // pauses mining
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

  it("a settlement mined after viem's 10 s HTTP timeout is answered as settled and charged once", async () => {
    const rpc = chainRpc(t);
    const payer = await t.newPayer();
    await rpc("evm_setAutomine", [false]);
    let r: Response;
    try {
      const answered = postJson(payer.fetch, `${t.url}/v1/hello`, { name: "late block" });
      // eth_sendRawTransactionSync answers only once its block is mined: past the transport's
      // 10 s timeout the send fails, but the transaction is in the pool and will be mined.
      await new Promise((done) => setTimeout(done, 11_000));
      await rpc("evm_setAutomine", [true]);
      await rpc("evm_mine");
      r = await answered;
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
    expect(r.status).toBe(200);
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    expect(await t.balance(payer.address)).toBe(100_000_000n - 1000n);
  }, 60_000);
});
