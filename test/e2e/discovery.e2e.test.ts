// GET /, GET /openapi.json and the 402 terms agree on every route's price, in both revisions.
import SwaggerParser from "@apidevtools/swagger-parser";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../service/catalog.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { startTestService, type TestService } from "../support/service.ts";

for (const [revision, network] of [
  ["A", "eip155:84532"],
  ["B", "eip155:8453"],
] as const) {
  describe(`revision ${revision}`, () => {
    let t: TestService;
    beforeAll(async () => {
      t = await startTestService({ revision });
    });
    afterAll(() => t?.close());

    it("GET / is exactly the catalog resource, on its own network", async () => {
      const r = await fetch(`${t.url}/`);
      expect(r.status).toBe(200);
      const body = await r.json();
      expectMatchesSchema("catalog.response", body);
      expect(Object.keys(body).sort()).toEqual([
        "description",
        "facilitator",
        "free",
        "name",
        "network",
        "paid",
        "payTo",
      ]);
      expect(body.network).toBe(network);
      expect(body.payTo).toBe(t.payTo);
      expect(body.free).toEqual(expect.arrayContaining(["GET /", "GET /openapi.json"]));
      const supported = await fetch(`${body.facilitator}/supported`);
      expect(supported.status).toBe(200);
    });

    it("a real OpenAPI validator accepts /openapi.json, with payment extensions on every operation", async () => {
      const doc = await (await fetch(`${t.url}/openapi.json`)).json();
      expectMatchesSchema("openapi.response", doc);
      await SwaggerParser.validate(structuredClone(doc));
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.info.version).toBe("0.2.0");
      for (const [, ops] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
        for (const op of Object.values(ops)) {
          expect(op).toHaveProperty("x-price");
          expect(op).toHaveProperty("x-price-usd");
          expect(op).toHaveProperty("x-free");
          expect(op).toHaveProperty("x-limits");
          expect(op["x-payment"]).toMatchObject({
            protocol: "x402",
            scheme: "exact",
            network,
            assetDecimals: 6,
            payTo: t.payTo,
          });
        }
      }
    });

    it("for every advertised route, GET /, x-price-atomic and the 402 amount agree", async () => {
      const catalog = await (await fetch(`${t.url}/`)).json();
      const doc = await (await fetch(`${t.url}/openapi.json`)).json();
      expect(catalog.paid.length).toBeGreaterThan(0);
      for (const paid of catalog.paid as { route: string; price: string; priceUsd: number }[]) {
        const [method, path] = paid.route.split(" ") as [string, string];
        const op = doc.paths[path][method.toLowerCase()];
        const atomic = dollarsToAtomic(paid.price.slice(1)).toString();
        expect(op["x-price-atomic"]).toBe(atomic);
        expect(op["x-price"]).toBe(paid.price);
        expect(op["x-price-usd"]).toBe(paid.priceUsd);
        const entry = CATALOG.find((e) => `${e.method} ${e.path}` === paid.route);
        if (!entry) throw new Error(`${paid.route} is advertised but not in the catalog`);
        const query = new URLSearchParams(entry.example.query ?? {}).toString();
        const r = await fetch(`${t.url}${path}${query ? `?${query}` : ""}`, {
          method,
          ...(method === "POST"
            ? { headers: { "content-type": "application/json" }, body: JSON.stringify(entry.example.body) }
            : {}),
        });
        expect(r.status, paid.route).toBe(402);
        const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
        expect(terms.accepts[0]?.amount, paid.route).toBe(atomic);
        expect(terms.accepts[0]?.network).toBe(network);
      }
    });

    it("a paid hello answers on this revision's network", async () => {
      const payer = await t.newPayer();
      const r = await payer.fetch(`${t.url}/v1/hello`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name":"rev"}',
      });
      expect(r.status).toBe(200);
      expect((await r.json()).network).toBe(network);
    });
  });
}
