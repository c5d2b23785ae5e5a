// x402 v2 end to end on the real devnet: a real client pays, balances move on chain by exactly
// the price, refusals and tampered or replayed signatures settle nothing.
import type { x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { beforeAll, describe, expect, it } from "vitest";
import { v1NoticeBody } from "../../service/payment/v1-notice.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { exactSigner, type Payer, postJson, type TestService } from "../support/service.ts";
import { sharedTestService } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
let signer: x402HTTPClient;

beforeAll(async () => {
  t = await sharedTestService();
  payer = await t.newPayer();
  signer = exactSigner(payer.key);
});

const hello = (f: typeof fetch, body: unknown = { name: "Ada" }, headers: Record<string, string> = {}) =>
  postJson(f, `${t.url}/v1/hello`, body, headers);

async function balances() {
  return { payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) };
}

async function termsOf(body: unknown = { name: "Ada" }): Promise<PaymentRequired> {
  const r = await hello(fetch, body);
  expect(r.status).toBe(402);
  expect(await r.json()).toEqual(v1NoticeBody().body);
  return decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
}

async function signedHeader(terms: PaymentRequired): Promise<Record<string, string>> {
  return signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms));
}

describe("a paid hello", () => {
  it("moves exactly 1000 atomic units from payer to payTo and reports the settlement", async () => {
    const before = await balances();
    const r = await hello(payer.fetch);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toEqual({ hello: "Ada", network: "eip155:8453", price: "$0.001" });
    expectMatchesSchema("hello.response", body);
    const settlement = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
    expect(settlement.success).toBe(true);
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settlement.network).toBe("eip155:8453");
    expect(settlement.payer?.toLowerCase()).toBe(payer.address.toLowerCase());
    const after = await balances();
    expect(before.payer - after.payer).toBe(1000n);
    expect(after.payTo - before.payTo).toBe(1000n);
  });

  it("states the terms: exact scheme, atomic amount, canonical USDC, payTo, EIP-712 domain and discovery", async () => {
    const terms = await termsOf();
    expect(terms.x402Version).toBe(2);
    expect(terms.resource.url).toMatch(/\/v1\/hello$/);
    const [accept] = terms.accepts;
    expect(accept).toMatchObject({
      scheme: "exact",
      network: "eip155:8453",
      amount: "1000",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      payTo: t.payTo,
      maxTimeoutSeconds: 300,
      extra: { name: "USD Coin", version: "2" },
    });
    const bazaar = terms.extensions?.bazaar as { info: { input: { body: unknown } }; schema: unknown };
    expect(bazaar.info.input.body).toEqual({ name: "Ada" });
    // The request schema's outline, not the full schema (that is in /openapi.json): route-terms.ts.
    expect(bazaar.schema).toMatchObject({
      properties: {
        input: {
          properties: {
            body: {
              type: "object",
              properties: { name: { type: "string" } },
              required: ["name"],
              additionalProperties: false,
            },
          },
        },
      },
    });
  });
});

describe("refusals settle nothing", () => {
  it("a post-payment 400 (extra member) is refused with its code, cancelled, and the nonce stays unused", async () => {
    const body = { name: "Ada", extra: true };
    const terms = await termsOf(body);
    const payload = await signer.createPaymentPayload(terms);
    const before = await balances();
    const r = await hello(fetch, body, signer.encodePaymentSignatureHeader(payload));
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({
      code: "unexpected_field",
      field: "extra",
      path: "$.extra",
    });
    expect(await balances()).toEqual(before);
    const nonce = (payload.payload as { authorization: { nonce: `0x${string}` } }).authorization.nonce;
    expect(await t.service.devnet?.token.authorizationUsed(payer.address, nonce)).toBe(false);
  });

  it("a replayed signature settles nothing: the same request gets its recorded answer, another one 402", async () => {
    const header = await signedHeader(await termsOf());
    const first = await hello(fetch, { name: "Ada" }, header);
    expect(first.status).toBe(200);
    const before = await balances();
    const again = await hello(fetch, { name: "Ada" }, header);
    expect(again.status).toBe(200);
    expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    expect(await again.json()).toEqual(await first.json());
    const replay = await hello(fetch, { name: "Grace" }, header);
    expect(replay.status).toBe(402);
    expect(decodePaymentRequiredHeader(replay.headers.get("payment-required") ?? "").error).toBeTruthy();
    expect(await balances()).toEqual(before);
  });

  const tampered: [string, (a: PaymentRequired["accepts"][number]) => void][] = [
    ["a smaller amount", (a) => Object.assign(a, { amount: "1" })],
    ["another payTo", (a) => Object.assign(a, { payTo: payer.address })],
    [
      "another network",
      (a) =>
        Object.assign(a, {
          network: "eip155:84532",
          asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
          extra: { name: "USDC", version: "2" },
        }),
    ],
  ];
  for (const [what, change] of tampered) {
    it(`a signature for ${what} is refused with 402 and settles nothing`, async () => {
      const terms = await termsOf();
      const accept = terms.accepts[0];
      if (!accept) throw new Error("no terms");
      change(accept);
      const before = await balances();
      const r = await hello(fetch, { name: "Ada" }, await signedHeader(terms));
      expect(r.status).toBe(402);
      expect(r.headers.get("payment-response")).toBeNull();
      expect(await balances()).toEqual(before);
    });
  }
});

describe("concurrency", () => {
  it("20 concurrent paid requests give 20 answers, 20 settlements and exactly 20 × price", async () => {
    const before = await balances();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hello(payer.fetch, { name: `n${i}` })),
    );
    const txs = new Set<string>();
    for (const [i, r] of responses.entries()) {
      expect(r.status).toBe(200);
      expect((await r.json()).hello).toBe(`n${i}`);
      const s = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
      expect(s.success).toBe(true);
      txs.add(s.transaction);
    }
    expect(txs.size).toBe(20);
    const after = await balances();
    expect(before.payer - after.payer).toBe(20_000n);
    expect(after.payTo - before.payTo).toBe(20_000n);
  });
});
