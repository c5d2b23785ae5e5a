// GET /, GET /openapi.json and the 402 terms agree on every route's price, in both revisions; the
// bazaar discovery extension of every priced route validates and is read by the facilitator-side
// extractor, and the 402 fits a proxy's default header buffer with its size as docs/discovery.md
// states it; the recorded output examples are the live paid answers; agentcash's own discovery
// reads every priced route as paid, with its price.
// The service names GEO402_PUBLIC_URL as its resource URL, as behind a proxy, so the measured
// sizes are those of the docs table.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { discoverOriginSchema } from "@agentcash/discovery";
import SwaggerParser from "@apidevtools/swagger-parser";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import {
  type DiscoveryExtension,
  extractDiscoveryInfo,
  validateDiscoveryExtension,
} from "@x402/extensions/bazaar";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DISCOVERY_DOC,
  exampleRequest,
  measureQuoteSizes,
  PROXY_HEADER_BUFFER_BYTES,
  QUOTE_SIZES_PUBLIC_URL,
  renderQuoteSizes,
} from "../../docs/gen/quote-sizes.ts";
import { CATALOG, catalogFor } from "../../service/catalog.ts";
import type { Revision } from "../../service/config.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { EXAMPLES_DIR, exampleFile, recordedExamples } from "../../service/response-examples.ts";
import { type CatalogEntry, isFree, routeKey } from "../../service/route-types.ts";
import { createSchemaSet } from "../../service/schemas.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { startTestService, type TestService } from "../support/service.ts";

/** UPDATE_EXAMPLES=1 rewrites schemas/examples/ from the live answers (review the diff). */
const UPDATE = process.env.UPDATE_EXAMPLES === "1";
const recorded = new Map<string, { entry: CatalogEntry; byRevision: Partial<Record<Revision, unknown>> }>();
afterAll(() => {
  if (!UPDATE) return;
  mkdirSync(EXAMPLES_DIR, { recursive: true });
  for (const { entry, byRevision } of recorded.values())
    writeFileSync(exampleFile(entry), `${JSON.stringify(byRevision, null, 2)}\n`);
});

for (const [revision, network] of [
  ["A", "eip155:84532"],
  ["B", "eip155:8453"],
] as const) {
  describe(`revision ${revision}`, () => {
    let t: TestService;
    beforeAll(async () => {
      t = await startTestService({ revision, env: { GEO402_PUBLIC_URL: QUOTE_SIZES_PUBLIC_URL } });
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
            schemes: ["exact", "batch-settlement"],
            network,
            assetDecimals: 6,
            payTo: t.payTo,
          });
        }
      }
    });

    it("agentcash's discovery (what `agentcash discover` runs) lists the 21 priced routes as paid, with their prices", async () => {
      const found = await discoverOriginSchema({ target: t.url });
      if (!found.found) throw new Error(`agentcash found nothing at ${t.url}: ${found.cause}`);
      expect(found.source).toBe("openapi");
      const priced = catalogFor(revision, CATALOG).filter((e) => !isFree(e));
      expect(priced).toHaveLength(21);
      const paid = found.endpoints.filter((e) => e.authMode === "paid");
      // agentcash formats a fixed price as "<dollars> <currency>".
      expect(paid.map((e) => `${e.method} ${e.path}: ${e.price}, ${e.currency}`).sort()).toEqual(
        priced.map((e) => `${e.method} ${e.path}: ${e.price} USD, USD`).sort(),
      );
      expect(paid.every((e) => e.protocols?.includes("x402"))).toBe(true);
      // The free routes are not paid, and nothing asks for an API key.
      expect(found.endpoints.filter((e) => e.authMode !== "paid").map((e) => e.authMode)).toEqual(
        catalogFor(revision, CATALOG)
          .filter(isFree)
          .map(() => undefined),
      );
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
        const r = await fetch(...exampleRequest(t.url, entry));
        expect(r.status, paid.route).toBe(402);
        const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
        expect(terms.accepts.map((a) => a.scheme)).toEqual(["exact", "batch-settlement"]);
        for (const accept of terms.accepts) {
          expect(accept.amount, paid.route).toBe(atomic);
          expect(accept.network).toBe(network);
        }
      }
    });

    it("the devnet facilitator advertises exactly what it settles: v2 exact and batch-settlement on this network", async () => {
      const { facilitator } = await (await fetch(`${t.url}/`)).json();
      const supported = await (await fetch(`${facilitator}/supported`)).json();
      expect(supported.kinds).toEqual([
        { x402Version: 2, scheme: "exact", network },
        { x402Version: 2, scheme: "batch-settlement", network },
      ]);
    });

    it("every priced route's 402 carries a discovery extension that validates and is extracted", async () => {
      const client = new x402Client().register(
        "eip155:*",
        new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())),
      );
      const schemas = createSchemaSet();
      const priced = catalogFor(revision).filter((e) => !isFree(e));
      expect(priced.length).toBeGreaterThan(15);
      for (const entry of priced) {
        const route = routeKey(entry);
        const r = await fetch(...exampleRequest(t.url, entry));
        expect(r.status, route).toBe(402);
        const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
        const bazaar = terms.extensions?.bazaar as DiscoveryExtension;
        expect(validateDiscoveryExtension(bazaar), route).toEqual({ valid: true });
        expect(bazaar.info.input, route).toMatchObject({ type: "http", method: entry.method });
        // The outline in the 402 accepts the example; so does the full schema the route enforces.
        const input = bazaar.info.input as { body?: unknown; queryParams?: Record<string, unknown> };
        const inputSchema = entry.schemas.body ?? entry.schemas.query;
        if (inputSchema && entry.schemas.body) schemas.body(inputSchema)(input.body);
        else if (inputSchema) schemas.query(inputSchema)({ ...input.queryParams });
        // What a bazaar-indexing facilitator does with the payment it verifies.
        const payload = await client.createPaymentPayload(terms);
        const found = extractDiscoveryInfo(payload, payload.accepted);
        expect(found, route).toMatchObject({
          resourceUrl: `${QUOTE_SIZES_PUBLIC_URL}${entry.path}`,
          method: entry.method,
        });
      }
    });

    it("every 402's header block fits a proxy's default buffer, and docs/discovery.md states its size", async () => {
      const sizes = await measureQuoteSizes(t.url, revision);
      for (const s of sizes) expect(s.headerBlockBytes, s.route).toBeLessThan(PROXY_HEADER_BUFFER_BYTES);
      // Stale after a deliberate change of the terms: `npm run docs` rewrites the table.
      expect(readFileSync(DISCOVERY_DOC, "utf8")).toContain(renderQuoteSizes(revision, sizes));
    });

    it("every recorded output example is the live paid answer to the route's example", async () => {
      const payer = await t.newPayer();
      for (const entry of catalogFor(revision).filter((e) => !isFree(e))) {
        const route = routeKey(entry);
        const r = await payer.fetch(...exampleRequest(t.url, entry));
        expect(r.status, route).toBe(200);
        const answer = await r.json();
        expectMatchesSchema(entry.schemas.response, answer);
        if (UPDATE) {
          const slot = recorded.get(route) ?? { entry, byRevision: {} };
          slot.byRevision[revision] = answer;
          recorded.set(route, slot);
        } else expect(answer, route).toEqual(recordedExamples(entry)[revision]);
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
