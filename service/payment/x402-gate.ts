// The x402 v2 payment gate for Fastify (there is no upstream adapter), on @x402/core's
// x402HTTPResourceServer. preValidation: no signature → 402 with PAYMENT-REQUIRED and body {};
// signature → facilitator verify (invalid → 402 with the reason in the terms' `error`).
// onSend (before any byte is written): an answer ≥ 400 cancels the verified payment (nothing is
// charged); a 2xx answer is settled first and only then sent with PAYMENT-RESPONSE; a failed
// settlement withholds the answer and still sends PAYMENT-RESPONSE with success:false.
import { encodePaymentResponseHeader } from "@x402/core/http";
import {
  type FacilitatorClient,
  type HTTPAdapter,
  type HTTPProcessResult,
  type HTTPRequestContext,
  type HTTPResponseInstructions,
  SETTLEMENT_OVERRIDES_HEADER,
  withPrivateCacheControl,
  x402HTTPResourceServer,
  x402ResourceServer,
} from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Revision } from "../config.ts";
import { ApiError, errorBody } from "../errors.ts";
import { type CatalogEntry, type PaymentTerms, routeKey } from "../route-types.ts";
import type { SchemaSet } from "../schemas.ts";
import { routeConfigFor } from "./route-terms.ts";

type Verified = Extract<HTTPProcessResult, { type: "payment-verified" }> & { context: HTTPRequestContext };

/** What became of a request's payment, for the request log. */
export type PaymentOutcome =
  | { state: "free" }
  | { state: "quoted" }
  | { state: "refused"; reason: string }
  | { state: "cancelled" }
  | { state: "settled"; transaction: string; payer?: string }
  | { state: "settle_failed"; reason: string };

declare module "fastify" {
  interface FastifyRequest {
    payment: Verified | null;
    paymentOutcome: PaymentOutcome | null;
  }
}

class FastifyHttpAdapter implements HTTPAdapter {
  readonly #req: FastifyRequest;
  constructor(req: FastifyRequest) {
    this.#req = req;
  }
  getHeader(name: string) {
    // A HEAD is only ever quoted: no answer is delivered, so its payment is never read, verified or settled.
    if (this.#req.method === "HEAD" && name.toLowerCase() === "payment-signature") return undefined;
    const v = this.#req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  }
  getMethod() {
    return this.#req.method;
  }
  getPath() {
    return this.#req.url.split("?")[0] ?? "/";
  }
  /** The resource URL: scheme, host and path; the query string is not part of the resource. */
  getUrl() {
    return `${this.#req.protocol}://${this.#req.headers.host ?? "localhost"}${this.getPath()}`;
  }
  getAcceptHeader() {
    return this.#req.headers.accept ?? "";
  }
  getUserAgent() {
    return this.#req.headers["user-agent"] ?? "";
  }
  getQueryParams() {
    return (this.#req.query ?? {}) as Record<string, string | string[]>;
  }
  getQueryParam(name: string) {
    return (this.#req.query as Record<string, string | string[]> | undefined)?.[name];
  }
  getBody() {
    return this.#req.body;
  }
}

export interface PaymentGate {
  /** Fetches the facilitator's supported kinds; safe to call again after a failure. */
  initialize(): Promise<void>;
  preValidation(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

export function createPaymentGate(opts: {
  facilitatorClient: FacilitatorClient;
  terms: PaymentTerms;
  entries: readonly CatalogEntry[];
  schemas: SchemaSet;
  /** Picks the recorded output examples of the discovery extension. */
  revision: Revision;
  publicUrl?: string;
}): PaymentGate {
  const resourceServer = new x402ResourceServer(opts.facilitatorClient).register(
    opts.terms.network,
    new ExactEvmScheme(),
  );
  resourceServer.registerExtension(bazaarResourceServerExtension);
  const routes = Object.fromEntries(
    opts.entries.map((e) => [
      routeKey(e),
      routeConfigFor(e, opts.terms, opts.schemas, opts.revision, opts.publicUrl),
    ]),
  );
  const http = new x402HTTPResourceServer(resourceServer, routes);
  let ready: Promise<void> | null = null;
  const initialize = () => {
    ready ??= http.initialize().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  };

  const failed = (reply: FastifyReply, err: ApiError) => reply.code(err.status).send(errorBody(err));
  // Unpaid requests get the same terms every time for a route and resource URL: build them once.
  const quotes = new Map<string, HTTPResponseInstructions>();
  const QUOTE_CACHE_MAX = 512;

  return {
    initialize,

    async preValidation(request, reply) {
      const entry = request.routeOptions.config.entry;
      const adapter = new FastifyHttpAdapter(request);
      // The registered path, never the raw URL: an encoded or decorated URL cannot dodge the price.
      const context: HTTPRequestContext = {
        adapter,
        path: entry.path,
        decodedPath: entry.path,
        method: entry.method,
        routePattern: entry.path,
        paymentHeader: adapter.getHeader("payment-signature"),
      };
      const quoteKey = `${routeKey(entry)} ${adapter.getUrl()}`;
      const quoted = context.paymentHeader ? undefined : quotes.get(quoteKey);
      if (quoted) {
        request.paymentOutcome = { state: "quoted" };
        return reply
          .code(quoted.status)
          .headers(quoted.headers)
          .send(quoted.body ?? {});
      }
      let result: HTTPProcessResult;
      try {
        await initialize();
        result = await http.processHTTPRequest(context);
      } catch (err) {
        request.log.error({ err }, "payment verification could not run");
        request.paymentOutcome = { state: "refused", reason: "facilitator_unavailable" };
        return failed(reply, new ApiError("facilitator_unavailable", { stage: "verify" }));
      }
      if (result.type === "no-payment-required")
        throw new Error(`priced route ${routeKey(entry)} has no payment terms`);
      if (result.type === "payment-error") {
        const { response } = result;
        request.paymentOutcome = context.paymentHeader
          ? { state: "refused", reason: "invalid_payment" }
          : { state: "quoted" };
        if (!context.paymentHeader && quotes.size < QUOTE_CACHE_MAX) quotes.set(quoteKey, response);
        reply.code(response.status).headers(response.headers);
        return reply.send(response.body ?? {});
      }
      request.payment = { ...result, context };
    },

    async onSend(request, reply, payload) {
      const verified = request.payment;
      if (!verified) return payload;
      request.payment = null;
      reply.removeHeader(SETTLEMENT_OVERRIDES_HEADER);
      if (reply.statusCode >= 400) {
        const cancel = await verified.cancellationDispatcher
          .cancel({ reason: "handler_failed", responseStatus: reply.statusCode })
          .catch((err: unknown) => {
            request.log.warn({ err }, "cancelling a verified payment failed (nothing was settled)");
          });
        const headers = http.createFailurePathSettlementHeaders(
          cancel,
          verified.beforeHandlerSettlement,
          verified.paymentPayload,
          (reply.getHeader("cache-control") as string | undefined) ?? null,
        );
        if (headers) reply.headers(headers);
        request.paymentOutcome = { state: "cancelled" };
        return payload;
      }
      const responseHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(reply.getHeaders()))
        if (v !== undefined) responseHeaders[k] = String(v);
      const responseBody = Buffer.isBuffer(payload)
        ? payload
        : Buffer.from(typeof payload === "string" ? payload : "");
      const withheld = (
        reason: string,
        status: number,
        code: "settlement_failed" | "facilitator_unavailable",
      ) => {
        request.paymentOutcome = { state: "settle_failed", reason };
        reply.code(status).type("application/json; charset=utf-8");
        return JSON.stringify(errorBody(new ApiError(code, { stage: "settle", reason })));
      };
      try {
        const settle = await http.processSettlement(
          verified.paymentPayload,
          verified.paymentRequirements,
          verified.declaredExtensions,
          { request: verified.context, responseBody, responseHeaders },
          undefined,
          verified.beforeHandlerSettlement,
        );
        if (!settle.success) {
          reply.headers(settle.response.headers);
          return withheld(settle.errorReason, 402, "settlement_failed");
        }
        reply.headers(settle.headers);
        reply.header(
          "cache-control",
          withPrivateCacheControl((reply.getHeader("cache-control") as string | undefined) ?? null),
        );
        request.paymentOutcome = { state: "settled", transaction: settle.transaction, payer: settle.payer };
        return payload;
      } catch (err) {
        request.log.error({ err }, "settlement could not run");
        reply.header(
          "payment-response",
          encodePaymentResponseHeader({
            success: false,
            errorReason: "facilitator_unavailable",
            transaction: "",
            network: verified.paymentRequirements.network,
          }),
        );
        return withheld("facilitator_unavailable", 502, "facilitator_unavailable");
      }
    },
  };
}
