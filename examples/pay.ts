// Pay for one geo402 answer from code with the official x402 client (run: npx tsx examples/pay.ts).
import { readFileSync } from "node:fs";
import { x402Client } from "@x402/core/client";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";

// `make serve` writes the service URL and a funded devnet key here.
const home = process.env.GEO402_HOME ?? ".geo402";
const devnet = JSON.parse(readFileSync(`${home}/devnet.json`, "utf8"));
const account = privateKeyToAccount(devnet.payerPrivateKey);
const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
const payingFetch = wrapFetchWithPayment(fetch, client);

const res = await payingFetch(`${devnet.serviceUrl}/v1/marine/depth?lat=59.6033&lon=-151.4192`);
console.log(res.status, await res.json());
console.log(decodePaymentResponseHeader(res.headers.get("payment-response") ?? ""));
