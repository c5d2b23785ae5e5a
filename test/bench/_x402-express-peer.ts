// The reference middleware as a peer process for x402-peer.ts: Express with @x402/express's
// paymentMiddleware, the exact scheme and an HTTPFacilitatorClient to FACILITATOR_URL, guarding
// POST /v1/hello at PRICE (dollars) to PAY_TO on NETWORK; it answers as geo402's hello does.
import { HTTPFacilitatorClient } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware, x402ResourceServer } from "@x402/express";
import express from "express";

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};
const network = env("NETWORK") as `${string}:${string}`;
const server = new x402ResourceServer(new HTTPFacilitatorClient({ url: env("FACILITATOR_URL") })).register(
  network,
  new ExactEvmScheme(),
);
const app = express();
app.use(express.json());
app.use(
  paymentMiddleware(
    {
      "POST /v1/hello": {
        accepts: { scheme: "exact", price: `$${env("PRICE")}`, network, payTo: env("PAY_TO") },
        description: "hello",
      },
    },
    server,
  ),
);
app.post("/v1/hello", (req, res) => {
  res.json({ hello: (req.body as { name?: string }).name, network, price: env("PRICE") });
});
app.listen(Number(env("PORT")), "127.0.0.1");
