// A client that speaks only x402 v1 learns why it cannot pay, and pays nothing: the real
// x402-fetch 1.x (devDependency) raises an error quoting the service's one-sentence notice
// (service/payment/v1-notice.ts), and a v1 X-PAYMENT header is answered with the v2 terms and the
// same notice; balances and the v1 authorization's nonce read on chain.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { expect, it } from "vitest";
import { createSigner, wrapFetchWithPayment } from "x402-fetch";
import { X402_V1_NOTICE } from "../../service/payment/v1-notice.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, p) => {
  t = service;
  payer = p;
});

const balances = async () => ({ payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) });

it("x402-fetch 1.x raises an error that carries the notice; nothing moves", async () => {
  const before = await balances();
  const v1 = wrapFetchWithPayment(fetch, await createSigner("base", payer.key));
  const outcome = await v1(`${t.url}/v1/hello`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Ada" }),
  }).catch((err: unknown) => err);
  expect(outcome).toBeInstanceOf(Error);
  expect((outcome as Error).message).toContain(X402_V1_NOTICE);
  expect(await balances()).toEqual(before);
});

it("a v1 X-PAYMENT header gets the 402 with the v2 terms and the notice; nothing moves", async () => {
  const before = await balances();
  // A well-formed x402 v1 payment payload (exact, EVM): what a v1 client sends on its retry.
  const nonce = `0x${"ab".repeat(32)}` as const;
  const v1Payment = {
    x402Version: 1,
    scheme: "exact",
    network: "base",
    payload: {
      signature: `0x${"11".repeat(65)}`,
      authorization: {
        from: payer.address,
        to: t.payTo,
        value: "1000",
        validAfter: "0",
        validBefore: String(Math.floor(Date.now() / 1000) + 300),
        nonce,
      },
    },
  };
  const r = await postJson(
    fetch,
    `${t.url}/v1/hello`,
    { name: "Ada" },
    {
      "x-payment": Buffer.from(JSON.stringify(v1Payment)).toString("base64"),
    },
  );
  expect(r.status).toBe(402);
  expect(await r.json()).toMatchObject({ x402Version: 2, error: X402_V1_NOTICE });
  expect(decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "").x402Version).toBe(2);
  expect(await balances()).toEqual(before);
  expect(await t.service.devnet?.token.authorizationUsed(payer.address, nonce)).toBe(false);
});
