import { describe, expect, it } from "vitest";
import { catalogFor } from "../catalog.ts";
import { type DemoPurchase, DemoPurchases, matchingOptions } from "./demo-purchase.ts";

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

  it("does not share a purchase in flight between different targets", async () => {
    const p = new DemoPurchases(300);
    const other = "http://127.0.0.1:2/v1/marine/depth?lat=59.6033&lon=-151.4192";
    const buy = (u: string, tx: string) => async () => {
      await new Promise((r) => setTimeout(r, 5));
      return purchase(u, t0, tx);
    };
    const [a, b] = await Promise.all([p.get(url, t0, buy(url, "0xa")), p.get(other, t0, buy(other, "0xb"))]);
    expect(a.purchase.payment.transaction).toBe("0xa");
    expect(b.purchase.payment.transaction).toBe("0xb");
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

describe("matchingOptions (what the demo payer may sign)", () => {
  const terms = {
    network: "eip155:8453" as const,
    asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const,
    payTo: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" as const,
    amount: 5000n,
  };
  const option = {
    scheme: "exact",
    network: "eip155:8453" as const,
    asset: terms.asset.toLowerCase(),
    amount: "5000",
    payTo: terms.payTo.toLowerCase(),
    maxTimeoutSeconds: 300,
    extra: {},
  };
  it("keeps only the service's own terms at exactly its price", () => {
    expect(matchingOptions(terms, [option])).toEqual([option]);
    for (const bad of [
      { payTo: "0x0000000000000000000000000000000000000001" },
      { amount: "1000000" },
      { amount: "4999" },
      { asset: "0x0000000000000000000000000000000000000002" },
      { network: "eip155:84532" as const },
      { scheme: "upto" },
    ])
      expect(matchingOptions(terms, [{ ...option, ...bad }])).toEqual([]);
  });
});
