// Issue 29, item 2 (the explorer at `/`): a browser (a real headless Chromium, its own navigation
// Accept header) gets the HTML explorer, every JSON client the catalog byte for byte as before;
// the page lists each route with its price and limits, pays POST /v1/geometry/buffer with its
// example from the injected EIP-1193 wallet (the official @x402/fetch inside the page), draws the
// answer's polygon on the Leaflet map over the base layer, and the balance read on chain falls by
// exactly the buffer's price. Screenshots: .geo402/screenshots/explorer-*.png.
import { describe, expect, it } from "vitest";
import { CATALOG } from "../../service/catalog.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { EXPLORER_CSP } from "../../service/pages/explorer.ts";
import { SECURITY_HEADERS } from "../../service/security-headers.ts";
import { chromiumMissing, screenshot, withServiceAndWalletPage } from "../support/chromium.ts";
import { expectMatchesSchema } from "../support/schemas.ts";

const missing = chromiumMissing();
if (missing) console.warn(`explorer ops test skipped: ${missing}`);

const BUFFER = CATALOG.find((e) => e.method === "POST" && e.path === "/v1/geometry/buffer");

describe.skipIf(missing !== undefined)("the explorer at /", () => {
  const shared = withServiceAndWalletPage();

  it("answers JSON clients the catalog byte for byte, and HTML only to a request that prefers it", async () => {
    const { t } = shared;
    const get = async (accept?: string) => {
      const r = await fetch(`${t.url}/`, accept === undefined ? {} : { headers: { accept } });
      return { type: r.headers.get("content-type"), vary: r.headers.get("vary"), r, text: await r.text() };
    };
    const plain = await get();
    expect(plain.type).toMatch(/^application\/json/);
    expect(plain.r.headers.get("content-security-policy")).toBe(SECURITY_HEADERS["content-security-policy"]);
    expectMatchesSchema("catalog.response", JSON.parse(plain.text));
    for (const accept of [
      "*/*",
      "application/json",
      "application/json, text/html",
      "text/html;q=0.5, */*",
      "image/png",
    ]) {
      const json = await get(accept);
      expect(json.type, accept).toMatch(/^application\/json/);
      expect(json.text, accept).toBe(plain.text);
      expect(json.vary, accept).toMatch(/accept/i);
    }
    for (const accept of [
      "text/html",
      "text/html,application/json;q=0.9",
      "application/json;q=0.5, text/html",
    ]) {
      const html = await get(accept);
      expect(html.type, accept).toMatch(/^text\/html/);
      expect(html.r.headers.get("content-security-policy"), accept).toBe(EXPLORER_CSP);
      expect(html.text, accept).toContain("<!doctype html>");
    }
  });

  it("lists routes with prices, pays a buffer with its example and draws the answer on the map", async () => {
    const { t, payer, page } = shared;
    if (!BUFFER) throw new Error("POST /v1/geometry/buffer is not in the catalog");
    const opened = await page.goto(`${t.url}/`);
    expect(opened?.status()).toBe(200);
    expect(await opened?.headerValue("content-security-policy")).toBe(EXPLORER_CSP);
    const row = page.locator('tr[data-route="POST /v1/geometry/buffer"]');
    expect(await row.locator("td.price").textContent()).toBe(`$${BUFFER.price}`);
    for (const limit of BUFFER.limits) expect(await row.textContent()).toContain(limit.name);
    const catalog = (await (await fetch(`${t.url}/`)).json()) as { free: string[]; paid: unknown[] };
    expect(await page.locator("#routes tbody tr").count()).toBe(catalog.free.length + catalog.paid.length);
    // The base layer (the timezone grid) is painted before anything is paid.
    await page.locator("img.geo402-basemap").waitFor();
    await screenshot(page, "explorer-opened");

    await page.selectOption("#route", "POST /v1/geometry/buffer");
    expect(JSON.parse(await page.inputValue("#request"))).toEqual(BUFFER.example.body);
    const before = await t.balance(payer.address);
    await page.click("#connect");
    await page.locator("#send:enabled").waitFor();
    await page.click("#send");
    await page.locator("#answer:visible").waitFor();
    const answer = JSON.parse((await page.locator("#answer").textContent()) ?? "") as {
      geojson: { type: string; geometry: { type: string; coordinates: number[][][] } };
    };
    expectMatchesSchema("geometry-buffer.response", answer);
    expect(answer.geojson.geometry.type).toBe("Polygon");
    expect(await page.locator("#status").textContent()).toMatch(
      new RegExp(`^Paid \\$${BUFFER.price.replace(".", "\\.")}: transaction 0x[0-9a-f]{64}`),
    );

    // Drawn: Leaflet's SVG renderer holds one path for the polygon, with as many vertices as the ring.
    const path = page.locator(".leaflet-overlay-pane svg path.geo402-answer");
    expect(await path.count()).toBe(1);
    const d = (await path.getAttribute("d")) ?? "";
    const ring = answer.geojson.geometry.coordinates[0] ?? [];
    expect(d.match(/[ML]/g)?.length).toBe(ring.length - 1);
    const box = await path.boundingBox();
    expect(box?.width).toBeGreaterThan(50);
    expect(box?.height).toBeGreaterThan(50);

    expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(BUFFER.price));
    await screenshot(page, "explorer-buffer-paid");
  });
});
