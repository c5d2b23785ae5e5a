// Issue 29, item 2 (the paywall): a person who opens a priced route in a real headless Chromium
// sees the route, what it does, its price and network, connects a wallet (the EIP-1193 wallet
// injected by the test, a devnet key) and pays with the page's own script (the official
// @x402/fetch); the answer is shown and the balance read on chain falls by the price. The page's
// CSP is its own; API answers keep the strict one. Screenshots: .geo402/screenshots/paywall-*.png.
import { describe, expect, it } from "vitest";
import { CATALOG } from "../../service/catalog.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { PAYWALL_CSP } from "../../service/payment/paywall.ts";
import { v1NoticeBody } from "../../service/payment/v1-notice.ts";
import { queryString } from "../../service/route-types.ts";
import { SECURITY_HEADERS } from "../../service/security-headers.ts";
import { chromiumMissing, screenshot, withServiceAndWalletPage } from "../support/chromium.ts";
import { expectMatchesSchema } from "../support/schemas.ts";

const missing = chromiumMissing();
if (missing) console.warn(`paywall ops test skipped: ${missing}`);

const TIMEZONE = CATALOG.find((e) => e.method === "GET" && e.path === "/v1/timezone");
const HELLO = CATALOG.find((e) => e.method === "POST" && e.path === "/v1/hello");

describe.skipIf(missing !== undefined)("the paywall a person sees on a priced route", () => {
  const shared = withServiceAndWalletPage();

  it("shows route, description, price and network, and pays with the browser's wallet", async () => {
    const { t, payer, page } = shared;
    if (!TIMEZONE) throw new Error("GET /v1/timezone is not in the catalog");
    const url = `${t.url}${TIMEZONE.path}?${queryString(TIMEZONE.example.query)}`;
    const opened = await page.goto(url);
    expect(opened?.status()).toBe(402);
    expect(await opened?.headerValue("content-security-policy")).toBe(PAYWALL_CSP);
    expect(await page.locator("#route").textContent()).toBe("GET /v1/timezone");
    expect(await page.locator("#price").textContent()).toContain(`$${TIMEZONE.price}`);
    expect(await page.locator("#network").textContent()).toBe(t.service.terms.network);
    expect(await page.locator("main").textContent()).toContain(TIMEZONE.description);
    expect(await page.content()).not.toContain("install @x402/paywall");
    await screenshot(page, "paywall-opened");

    const before = await t.balance(payer.address);
    await page.click("#connect");
    await page.locator("#pay:enabled").waitFor();
    await page.click("#pay");
    await page.locator("#answer:visible").waitFor();
    expectMatchesSchema("timezone.response", JSON.parse((await page.locator("#answer").textContent()) ?? ""));
    expect(await page.locator("#status").textContent()).toMatch(/^Paid \$0\.005: transaction 0x[0-9a-f]{64}/);
    expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(TIMEZONE.price));
    await screenshot(page, "paywall-paid");
  });

  it("on a POST route, shows the example body and pays with the body from the page", async () => {
    const { t, payer, page } = shared;
    if (!HELLO) throw new Error("POST /v1/hello is not in the catalog");
    const url = `${t.url}${HELLO.path}`;
    // A browser reaches a POST route's paywall by a POST navigation (here: the navigation turned
    // into a POST with the route's example as JSON, as a page's form script would send it).
    await page.route(url, (route) =>
      route.request().isNavigationRequest()
        ? route.continue({
            method: "POST",
            postData: JSON.stringify(HELLO.example.body),
            headers: { ...route.request().headers(), "content-type": "application/json" },
          })
        : route.continue(),
    );
    const opened = await page.goto(url);
    await page.unroute(url);
    expect(opened?.status()).toBe(402);
    expect(await page.locator("#route").textContent()).toBe("POST /v1/hello");
    expect(await page.locator("#price").textContent()).toContain(`$${HELLO.price}`);
    expect(JSON.parse(await page.inputValue("#body"))).toEqual(HELLO.example.body);
    await page.fill("#body", JSON.stringify({ name: "Grace" }));

    const before = await t.balance(payer.address);
    await page.click("#connect");
    await page.locator("#pay:enabled").waitFor();
    await page.click("#pay");
    await page.locator("#answer:visible").waitFor();
    const answer = JSON.parse((await page.locator("#answer").textContent()) ?? "");
    expectMatchesSchema("hello.response", answer);
    expect(answer).toMatchObject({ hello: "Grace" });
    expect(await page.locator("#status").textContent()).toMatch(/^Paid \$0\.001: transaction 0x[0-9a-f]{64}/);
    expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(HELLO.price));
    await screenshot(page, "paywall-post-paid");
  });

  it("keeps the API's strict CSP for a JSON client on the same route", async () => {
    const { t } = shared;
    const r = await fetch(`${t.url}/v1/timezone?lat=1&lon=2`, { headers: { accept: "application/json" } });
    expect(r.status).toBe(402);
    expect(r.headers.get("content-security-policy")).toBe(SECURITY_HEADERS["content-security-policy"]);
    expect(await r.json()).toEqual(v1NoticeBody().body);
  });
});
