// Issue 29, item 1: a page in a real headless Chromium, served from another loopback origin,
// pays a GET and a POST route of the real service on its devnet with the unmodified official
// client (@x402/fetch + @x402/evm ExactEvmScheme, bundled by esbuild) through an injected
// EIP-1193 wallet, reads PAYMENT-RESPONSE across origins (CORS), and the balances read on chain
// move by exactly the two prices.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../service/catalog.ts";
import { chainIdOf } from "../../service/devnet/anvil.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { type CatalogEntry, queryString } from "../../service/route-types.ts";
import {
  bundleForBrowser,
  chromiumMissing,
  injectWallet,
  launchChromium,
  servePage,
} from "../support/chromium.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

const missing = chromiumMissing();
if (missing) console.warn(`browser-pays ops test skipped: ${missing}`);

const route = (method: string, p: string): CatalogEntry => {
  const entry = CATALOG.find((e) => e.method === method && e.path === p);
  if (!entry) throw new Error(`${method} ${p} is not in the catalog`);
  return entry;
};
const TIMEZONE = route("GET", "/v1/timezone");
const HELLO = route("POST", "/v1/hello");

interface Paid {
  status: number;
  body: unknown;
  settlement: { success: boolean; transaction: string; network: string; payer?: string } | null;
}

describe.skipIf(missing !== undefined)("a browser page pays with the official x402 client", () => {
  let t: TestService;
  let payer: Payer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  let origin: Awaited<ReturnType<typeof servePage>>;

  beforeAll(async () => {
    const script = await bundleForBrowser(path.join(REPO_ROOT, "test/support/browser/pay-page.ts"));
    [t, origin, browser] = await Promise.all([
      startTestService(),
      servePage('<!doctype html><title>pay</title><script type="module" src="/page.js"></script>', script),
      launchChromium(),
    ]);
    payer = await t.newPayer();
    page = await browser.context.newPage();
    await injectWallet(page, payer.key, chainIdOf(t.service.terms.network));
    await page.goto(origin.url);
    await page.waitForFunction(() => "geo402Pay" in globalThis);
  });
  afterAll(async () => {
    await browser?.close();
    await origin?.close();
    await t?.close();
  });

  const pay = (url: string, init?: RequestInit): Promise<Paid> =>
    page.evaluate(
      ([u, i]) =>
        (globalThis as unknown as { geo402Pay(u: string, i?: RequestInit): Promise<Paid> }).geo402Pay(u, i),
      [url, init] as const,
    );

  it("pays GET /v1/timezone and POST /v1/hello from another origin; on chain, exactly the prices", async () => {
    expect(new URL(origin.url).origin).not.toBe(new URL(t.url).origin);
    const [payerBefore, payToBefore] = await Promise.all([t.balance(payer.address), t.balance(t.payTo)]);

    const zone = await pay(`${t.url}${TIMEZONE.path}?${queryString(TIMEZONE.example.query)}`);
    expect(zone.status).toBe(200);
    expectMatchesSchema("timezone.response", zone.body);
    expect(zone.settlement).toMatchObject({ success: true, network: t.service.terms.network });
    expect(zone.settlement?.payer?.toLowerCase()).toBe(payer.address.toLowerCase());

    const hello = await pay(`${t.url}${HELLO.path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(HELLO.example.body),
    });
    expect(hello.status).toBe(200);
    expectMatchesSchema("hello.response", hello.body);
    expect(hello.body).toMatchObject({ hello: "Ada" });
    expect(hello.settlement).toMatchObject({ success: true, network: t.service.terms.network });
    expect(hello.settlement?.transaction).not.toBe(zone.settlement?.transaction);

    const charged = dollarsToAtomic(TIMEZONE.price) + dollarsToAtomic(HELLO.price);
    expect(payerBefore - (await t.balance(payer.address))).toBe(charged);
    expect((await t.balance(t.payTo)) - payToBefore).toBe(charged);
  });
});
