// The x402 v2 payment gate for Fastify (there is no upstream adapter), on @x402/core's
// x402HTTPResourceServer, offering `exact` and, when the service runs it, `batch-settlement` (the
// scheme object is built by the runtime over the channel storage; batch-settlement.ts). No signature
// → the route's built 402 with PAYMENT-REQUIRED and body {}, sent from the route's own hook
// (quoteAtOnce; preValidation builds it the first time); signature → facilitator verify (invalid → 402 with the reason in the terms' `error`).
// onSend: settle or cancel, bound to delivery (settlement.ts). A retry of a payment whose answer
// was recorded and charged gets that answer again (paid-answers.ts).

import { decodePaymentResponseHeader } from "@x402/core/http";
import {
  type FacilitatorClient,
  type HTTPAdapter,
  type HTTPProcessResult,
  type HTTPRequestContext,
  type PaywallProvider,
  withPrivateCacheControl,
  x402HTTPResourceServer,
  x402ResourceServer,
} from "@x402/core/server";
import type { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { paymentIdentifierResourceServerExtension } from "@x402/extensions/payment-identifier";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, errorBody } from "../errors.ts";
import { type CatalogEntry, offeredSchemes, type PaymentTerms, routeKey } from "../route-types.ts";
import type { SchemaSet } from "../schemas.ts";
import { type PaidAnswers, requestFingerprint } from "./paid-answers.ts";
import type { PayerCoverage } from "./payer-coverage.ts";
import {
  AUTHORIZATION_IN_USE,
  INSUFFICIENT_FUNDS,
  MALFORMED_PAYMENT,
  readPaymentHeader,
  stablePaymentRequired,
} from "./payment-reasons.ts";
import { createQuoteCache, type EncodedQuote, wantsPaywall } from "./quote-cache.ts";
import type { AuthorizationClaim, ReplayGuard } from "./replay-guard.ts";
import { routeConfigFor } from "./route-terms.ts";
import { createSettlementStep, type Verified } from "./settlement.ts";

/** What became of a request's payment, for the request log. */
export type PaymentOutcome =
  | { state: "free" }
  | { state: "quoted" }
  | { state: "refused"; reason: string }
  | { state: "cancelled"; reason?: "client_closed" }
  | { state: "settled"; transaction: string; payer?: string }
  /** A retry of a charged payment, answered with its recorded answer (nothing settled again). */
  | { state: "recovered"; transaction: string }
  | { state: "settle_failed"; reason: string };

declare module "fastify" {
  interface FastifyInstance {
    /** The app's payment gate (readiness asks whether it has read the facilitator's supported kinds). */
    paymentGate: PaymentGate;
  }
  interface FastifyRequest {
    payment: Verified | null;
    paymentOutcome: PaymentOutcome | null;
  }
}

class FastifyHttpAdapter implements HTTPAdapter {
  readonly #req: FastifyRequest;
  readonly #url: string;
  /** Set for a malformed PAYMENT-SIGNATURE: the x402 server then quotes instead of decoding it. */
  hidePayment = false;
  constructor(req: FastifyRequest, url: string) {
    this.#req = req;
    this.#url = url;
  }
  getHeader(name: string) {
    // A HEAD is only ever quoted: no answer is delivered, so its payment is never read, verified or settled.
    const head = this.#req.method === "HEAD";
    if ((this.hidePayment || head) && name.toLowerCase() === "payment-signature") return undefined;
    const v = this.#req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  }
  getMethod() {
    return this.#req.method;
  }
  getPath() {
    return this.#req.url.split("?")[0] ?? "/";
  }
  /** The resource URL: the service's base URL and the registered path (never the Host header). */
  getUrl() {
    return this.#url;
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
  /** Whether the facilitator's supported kinds have been read (the first paid call waits for nothing). */
  initialized(): boolean;
  /**
   * Answers an unpaid request (or a HEAD) with the route's 402 when it is built already: sends it
   * and returns true, synchronously, so the route's hook can stop the request there. False: the
   * request is for preValidation (a payment, a browser's paywall, a quote not built yet).
   */
  quoteAtOnce(entry: CatalogEntry, request: FastifyRequest, reply: FastifyReply): boolean;
  preValidation(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Callback-style: an answer with no verified payment (free, quoted, refused) passes at once. */
  onSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: Error | null, payload?: unknown) => void,
  ): void;
}

export function createPaymentGate(opts: {
  facilitatorClient: FacilitatorClient;
  terms: PaymentTerms;
  entries: readonly CatalogEntry[];
  schemas: SchemaSet;
  /** One computation per authorization nonce; a recorded refusal is answered again. */
  replays: ReplayGuard;
  /** Paid answers kept for retries of their payment (paid-answers.ts). */
  answers: PaidAnswers;
  /** The service's own base URL: the configured public URL or the listener's address. */
  baseUrl: () => string;
  /** The batch-settlement server scheme, when `terms.schemes` offers it. */
  batch?: BatchSettlementEvmScheme;
  /** Refuses an `exact` payment its payer's balance does not cover with its others in flight. */
  coverage?: PayerCoverage;
  /** The HTML a browser gets with the 402 (x402's paywall hook), and that page's CSP. */
  paywall?: { provider: PaywallProvider; csp: string };
}): PaymentGate {
  const resourceServer = new x402ResourceServer(opts.facilitatorClient).register(
    opts.terms.network,
    new ExactEvmScheme(),
  );
  if (offeredSchemes(opts.terms).includes("batch-settlement")) {
    if (!opts.batch)
      throw new Error("the terms offer batch-settlement but no batch-settlement scheme was given");
    resourceServer.register(opts.terms.network, opts.batch);
  }
  resourceServer.registerExtension(bazaarResourceServerExtension);
  resourceServer.registerExtension(paymentIdentifierResourceServerExtension);
  const routes = Object.fromEntries(
    opts.entries.map((e) => [routeKey(e), routeConfigFor(e, opts.terms, opts.schemas)]),
  );
  const http = new x402HTTPResourceServer(resourceServer, routes);
  if (opts.paywall) http.registerPaywallProvider(opts.paywall.provider);
  let ready: Promise<void> | null = null;
  let initialized = false;
  const initialize = () => {
    ready ??= http.initialize().then(
      () => {
        initialized = true;
      },
      (err: unknown) => {
        ready = null;
        throw err;
      },
    );
    return ready;
  };

  /** The release of each covered request's in-flight amount (payer-coverage.ts). */
  const covers = new WeakMap<FastifyRequest, () => void>();
  const failed = (reply: FastifyReply, err: ApiError) => reply.code(err.status).send(errorBody(err));
  const resourceUrl = (entry: CatalogEntry) => `${opts.baseUrl()}${entry.path}`;
  const settle = createSettlementStep(http, opts.answers);
  const quotes = createQuoteCache({
    resourceUrl,
    process: async (context) => {
      await initialize();
      return http.processHTTPRequest(context);
    },
  });

  /** A HEAD is only ever quoted, whatever it carries (the adapter hides its payment too). */
  const quotedOnly = (request: FastifyRequest) =>
    (request.headers["payment-signature"] === undefined || request.method === "HEAD") &&
    !wantsPaywall(request);

  return {
    initialize,
    initialized: () => initialized,

    quoteAtOnce(entry, request, reply) {
      if (!quotedOnly(request)) return false;
      const quote = quotes.peek(entry);
      if (!quote) return false;
      request.paymentOutcome = { state: "quoted" };
      reply.code(quote.status).headers(quote.headers).send(quote.body);
      return true;
    },

    async preValidation(request, reply) {
      const entry = request.routeOptions.config.entry;
      if (quotedOnly(request)) {
        let quote: EncodedQuote;
        try {
          quote = await quotes.get(entry);
        } catch (err) {
          request.log.error({ err }, "payment terms could not be built");
          request.paymentOutcome = { state: "refused", reason: "facilitator_unavailable" };
          // The terms need the facilitator's supported kinds and nothing else from it.
          return failed(reply, new ApiError("facilitator_unavailable", { stage: "supported" }));
        }
        request.paymentOutcome = { state: "quoted" };
        return reply.code(quote.status).headers(quote.headers).send(quote.body);
      }
      const adapter = new FastifyHttpAdapter(request, resourceUrl(entry));
      // A header that is not a v2 payment payload at all is refused here with a stable reason and
      // one log line (the x402 server would print its stack trace to stderr).
      const header = adapter.getHeader("payment-signature");
      const paymentPayload = header === undefined ? null : readPaymentHeader(header);
      const malformed = header !== undefined && paymentPayload === null;
      if (malformed) {
        adapter.hidePayment = true;
        request.log.info(
          { reason: MALFORMED_PAYMENT },
          "payment refused: PAYMENT-SIGNATURE is not a v2 payload",
        );
      }
      // One request per authorization at a time; a refusal already recorded for it is answered
      // again without verifying or computing anything.
      let claim: AuthorizationClaim | null = null;
      // Held through a settlement even if the client leaves: a copy waits for its outcome.
      const hold = { settling: false };
      let forced = malformed ? MALFORMED_PAYMENT : undefined;
      if (paymentPayload) {
        const admission = await opts.replays.admit(paymentPayload);
        if (admission.state === "refused") {
          request.paymentOutcome = { state: "refused", reason: "replayed_refusal" };
          const { status, contentType, body } = admission.refusal;
          return reply.code(status).type(contentType).send(body);
        }
        if (admission.state === "busy") {
          adapter.hidePayment = true;
          forced = AUTHORIZATION_IN_USE;
        } else if (admission.claim) {
          claim = admission.claim;
          // Whatever ends this request without a recorded refusal frees the authorization.
          reply.raw.once("close", () => {
            if (!hold.settling) void admission.claim?.release();
          });
        }
      }
      if (paymentPayload && !forced) {
        const recovered = await opts.answers.recover(
          paymentPayload,
          requestFingerprint(request),
          request.log,
        );
        if (recovered.state === "conflict") {
          request.paymentOutcome = { state: "refused", reason: "payment_id_conflict" };
          return failed(reply, new ApiError("payment_id_conflict", { stage: "verify" }));
        }
        if (recovered.state === "answer") {
          request.paymentOutcome = { state: "recovered", transaction: recovered.transaction };
          reply.header("cache-control", withPrivateCacheControl(null));
          return reply.code(recovered.status).headers(recovered.headers).send(recovered.body);
        }
      }
      // The registered path, never the raw URL: an encoded or decorated URL cannot dodge the price.
      const context: HTTPRequestContext = {
        adapter,
        path: entry.path,
        decodedPath: entry.path,
        method: entry.method,
        routePattern: entry.path,
        paymentHeader: adapter.getHeader("payment-signature"),
      };
      try {
        await initialize();
      } catch (err) {
        void claim?.release();
        request.log.error({ err }, "the facilitator's supported kinds could not be read");
        request.paymentOutcome = { state: "refused", reason: "facilitator_unavailable" };
        return failed(reply, new ApiError("facilitator_unavailable", { stage: "supported" }));
      }
      let result: HTTPProcessResult;
      try {
        result = await http.processHTTPRequest(context);
      } catch (err) {
        void claim?.release();
        request.log.error({ err }, "payment verification could not run");
        request.paymentOutcome = { state: "refused", reason: "facilitator_unavailable" };
        return failed(reply, new ApiError("facilitator_unavailable", { stage: "verify" }));
      }
      if (result.type === "no-payment-required")
        throw new Error(`priced route ${routeKey(entry)} has no payment terms`);
      if (result.type === "payment-error") {
        const { response } = result;
        void claim?.release();
        // A batch-settlement refund is settled and answered without the route's handler.
        if (response.status === 200) {
          const settled = response.headers["PAYMENT-RESPONSE"];
          request.paymentOutcome = {
            state: "settled",
            transaction: settled ? decodePaymentResponseHeader(settled).transaction : "",
          };
          return reply
            .code(200)
            .headers(response.headers)
            .send(response.body ?? {});
        }
        const refused = header !== undefined;
        // PAYMENT-REQUIRED.error carries a stable code only; internal text goes to one log line.
        const stable = refused
          ? stablePaymentRequired(response.headers, forced)
          : { headers: response.headers, replaced: undefined };
        if (stable.replaced !== undefined)
          request.log.warn({ detail: stable.replaced }, "payment verification failed unexpectedly");
        request.paymentOutcome = refused
          ? { state: "refused", reason: "invalid_payment" }
          : { state: "quoted" };
        reply.code(response.status).headers(stable.headers);
        if (response.isHtml && opts.paywall) reply.header("content-security-policy", opts.paywall.csp);
        return reply.send(response.body ?? {});
      }
      request.payment = { ...result, context, claim, hold };
      // The payer's authorizations in flight must fit its balance (payer-coverage.ts); a refusal
      // here is cancelled by onSend like any refusal after verify: nothing is charged.
      const cover = opts.coverage
        ? await opts.coverage.cover(result.paymentPayload, result.paymentRequirements)
        : ({ state: "unchecked" } as const);
      if (cover.state === "uncovered") {
        // A 402 as for any payment refused at verify: fresh terms whose `error` names the reason
        // (x402's own `insufficient_funds`), so x402 clients read it; the body says why.
        const refusal = new ApiError("insufficient_funds", {
          stage: "verify",
          balance: cover.balance.toString(),
          inFlight: cover.inFlight.toString(),
          amount: result.paymentRequirements.amount,
        });
        const { headers } = stablePaymentRequired((await quotes.get(entry)).headers, INSUFFICIENT_FUNDS);
        return reply.code(refusal.status).headers(headers).send(errorBody(refusal));
      }
      if (cover.state === "covered") {
        const release = () => cover.release(request.paymentOutcome?.state === "settled");
        covers.set(request, release);
        // A request that ends without its onSend (a transport fault) still gives its amount back.
        reply.raw.once("close", release);
      }
    },

    onSend(request, reply, payload, done) {
      if (!request.payment) return done(null, payload);
      const release = covers.get(request);
      settle(request, reply, payload).then(
        (settled) => {
          release?.();
          done(null, settled);
        },
        (err: Error) => {
          release?.();
          done(err);
        },
      );
    },
  };
}
