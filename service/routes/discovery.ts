// Free discovery routes: GET / (the catalog) and GET /openapi.json.
import { buildOpenApi, SERVICE_NAME, serviceDescription } from "../openapi.ts";
import { type CatalogEntry, defineRoute, isFree, routeKey } from "../route-types.ts";
import { createSchemaSet } from "../schemas.ts";

const schemas = createSchemaSet();

export const discoveryEntries: CatalogEntry[] = [
  defineRoute({
    method: "GET",
    path: "/",
    price: "0",
    summary: "Service catalog",
    description: "Name, network, payee, facilitator, and every route with its price.",
    tags: ["discovery"],
    schemas: { response: "catalog.response" },
    limits: [],
    example: {},
    revisions: ["A", "B"],
    handler: (_input, ctx) => ({
      name: SERVICE_NAME,
      description: serviceDescription(ctx.terms),
      network: ctx.terms.network,
      payTo: ctx.terms.payTo,
      facilitator: ctx.terms.facilitatorUrl,
      free: ctx.catalog.filter(isFree).map(routeKey),
      paid: ctx.catalog
        .filter((e) => !isFree(e))
        .map((e) => ({
          route: routeKey(e),
          price: `$${e.price}`,
          priceUsd: Number(e.price),
          summary: e.summary,
          description: e.description,
          tags: e.tags,
        })),
    }),
  }),
  defineRoute({
    method: "GET",
    path: "/openapi.json",
    price: "0",
    summary: "OpenAPI 3.1 document",
    description:
      "Every operation with its schemas, price (x-price, x-price-atomic), payment terms (x-payment) and limits (x-limits).",
    tags: ["discovery"],
    schemas: { response: "openapi.response" },
    limits: [],
    example: {},
    revisions: ["A", "B"],
    handler: (_input, ctx) => buildOpenApi(ctx.catalog, ctx.terms, schemas, ctx.baseUrl, ctx.config.revision),
  }),
];
