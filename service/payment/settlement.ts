// The end of a paid request (the gate's onSend, before any byte is written): settle only an
// answer that is ready and whose client is still there; cancel otherwise. A refusal (≥ 400), a
// client that went away or a deadline that fired cancels the verified payment, and every
// refusal after payment says so in its body (`payment: {charged: false}`). A 2xx answer is settled
// first and only then sent with PAYMENT-RESPONSE; a failed settlement withholds the answer. The
// answer is recorded before its settlement is sent, so a retry of the payment after a crash or a
// lost reply gets it again without a second charge (paid-answers.ts).
import { encodePaymentResponseHeader } from "@x402/core/http";
import {
  type HTTPProcessResult,
  type HTTPRequestContext,
  SETTLEMENT_OVERRIDES_HEADER,
  withPrivateCacheControl,
  type x402HTTPResourceServer,
} from "@x402/core/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, type ErrorCode, errorBody } from "../errors.ts";
import { type PaidAnswers, requestFingerprint } from "./paid-answers.ts";
import { stableSettlementFailure } from "./payment-reasons.ts";
import { type AuthorizationClaim, refusalOf } from "./replay-guard.ts";

export type Verified = Extract<HTTPProcessResult, { type: "payment-verified" }> & {
  context: HTTPRequestContext;
  /** This request's hold on its authorization nonce (replay-guard.ts). */
  claim: AuthorizationClaim | null;
  /** While settling, a client that leaves does not free the claim: the settlement does, after. */
  hold: { settling: boolean };
};

/** The `payment` member of a refusal after payment: what became of the signed authorization. */
export interface PaymentNote {
  charged: false;
  outcome: "cancelled" | "settlement_failed";
}

/** Adds the payment note to a JSON error body (as serialized for the wire). */
export function withPaymentNote(payload: unknown, note: PaymentNote): unknown {
  const text = Buffer.isBuffer(payload) ? payload.toString("utf8") : payload;
  if (typeof text !== "string") return payload;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify({ ...body, payment: note });
  } catch {
    return payload;
  }
}

export function createSettlementStep(http: x402HTTPResourceServer, answers: PaidAnswers) {
  const cancel = async (
    request: FastifyRequest,
    reply: FastifyReply,
    verified: Verified,
    reason: "handler_failed" | "client_closed",
  ) => {
    const cancelled = await verified.cancellationDispatcher
      .cancel({
        reason: reason === "client_closed" ? "after_verify_aborted" : reason,
        responseStatus: reply.statusCode,
      })
      .catch((err: unknown) => {
        request.log.warn({ err }, "cancelling a verified payment failed (nothing was settled)");
      });
    const headers = http.createFailurePathSettlementHeaders(
      cancelled,
      verified.beforeHandlerSettlement,
      verified.paymentPayload,
      (reply.getHeader("cache-control") as string | undefined) ?? null,
    );
    if (headers) reply.headers(headers);
    request.paymentOutcome = { state: "cancelled", ...(reason === "client_closed" ? { reason } : {}) };
  };

  return async function settleOrCancel(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
    const verified = request.payment;
    if (!verified) return payload;
    request.payment = null;
    reply.removeHeader(SETTLEMENT_OVERRIDES_HEADER);
    if (request.delivery.gone()) {
      // Nobody is there to receive the answer: nothing is settled, whatever the handler produced.
      // The authorization was released unused when the socket closed (x402-gate.ts): the client
      // got nothing, its retry may run again.
      request.errorCode ??= "client_closed";
      await cancel(request, reply, verified, "client_closed");
      return payload;
    }
    if (reply.statusCode >= 400) {
      await cancel(request, reply, verified, "handler_failed");
      const refusal = withPaymentNote(payload, { charged: false, outcome: "cancelled" });
      // Replays of this authorization get the same refusal without recomputing (replay-guard.ts).
      await verified.claim?.record(refusalOf(reply.statusCode, reply.getHeader("content-type"), refusal));
      return refusal;
    }
    const responseHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(reply.getHeaders()))
      if (v !== undefined) responseHeaders[k] = String(v);
    const responseBody = Buffer.isBuffer(payload)
      ? payload
      : Buffer.from(typeof payload === "string" ? payload : "");
    const withheld = (reason: string, status: number, code: ErrorCode, note?: PaymentNote) => {
      request.paymentOutcome = { state: "settle_failed", reason };
      request.errorCode = code;
      reply.code(status).type("application/json; charset=utf-8");
      const body = errorBody(new ApiError(code, { stage: "settle", reason }));
      return JSON.stringify(note ? { ...body, payment: note } : body);
    };
    const fingerprint = requestFingerprint(request);
    const pending = await answers.settling(
      verified.paymentPayload,
      fingerprint,
      { status: reply.statusCode, headers: responseHeaders, body: responseBody },
      request.log,
    );
    verified.hold.settling = true;
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
        // A copy of this payment may have been settled meanwhile by another request or replica
        // whose client had gone: its recorded answer is this payer's answer.
        const recovered = await answers.recover(verified.paymentPayload, fingerprint, request.log);
        if (recovered.state === "answer") {
          request.paymentOutcome = { state: "recovered", transaction: recovered.transaction };
          reply.code(recovered.status).headers(recovered.headers);
          return recovered.body;
        }
        const stable = stableSettlementFailure(settle.response.headers);
        if (stable.replaced !== undefined)
          request.log.warn({ detail: stable.replaced }, "settlement failed unexpectedly");
        reply.headers(stable.headers);
        return withheld(stable.reason, 402, "settlement_failed", {
          charged: false,
          outcome: "settlement_failed",
        });
      }
      await pending?.settled(settle.transaction, settle.payer);
      reply.headers(settle.headers);
      reply.header(
        "cache-control",
        withPrivateCacheControl((reply.getHeader("cache-control") as string | undefined) ?? null),
      );
      request.paymentOutcome = { state: "settled", transaction: settle.transaction, payer: settle.payer };
      return payload;
    } catch (err) {
      // The facilitator could not be asked or did not answer: whether the transfer happened is not
      // known here, so the body makes no claim about a charge (PAYMENT-RESPONSE says success:false);
      // the answer stays recorded as settling: a retry asks the chain.
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
    } finally {
      verified.hold.settling = false;
      if (request.delivery.gone()) await verified.claim?.release();
    }
  };
}
