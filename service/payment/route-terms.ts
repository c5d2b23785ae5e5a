// Catalog entry → x402 RouteConfig: the exact-scheme terms with the atomic amount computed by
// integer arithmetic from the catalog's dollar string, and the bazaar discovery extension
// carrying the route's input schema and example. The resource URL is not here: the gate gives it
// from the service's own base URL (configured public URL or listener address).
import type { RouteConfig } from "@x402/core/server";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { dollarsToAtomic } from "../money.ts";
import type { CatalogEntry, PaymentTerms } from "../route-types.ts";
import type { SchemaSet } from "../schemas.ts";

/** Seconds a signed authorization stays valid for this service. */
export const MAX_TIMEOUT_SECONDS = 300;

export function routeConfigFor(entry: CatalogEntry, terms: PaymentTerms, schemas: SchemaSet): RouteConfig {
  const discovery =
    entry.method === "POST"
      ? declareDiscoveryExtension({
          bodyType: "json",
          input: (entry.example.body ?? {}) as Record<string, unknown>,
          inputSchema: entry.schemas.body ? schemas.get(entry.schemas.body) : { type: "object" },
          output: { schema: schemas.get(entry.schemas.response) },
        })
      : declareDiscoveryExtension({
          input: entry.example.query ?? {},
          inputSchema: entry.schemas.query ? schemas.get(entry.schemas.query) : { type: "object" },
          output: { schema: schemas.get(entry.schemas.response) },
        });
  return {
    accepts: {
      scheme: "exact",
      network: terms.network,
      payTo: terms.payTo,
      price: {
        amount: dollarsToAtomic(entry.price).toString(),
        asset: terms.asset,
        extra: { name: terms.assetName, version: terms.assetVersion },
      },
      maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    },
    description: entry.summary,
    mimeType: "application/json",
    serviceName: "geo402",
    tags: entry.tags,
    extensions: { ...discovery },
  };
}
