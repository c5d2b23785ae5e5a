// POST /v1/hello — echo for testing a payment client.
import { BODY_BYTES_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute } from "../route-types.ts";

const PRICE = "0.001";

export const helloEntries: CatalogEntry[] = [
  defineRoute({
    method: "POST",
    path: "/v1/hello",
    price: PRICE,
    summary: "Echo a name (test a payment client)",
    description:
      "Returns the name sent, the settlement network and the price paid. Use it to check an x402 client end to end.",
    tags: ["echo"],
    schemas: { body: "hello.request", response: "hello.response" },
    limits: [BODY_BYTES_LIMIT],
    example: { body: { name: "Ada" } },
    revisions: ["A", "B"],
    handler: ({ body }, ctx) => ({
      hello: body.name,
      network: ctx.config.network,
      price: `$${PRICE}`,
    }),
  }),
];
