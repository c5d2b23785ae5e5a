import { describe, expect, it } from "vitest";
import { catalogFor } from "../catalog.ts";
import { type DemoPurchase, DemoPurchases } from "./demo-purchase.ts";

const purchase = (url: string, settledAt: Date, tx: string): DemoPurchase => ({
  url,
  quote: { amount: "5000", asset: "0xasset", network: "eip155:8453", payTo: "0xpayto" },
  payment: { payer: "0xpayer", transaction: tx, network: "eip155:8453", settledAt },
  answer: {},
});

describe("DemoPurchases", () => {
  const url = "http://127.0.0.1:1/v1/marine/depth?lat=59.6033&lon=-151.4192";
  const t0 = new Date("2026-11-21T12:00:00Z");
  const at = (s: number) => new Date(t0.getTime() + s * 1000);

  it("buys on first use (live), shows the same purchase while it is younger than the reuse window, then buys again", async () => {
    const p = new DemoPurchases(300);
    let bought = 0;
    const buy = async () => purchase(url, t0, `0x${++bought}`);
    expect(await p.get(url, t0, buy)).toMatchObject({
      live: true,
      purchase: { payment: { transaction: "0x1" } },
    });
    expect(await p.get(url, at(299), buy)).toMatchObject({
      live: false,
      purchase: { payment: { transaction: "0x1" } },
    });
    expect(await p.get(url, at(300), buy)).toMatchObject({
      live: true,
      purchase: { payment: { transaction: "0x2" } },
    });
    expect(bought).toBe(2);
  });

  it("shares one purchase among concurrent demos", async () => {
    const p = new DemoPurchases(300);
    let bought = 0;
    const buy = async () => {
      bought++;
      await new Promise((r) => setTimeout(r, 5));
      return purchase(url, t0, "0xshared");
    };
    const all = await Promise.all([p.get(url, t0, buy), p.get(url, t0, buy), p.get(url, t0, buy)]);
    expect(bought).toBe(1);
    expect(new Set(all.map((a) => a.purchase.payment.transaction))).toEqual(new Set(["0xshared"]));
  });

  it("does not keep a failed purchase: the next demo tries again", async () => {
    const p = new DemoPurchases(300);
    await expect(p.get(url, t0, async () => Promise.reject(new Error("facilitator down")))).rejects.toThrow(
      "facilitator down",
    );
    expect(await p.get(url, t0, async () => purchase(url, t0, "0x9"))).toMatchObject({ live: true });
  });
});

describe("GET /demo in the catalog", () => {
  it("is listed in revision B only", () => {
    expect(catalogFor("B").some((e) => e.path === "/demo")).toBe(true);
    expect(catalogFor("A").some((e) => e.path === "/demo")).toBe(false);
  });
});
