// Who gets the explorer page at `/` (only a request that prefers HTML), and what it lists: every
// catalog route with the price the JSON catalog gives it.
import { describe, expect, it } from "vitest";
import { CATALOG, catalogFor } from "../catalog.ts";
import { isFree, routeKey } from "../route-types.ts";
import { prefersHtml, renderExplorer } from "./explorer.ts";

const CHROMIUM_NAVIGATION =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";

describe("prefersHtml", () => {
  it.each([
    [undefined, false],
    ["*/*", false],
    ["application/json", false],
    ["application/json, text/html", false],
    ["text/html;q=0.5, */*", false],
    ["image/png", false],
    ["text/html", true],
    ["text/html,application/json;q=0.9", true],
    ["application/json;q=0.5, text/html", true],
    [CHROMIUM_NAVIGATION, true],
  ])("Accept %s → HTML %s", (accept, html) => {
    expect(prefersHtml(accept)).toBe(html);
  });
});

describe("renderExplorer", () => {
  it("lists every route of the revision with its catalog price", () => {
    const entries = catalogFor("B", CATALOG);
    const html = renderExplorer(entries, {
      network: "eip155:8453",
      payTo: "0x0000000000000000000000000000000000000001",
    });
    for (const e of entries) {
      const row = html.match(new RegExp(`<tr data-route="${routeKey(e)}">[\\s\\S]*?</tr>`))?.[0] ?? "";
      expect(row, routeKey(e)).toContain(`<td class="price">${isFree(e) ? "free" : `$${e.price}`}</td>`);
      for (const l of e.limits) expect(row, `${routeKey(e)} ${l.name}`).toContain(l.name);
    }
  });
});
