// Catalog entry → x402 RouteConfig: one payment option per offered scheme (`exact` first, then
// `batch-settlement` when the service runs it; same price, same asset and payTo; the batch scheme
// adds its channel terms itself), the atomic amount computed by integer arithmetic from the
// catalog's dollar string, the bazaar discovery extension carrying the route's input schema and
// example and its output schema and recorded example, and the optional payment-identifier extension.
// GeoJSON members reference definitions hoisted to the extension schema's own `$defs`, so the
// extension validates on its own (validateDiscoveryExtension refuses external references).
// The resource URL is not here: the gate gives it from the service's own base URL (configured
// public URL or listener address).
import type { RouteConfig } from "@x402/core/server";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import type { Revision } from "../config.ts";
import { dollarsToAtomic } from "../money.ts";
import { responseExample } from "../response-examples.ts";
import { type CatalogEntry, offeredSchemes, type PaymentTerms } from "../route-types.ts";
import type { JsonSchema, SchemaSet } from "../schemas.ts";
import { v1NoticeBody } from "./v1-notice.ts";

/** Seconds a signed authorization stays valid for this service. */
export const MAX_TIMEOUT_SECONDS = 300;

/** The bazaar extension of one route (`{ bazaar: { info, schema } }`). */
export function discoveryFor(
  entry: CatalogEntry,
  schemas: SchemaSet,
  revision: Revision,
): Record<string, unknown> {
  const inputName = entry.schemas.body ?? entry.schemas.query;
  const input = inputName ? schemas.published(inputName, "#/$defs/") : { schema: {}, defs: {} };
  const output = schemas.published(entry.schemas.response, "#/$defs/");
  const example = responseExample(entry, revision);
  const outputDecl = { schema: output.schema, ...(example === undefined ? {} : { example }) };
  const ext =
    entry.method === "POST"
      ? declareDiscoveryExtension({
          bodyType: "json",
          input: (entry.example.body ?? {}) as Record<string, unknown>,
          inputSchema: input.schema,
          output: outputDecl,
        })
      : declareDiscoveryExtension({
          input: entry.example.query ?? {},
          inputSchema: input.schema,
          output: outputDecl,
        });
  const defs = { ...input.defs, ...output.defs };
  if (Object.keys(defs).length === 0) return ext;
  const bazaar = ext.bazaar as unknown as { schema: JsonSchema };
  return { ...ext, bazaar: { ...bazaar, schema: { ...bazaar.schema, $defs: defs } } };
}

export function routeConfigFor(
  entry: CatalogEntry,
  terms: PaymentTerms,
  schemas: SchemaSet,
  revision: Revision,
): RouteConfig {
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
      ...discoveryFor(entry, schemas, revision),
      [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
    },
  };
}
