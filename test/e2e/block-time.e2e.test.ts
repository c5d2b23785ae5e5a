// A devnet chain with real block times (GEO402_DEVNET_BLOCK_TIME): anvil mines on an interval, not
// per transaction; the saved chain state loads into it; a paid exact call settles (the facilitator
// waits for the block holding its transfer) and the payer's balance falls by the price on chain.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { catalogFor } from "../../service/catalog.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { chainRpc, postJson, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ env: { GEO402_DEVNET_BLOCK_TIME: "0.5" } });
});
afterAll(() => t?.close());

it("the chain mines on an interval, with the saved state loaded (test USDC funded)", async () => {
  const rpc = chainRpc(t);
  expect(await rpc("anvil_getAutomine")).toMatchObject({ result: false });
  // Blocks come with no transaction sent (anvil_getIntervalMining reports whole seconds: 0 here).
  const height = async () => Number(((await rpc("eth_blockNumber")) as { result: string }).result);
  const start = await height();
  while ((await height()) === start) await new Promise((r) => setTimeout(r, 100));
  expect(await t.balance(t.payTo)).toBeGreaterThan(0n);
});

it("a paid exact call settles in a mined block and the payer's balance falls by the price", async () => {
  const payer = await t.newPayer();
  const before = await t.balance(payer.address);
  const r = await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "blocks" });
  expect(r.status).toBe(200);
  const settled = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
  expect(settled.success).toBe(true);
  const receipt = (await chainRpc(t)("eth_getTransactionReceipt", [settled.transaction])) as {
    result: { status: string; blockNumber: string };
  };
  expect(receipt.result.status).toBe("0x1");
  const hello = catalogFor("B").find((e) => e.path === "/v1/hello");
  expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(hello?.price ?? ""));
});
