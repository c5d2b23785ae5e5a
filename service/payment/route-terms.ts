// Catalog entry → x402 RouteConfig: one payment option per offered scheme (`exact` first, then
// `batch-settlement` when the service runs it; same price, same asset and payTo; the batch scheme
// adds its channel terms itself), the atomic amount computed by integer arithmetic from the
// catalog's dollar string, the bazaar discovery extension, and the optional payment-identifier
// extension.
// The bazaar extension carries what its specification asks for and no more: `info` (method, the
// catalog's example input) and a `schema` that validates `info` — the request schema's outline
// (top-level members, their JSON types, which are required), not the full request schema and no
// output example. Those live in GET /openapi.json (request schema, 200 example) and the MCP tool
// list; carried in PAYMENT-REQUIRED they made the 402 header 3–14.5 kB, and a proxy on its default
// buffers (nginx, 4 kB) answered 502 instead of the 402 (docs/discovery.md).
// The resource URL is not here: the gate gives it from the service's own base URL (configured
// public URL or listener address).
import type { RouteConfig } from "@x402/core/server";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { dollarsToAtomic } from "../money.ts";
import { type CatalogEntry, offeredSchemes, type PaymentTerms } from "../route-types.ts";
import type { JsonSchema, SchemaSet } from "../schemas.ts";
import { v1NoticeBody } from "./v1-notice.ts";

/** Seconds a signed authorization stays valid for this service. */
export const MAX_TIMEOUT_SECONDS = 300;

/**
 * A request schema's outline: an object with its top-level members and their JSON types, the
 * required ones and whether others are refused. Members without a `type` (a GeoJSON reference, a
 * `oneOf`) are outlined as any value: every request the full schema accepts, the outline accepts.
 */
export function schemaOutline(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    type: "object",
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, p]) => [name, p.type === undefined ? {} : { type: p.type }]),
    ),
    ...(schema.required === undefined ? {} : { required: schema.required }),
    ...(schema.additionalProperties === false ? { additionalProperties: false } : {}),
  };
}

/** The bazaar extension of one route (`{ bazaar: { info, schema } }`). */
export function discoveryFor(entry: CatalogEntry, schemas: SchemaSet): Record<string, unknown> {
  const inputName = entry.schemas.body ?? entry.schemas.query;
  const inputSchema = inputName ? schemaOutline(schemas.get(inputName)) : { type: "object" };
  return entry.method === "POST"
    ? declareDiscoveryExtension({
        bodyType: "json",
        input: (entry.example.body ?? {}) as Record<string, unknown>,
        inputSchema,
      })
    : declareDiscoveryExtension({ input: entry.example.query ?? {}, inputSchema });
}

export function routeConfigFor(entry: CatalogEntry, terms: PaymentTerms, schemas: SchemaSet): RouteConfig {
  const amount = dollarsToAtomic(entry.price).toString();
  return {
    accepts: offeredSchemes(terms).map((scheme) => ({
      scheme,
      network: terms.network,
      payTo: terms.payTo,
      price: { amount, asset: terms.asset, extra: { name: terms.assetName, version: terms.assetVersion } },
      maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    })),
    description: entry.summary,
    mimeType: "application/json",
    // The body of the unpaid 402: the notice for x402 v1 clients (v1-notice.ts).
    unpaidResponseBody: v1NoticeBody,
    serviceName: "geo402",
    tags: entry.tags,
    // payment-identifier: optional; a client's id makes its retries idempotent (paid-answers.ts).
    extensions: {
      ...discoveryFor(entry, schemas),
      [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
    },
  };
}
