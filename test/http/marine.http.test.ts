// GET /v1/marine/depth and /v1/marine/hazards end to end: the real app on the real devnet with the
// built ENC artifact, paid with @x402/fetch; balances checked on chain; refusals charge nothing.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { expectMatchesSchema } from "../support/schemas.ts";
import type { Payer, TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

const url = (route: string, query: Record<string, string>) =>
  `${t.url}${route}?${new URLSearchParams(query)}`;
const balances = async () => ({ payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) });

describe("marine routes on the devnet", () => {
  it("quote depth at $0.005 (5000 atomic) before reading any coordinate", async () => {
    const r = await fetch(url("/v1/marine/depth", { lat: "59.6033", lon: "-151.4192" }));
    expect(r.status).toBe(402);
    expect(decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "").accepts[0]?.amount).toBe(
      "5000",
    );
  });

  it("refuses a depth request missing lon with 400 before any quote", async () => {
    const r = await fetch(url("/v1/marine/depth", { lat: "59.6033" }));
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("missing_field");
    expect(r.headers.get("payment-required")).toBeNull();
  });

  it("pays for a depth answer at Homer Harbor: 5000 atomic move, band 5 answers", async () => {
    const before = await balances();
    const r = await payer.fetch(url("/v1/marine/depth", { lat: "59.6033", lon: "-151.4192" }));
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      depthAreaMinimum: number;
      chart: { cell: string };
      disclaimer: { notForNavigation: boolean };
    };
    expectMatchesSchema("marine-depth.response", body);
    expect([body.depthAreaMinimum, body.chart.cell, body.disclaimer.notForNavigation]).toEqual([
      3.6,
      "US5AK5SI",
      true,
    ]);
    const settlement = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
    expect(settlement.success).toBe(true);
    const after = await balances();
    expect(before.payer - after.payer).toBe(5000n);
    expect(after.payTo - before.payTo).toBe(5000n);
  });

  it("pays for hazards around Homer with a 5000 m radius: nearest first, within the tile cap", async () => {
    const before = await balances();
    const r = await payer.fetch(
      url("/v1/marine/hazards", { lat: "59.6033", lon: "-151.4192", radius: "5000" }),
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      count: number;
      tilesRead: number;
      hazards: { distanceMeters: number }[];
    };
    expectMatchesSchema("marine-hazards.response", body);
    expect(body.count).toBeGreaterThan(0);
    expect(body.tilesRead).toBeLessThanOrEqual(100);
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    expect(before.payer - (await balances()).payer).toBe(5000n);
  });

  it.each([
    [
      "no_depth_area on Homer Spit",
      "/v1/marine/depth",
      { lat: "59.6104", lon: "-151.4427" },
      422,
      "no_depth_area",
    ],
    [
      "outside_coverage off the charts",
      "/v1/marine/depth",
      { lat: "59", lon: "-150" },
      422,
      "outside_coverage",
    ],
    [
      "outside_coverage for hazards",
      "/v1/marine/hazards",
      { lat: "59", lon: "-150" },
      422,
      "outside_coverage",
    ],
    [
      "the tile cap near the pole",
      "/v1/marine/hazards",
      { lat: "85", lon: "10", radius: "5000" },
      400,
      "limit_exceeded",
    ],
    [
      "a radius over 5000 m",
      "/v1/marine/hazards",
      { lat: "59.6", lon: "-151.4", radius: "5001" },
      400,
      "limit_exceeded",
    ],
  ] as const)("refuses %s after payment and charges nothing", async (_name, route, query, status, code) => {
    const before = await balances();
    const r = await payer.fetch(url(route, query));
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe(code);
    const settlement = r.headers.get("payment-response");
    if (settlement) expect(decodePaymentResponseHeader(settlement).success).toBe(false);
    expect(await balances()).toEqual(before);
  });
});
