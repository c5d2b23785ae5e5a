// batch-settlement through the real service over HTTP (service/batch-settlement/batch-offer.ts, the gate and
// the devnet facilitator), paid by the CLI's client (cli/batch-payer.ts: @x402/evm's batch client
// over @x402/fetch) on the real devnet; balances and channels are read on chain. One deposit and
// 200 voucher-only calls with no transaction in between, then one claim and one settle pay the
// receiver exactly 200 × price; refusals advance nothing; a replayed voucher is a retry answered
// from the paid-answer record (no second charge), lowered and foreign vouchers are refused; a
// cumulative mismatch gets a corrective 402 the client recovers from (also after losing its
// files); the CLI's paying fetch pays up front (one exchange per call) once it knows the terms.
// Restarts and replicas: batch-settlement-replicas.ops.test.ts.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { BATCH_SETTLEMENT_ADDRESS } from "@x402/evm";
import { signVoucher } from "@x402/evm/batch-settlement/client";
import type { Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCompiledContracts } from "../../service/devnet/contracts.ts";
import { type BatchClient, newBatchClient } from "../support/batch-client.ts";
import { postJson, startTestService, type TestService } from "../support/service.ts";

const PRICE = 1000n; // POST /v1/hello
const DEPOSIT = 1_000_000n;
const abi = loadCompiledContracts().X402BatchSettlement.abi as Abi;

let t: TestService;
beforeAll(async () => {
  // No claim round runs on its own during the tests: each test claims when it says so.
  t = await startTestService({ env: { GEO402_BATCH_CLAIM_PERIOD_S: "300" } });
});
afterAll(() => t?.close());

const chain = () => {
  const devnet = t.service.devnet;
  if (!devnet) throw new Error("tests run on the embedded devnet");
  return devnet;
};
const blockNumber = () => chain().token.publicClient.getBlockNumber();
const onChain = async (id: string) =>
  (await chain().token.publicClient.readContract({
    address: BATCH_SETTLEMENT_ADDRESS as `0x${string}`,
    abi,
    functionName: "channels",
    args: [id],
  })) as readonly [bigint, bigint];
const serverChannel = async (id: string) => t.service.batch?.scheme.getStorage().get(id.toLowerCase());
const claimRound = () => {
  const batch = t.service.batch;
  if (!batch) throw new Error("the devnet service offers batch-settlement");
  return batch.scheduler.runOnce();
};

type Client = BatchClient;
/** A new payer, or with `same` a new client process over that payer's key and channel files. */
const newClient = (same?: Pick<Client, "key" | "address" | "dir">) =>
  newBatchClient(chain(), { funds: 10_000_000n, maxDeposit: DEPOSIT }, same);

const hello = (f: typeof fetch, body: unknown = { name: "Ada" }, headers: Record<string, string> = {}) =>
  postJson(f, `${t.url}/v1/hello`, body, headers);

async function paidHello(c: Client, name = "Ada") {
  const r = await hello(c.fetch, { name });
  expect(r.status, await r.clone().text()).toBe(200);
  return decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
}

async function terms(): Promise<PaymentRequired> {
  const r = await hello(fetch);
  expect(r.status).toBe(402);
  return decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
}

const channelOf = (payload: PaymentPayload) =>
  (payload.payload as { voucher: { channelId: `0x${string}` } }).voucher.channelId;

describe("batch-settlement offered by the service", () => {
  it("lists exact first and batch-settlement second, same price, in the 402, GET / and OpenAPI", async () => {
    const required = await terms();
    expect(required.accepts.map((a) => a.scheme)).toEqual(["exact", "batch-settlement"]);
    const [exact, batch] = required.accepts as [PaymentRequirements, PaymentRequirements];
    expect(batch).toMatchObject({
      amount: exact.amount,
      asset: exact.asset,
      payTo: exact.payTo,
      network: exact.network,
      extra: {
        name: "USD Coin",
        version: "2",
        withdrawDelay: 900,
        receiverAuthorizer: privateKeyToAccount(chain().receiverAuthorizerKey).address,
      },
    });
    const catalog = (await (await fetch(`${t.url}/`)).json()) as { description: string };
    expect(catalog.description).toContain("x402 schemes exact and batch-settlement");
    const openapi = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { "x-payment"?: { scheme: string; schemes: string[] } }>>;
    };
    expect(openapi.paths["/v1/hello"]?.post?.["x-payment"]).toMatchObject({
      scheme: "exact",
      schemes: ["exact", "batch-settlement"],
    });
    const supported = (await (await fetch(`${chain().facilitatorUrl}/supported`)).json()) as {
      kinds: { scheme: string }[];
    };
    expect(supported.kinds.map((k) => k.scheme).sort()).toEqual(["batch-settlement", "exact"]);
  });

  it("one deposit, 200 voucher-paid calls with no transaction, then one claim and one settle pay exactly 200 × price", async () => {
    const c = await newClient();
    const receiverBefore = await t.balance(t.payTo);
    const first = await paidHello(c);
    expect(first.transaction).toMatch(/^0x[0-9a-f]{64}$/); // the deposit
    const channelId = (first.extra as { channelState: { channelId: string } }).channelState.channelId;
    const afterDeposit = await blockNumber();
    expect(await onChain(channelId)).toEqual([DEPOSIT, 0n]);
    for (let i = 1; i < 200; i++) expect((await paidHello(c)).transaction).toBe("");
    expect(await blockNumber()).toBe(afterDeposit); // vouchers only: not one transaction
    expect(await t.balance(c.address)).toBe(10_000_000n - DEPOSIT);
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((200n * PRICE).toString());

    expect(await claimRound()).toEqual({ leader: true, claims: 1, settled: true });
    expect(await blockNumber()).toBe(afterDeposit + 2n); // one claim, one settle
    expect(await onChain(channelId)).toEqual([DEPOSIT, 200n * PRICE]);
    expect((await t.balance(t.payTo)) - receiverBefore).toBe(200n * PRICE);
    // Nothing left to claim: the next round sends nothing.
    expect(await claimRound()).toEqual({ leader: true, claims: 0, settled: false });
  });

  it("a call refused after payment advances nothing; the next voucher still matches", async () => {
    const c = await newClient();
    const first = await paidHello(c);
    const channelId = (first.extra as { channelState: { channelId: string } }).channelState.channelId;
    const r = await hello(c.fetch, { name: "Ada", extra: true });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      error: { code: "unexpected_field" },
      payment: { charged: false, outcome: "cancelled" },
    });
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe(PRICE.toString());
    c.seen.length = 0;
    await paidHello(c);
    expect(c.seen).toEqual([402, 200]); // no corrective 402: the refused call was not charged
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((2n * PRICE).toString());
  });

  it("refuses a replayed, a lowered and a foreign voucher, charging nothing", async () => {
    const c = await newClient();
    await paidHello(c); // the deposit
    const required = await terms();
    const payload = await c.http.createPaymentPayload(required);
    const header = c.http.encodePaymentSignatureHeader(payload);
    const channelId = channelOf(payload);
    const ok = await hello(fetch, { name: "Ada" }, header);
    expect(ok.status).toBe(200);
    const answer = await ok.json();
    await c.http.processPaymentResult(payload, (n) => ok.headers.get(n), ok.status);
    const charged = (await serverChannel(channelId))?.chargedCumulativeAmount;
    expect(charged).toBe((2n * PRICE).toString());
    const block = await blockNumber();
    const receiverBefore = await t.balance(t.payTo);

    const refusedWith = async (p: PaymentPayload) => {
      const r = await hello(fetch, { name: "Ada" }, c.http.encodePaymentSignatureHeader(p));
      expect(r.status).toBe(402);
      return decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "").error;
    };
    const withVoucher = (maxClaimableAmount: bigint, signature: `0x${string}`): PaymentPayload => ({
      ...payload,
      payload: {
        ...payload.payload,
        voucher: { channelId, maxClaimableAmount: maxClaimableAmount.toString(), signature },
      },
    });
    const network = payload.accepted.network;
    // replayed: the same header again is a retry of that paid request: its recorded answer, no
    // second charge (paid-answers.ts); with another request it is refused
    const again = await hello(fetch, { name: "Ada" }, header);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect((await hello(fetch, { name: "Bob" }, header)).status).toBeGreaterThanOrEqual(400);
    // lowered: a valid signature of the payer over a smaller cumulative amount
    const lowered = await signVoucher(privateKeyToAccount(c.key), channelId, PRICE.toString(), network);
    expect(await refusedWith(withVoucher(PRICE, lowered.signature))).toBe(
      "invalid_batch_settlement_evm_cumulative_amount_mismatch",
    );
    // foreign: the right amount, signed by another key
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = await signVoucher(stranger, channelId, (3n * PRICE).toString(), network);
    expect(await refusedWith(withVoucher(3n * PRICE, forged.signature))).toMatch(
      /^invalid_batch_settlement_evm_/,
    );
    // signed for another receiver: the channel config no longer matches the service's terms
    const config = (payload.payload as { channelConfig: Record<string, unknown> }).channelConfig;
    expect(
      await refusedWith({
        ...payload,
        payload: { ...payload.payload, channelConfig: { ...config, receiver: stranger.address } },
      }),
    ).toMatch(/^invalid_/);

    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe(charged);
    expect(await blockNumber()).toBe(block);
    expect(await t.balance(t.payTo)).toBe(receiverBefore);
  });

  it("answers a cumulative mismatch with a corrective 402 and the client recovers, also after losing its state", async () => {
    const c = await newClient();
    for (let i = 0; i < 3; i++) await paidHello(c);
    const [file] = readdirSync(c.dir, { recursive: true }).filter((f) => String(f).endsWith(".json"));
    const stateFile = path.join(c.dir, String(file));
    const state = JSON.parse(readFileSync(stateFile, "utf8")) as { chargedCumulativeAmount: string };
    expect(state.chargedCumulativeAmount).toBe((3n * PRICE).toString());
    const channelId = path.basename(stateFile, ".json");

    // The client's record lags the server's: corrective 402, resync from the signed voucher, retry.
    // (Another request than the earlier ones: the same voucher with the same request would be a
    // retry of that paid request and get its recorded answer.)
    // A new client process reads the lagging file.
    writeFileSync(stateFile, JSON.stringify({ ...state, chargedCumulativeAmount: PRICE.toString() }));
    const lagging = await newClient(c);
    await paidHello(lagging, "Bob");
    expect(lagging.seen).toEqual([402, 402, 200]);
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((4n * PRICE).toString());

    // The client lost its files: it reads the channel from the chain, then resyncs the same way.
    rmSync(c.dir, { recursive: true, force: true });
    const lost = await newClient(c);
    await paidHello(lost, "Cy");
    expect(lost.seen).toEqual([402, 402, 200]);
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((5n * PRICE).toString());
    expect(await t.balance(c.address)).toBe(10_000_000n - DEPOSIT); // no second deposit
  });

  it("pays up front once it knows a route's terms, and falls back to quote and pay when refused", async () => {
    const c = await newClient();
    const call = async (f: typeof fetch, name: string) => {
      const r = await hello(f, { name });
      expect(r.status, await r.clone().text()).toBe(200);
      return decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
    };
    const first = await call(c.prepaying, "a0"); // the deposit, after a quote
    const channelId = (first.extra as { channelState: { channelId: string } }).channelState.channelId;
    expect(c.seen).toEqual([402, 200]);
    c.seen.length = 0;
    const block = await blockNumber();
    for (let i = 1; i <= 5; i++) await call(c.prepaying, `a${i}`);
    expect(c.seen).toEqual([200, 200, 200, 200, 200]); // one exchange per voucher-paid call
    expect(await blockNumber()).toBe(block);
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((6n * PRICE).toString());

    // Another client process pays on the same channel: this one's record lags, its up-front
    // voucher gets a corrective 402 (nothing charged), and the call goes quote, pay.
    await paidHello(await newClient(c), "other");
    c.seen.length = 0;
    await call(c.prepaying, "a6");
    expect(c.seen).toEqual([402, 402, 200]);
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((8n * PRICE).toString());
    c.seen.length = 0;
    await call(c.prepaying, "a7");
    expect(c.seen).toEqual([200]);
    expect((await serverChannel(channelId))?.chargedCumulativeAmount).toBe((9n * PRICE).toString());
    expect(await t.balance(c.address)).toBe(10_000_000n - DEPOSIT);
  });
});
