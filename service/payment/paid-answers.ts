// Never lose a paid answer. A paid answer is recorded ("settling", with its bytes) before its
// settlement is sent and marked "settled" with the transaction after; a retry of the same payment
// (same PAYMENT-SIGNATURE, any replica sharing the store) then gets that answer instead of a
// refusal of the spent authorization or a second charge. A "settling" record means the process
// ended (or lost the reply) mid-settlement: the chain decides whether it was charged; charged →
// the recorded answer naming that transaction, not charged → the request runs normally.
//
// Keys are scheme-agnostic: the payment's authorization (network, asset, payer, nonce) when it has
// one, else the hash of its signed payload; and `id:<id>` when the client sends the x402
// `payment-identifier` extension. A record answers only the payment and the request it was made
// for (both fingerprinted); a payment-identifier id already used with another payment is a 409.
import { createHash } from "node:crypto";
import { encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import { extractPaymentIdentifier } from "@x402/extensions/payment-identifier";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { MAX_KEPT_ANSWER_BYTES, type PaidAnswer, type PaidAnswerStore } from "./paid-answer-store.ts";
import { authorizationKey } from "./replay-guard.ts";
import type { ChargeLookup } from "./settled-on-chain.ts";

/** Headers of an answer that are part of it (the rest is per delivery). */
const KEPT_HEADERS = ["content-type", "x-data-version"];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

interface Identity {
  keys: string[];
  /** The `id:` key when the client sent a payment-identifier. */
  idKey?: string;
  payment: string;
}

function identityOf(payload: PaymentPayload): Identity {
  const signed = JSON.stringify(payload.payload ?? null);
  const primary = authorizationKey(payload)?.key ?? `payload:${sha256(signed)}`;
  const id = extractPaymentIdentifier(payload);
  const idKey = id === null ? undefined : `id:${id}`;
  return {
    keys: idKey ? [primary, idKey] : [primary],
    ...(idKey ? { idKey } : {}),
    payment: sha256(JSON.stringify([payload.accepted ?? null, signed])),
  };
}

/**
 * The answer's bytes to keep: the sent Buffer itself when it owns its memory (a compute worker's
 * answer, moved from its thread: 8 MB kept without a copy); a copy of a small Buffer that is a
 * slice of Node's shared allocation pool, which keeping would pin (the store bounds bytes it counts).
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return body;
  const own = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(own);
  return own;
}

/** The request a payment was made for: method, registered route, query and body. */
export function requestFingerprint(request: FastifyRequest): string {
  const route = request.routeOptions.config.entry?.path ?? request.routeOptions.url ?? "";
  return sha256(JSON.stringify([request.method, route, request.query ?? null, request.body ?? null]));
}

export type Recovery =
  | { state: "none" }
  /** The payment-identifier id was used with another payment (409). */
  | { state: "conflict" }
  | { state: "answer"; status: number; headers: Record<string, string>; body: Buffer; transaction: string };

/**
 * A recorded answer awaiting its settlement. A failed or unanswered settlement leaves it
 * "settling": whether it was charged is then the chain's to say (a failure may name a pending
 * transaction), and a retry that was not charged runs normally.
 */
export interface PendingAnswer {
  settled(transaction: string, payer: string | undefined): Promise<void>;
}

export class PaidAnswers {
  readonly #store: PaidAnswerStore;
  readonly #ttlMs: number;
  readonly #chargeOf: ChargeLookup;

  constructor(store: PaidAnswerStore, ttlMs: number, chargeOf: ChargeLookup) {
    this.#store = store;
    this.#ttlMs = ttlMs;
    this.#chargeOf = chargeOf;
  }

  /** The recorded answer of this payment and request, when it was charged. */
  async recover(payload: PaymentPayload, request: string, log: FastifyBaseLogger): Promise<Recovery> {
    const identity = identityOf(payload);
    let record: PaidAnswer | null = null;
    try {
      for (const key of identity.keys) {
        const found = await this.#store.get(key);
        if (key === identity.idKey && found && found.payment !== identity.payment)
          return { state: "conflict" };
        record ??= found;
      }
    } catch (err) {
      log.warn({ err }, "paid answers could not be read; the payment is processed normally");
      return { state: "none" };
    }
    if (!record || record.payment !== identity.payment || record.request !== request)
      return { state: "none" };
    let transaction = record.transaction;
    if (record.state === "settling") {
      const charge = await this.#chargeOf(payload).catch((err: unknown) => {
        log.warn({ err }, "the chain could not be asked whether a recorded payment was charged");
        return null;
      });
      if (!charge?.charged) return { state: "none" };
      transaction = charge.transaction;
      await this.#store
        .put(identity.keys, { ...record, state: "settled", transaction }, this.#ttlMs)
        .catch(() => {});
    }
    const paymentResponse = encodePaymentResponseHeader({
      success: true,
      transaction: transaction ?? "",
      network: record.network as PaymentPayload["accepted"]["network"],
      ...(record.payer ? { payer: record.payer } : {}),
    });
    return {
      state: "answer",
      status: record.status,
      headers: { ...record.headers, "payment-response": paymentResponse },
      body: record.body,
      transaction: transaction ?? "",
    };
  }

  /**
   * Records the answer before its settlement is sent. Null (nothing kept, the settlement goes
   * ahead as without this) for an answer over MAX_KEPT_ANSWER_BYTES or a store that failed.
   */
  async settling(
    payload: PaymentPayload,
    request: string,
    answer: { status: number; headers: Record<string, string>; body: Buffer },
    log: FastifyBaseLogger,
  ): Promise<PendingAnswer | null> {
    if (answer.body.length > MAX_KEPT_ANSWER_BYTES) return null;
    const identity = identityOf(payload);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS)
      if (answer.headers[name] !== undefined) headers[name] = answer.headers[name];
    const record: PaidAnswer = {
      state: "settling",
      payment: identity.payment,
      request,
      status: answer.status,
      headers,
      body: ownBytes(answer.body),
      network: payload.accepted.network,
    };
    const failed = (what: string) => (err: unknown) => {
      log.warn({ err }, `a paid answer could not be ${what}`);
    };
    try {
      await this.#store.put(identity.keys, record, this.#ttlMs);
    } catch (err) {
      failed("recorded before settlement; settling without a record")(err);
      return null;
    }
    return {
      settled: (transaction, payer) =>
        this.#store
          .put(
            identity.keys,
            { ...record, state: "settled", transaction, ...(payer ? { payer } : {}) },
            this.#ttlMs,
          )
          .catch(failed("marked settled (a retry asks the chain)")),
    };
  }
}
