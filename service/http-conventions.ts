// HTTP conventions a browser wallet or an agent expects, with the maintained Fastify plugins:
// CORS (@fastify/cors) so a page on another origin can send PAYMENT-SIGNATURE and read
// PAYMENT-REQUIRED / PAYMENT-RESPONSE; compression (@fastify/compress); x-request-id honoured
// when well-formed, generated otherwise, returned on every answer and bound to the request's log
// lines (Fastify's reqId). HEAD on GET routes is Fastify's exposeHeadRoutes (service/app.ts);
// the payment gate never verifies or settles a HEAD (service/payment/x402-gate.ts).
//
// Order matters for paid answers: the payment gate's onSend settles (or withholds the answer)
// and must see the uncompressed payload and be free to replace it, so it is added to the root
// before this is registered; root onSend hooks run in the order they were added.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import compress from "@fastify/compress";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";

/** A caller's request id is kept when it is 1..128 visible, header-safe token characters. */
const REQUEST_ID = /^[A-Za-z0-9._~:@/+=-]{1,128}$/;

/** Fastify genReqId: the caller's x-request-id when well-formed, else a fresh UUID. */
export function requestId(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Request headers a page on another origin sends with the official x402 clients (@x402/fetch and
 * @x402/axios 2.x, x402's paywall): the payment, the type of a JSON body, and
 * `access-control-expose-headers`, which those clients set as a *request* header on the paid retry
 * (a browser refuses the whole preflight when one header is not allowed). `x-payment` is what a
 * v1 client sends: allowed so that it reaches the 402 that says which clients work.
 */
export const CORS_REQUEST_HEADERS = [
  "access-control-expose-headers",
  "content-type",
  "payment-signature",
  "x-payment",
  "x-request-id",
];

/**
 * Response headers a page may read: the terms (`payment-required`) and the settlement
 * (`payment-response`) the clients decode, when to come back after a 503 (`retry-after`), and the
 * request id and data version of every answer.
 */
export const CORS_EXPOSED_HEADERS = [
  "payment-required",
  "payment-response",
  "retry-after",
  "x-request-id",
  "x-data-version",
];

/** Answers below this many bytes are sent uncompressed (not worth a compression frame). */
const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerHttpConventions(
  app: FastifyInstance,
  config: Pick<Config, "corsOrigins">,
): Promise<void> {
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ["GET", "HEAD", "POST"],
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip", "deflate"],
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.header("x-request-id", req.id);
    done(null, payload);
  });
}
