// What a caller is told about a refused payment: stable machine codes only. The x402 libraries put
// internal exception text (viem messages with its version, RPC dumps) into PAYMENT-REQUIRED.error
// and PAYMENT-RESPONSE.errorReason/errorMessage; here such text is replaced by the x402 spec's
// generic codes (§9: unexpected_verify_error, unexpected_settle_error, invalid_payload) and the
// original is handed back for one structured log line.
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";

/** A reason code as the x402 spec and @x402/evm write them: snake_case, short. */
const CODE = /^[a-z][a-z0-9_]{0,79}$/;

export const MALFORMED_PAYMENT = "invalid_payload";
export const VERIFY_FAULT = "unexpected_verify_error";
export const SETTLE_FAULT = "unexpected_settle_error";
/** Another request with the same authorization nonce is still running (replay-guard.ts). */
export const AUTHORIZATION_IN_USE = "authorization_in_use";
/** x402's reason for a payer whose balance does not cover the payment (here: with its others in flight). */
export const INSUFFICIENT_FUNDS = "insufficient_funds";

/** Sentences @x402/core writes where a code belongs, and their codes (x402 spec §9). */
const CODE_OF_TEXT: Record<string, string> = {
  "No matching payment requirements": "invalid_payment_requirements",
};

/** `reason` when it is a stable code, otherwise `fallback`. */
export function stableReason(reason: unknown, fallback: string): string {
  if (typeof reason !== "string") return fallback;
  return CODE.test(reason) ? reason : (CODE_OF_TEXT[reason] ?? fallback);
}

/** The PAYMENT-SIGNATURE header decoded, or null when it is not a v2 payment payload at all. */
export function readPaymentHeader(header: string): PaymentPayload | null {
  try {
    const p = decodePaymentSignatureHeader(header) as unknown as Record<string, unknown> | null;
    const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    if (
      !isObject(p) ||
      !p ||
      typeof p.x402Version !== "number" ||
      !isObject(p.accepted) ||
      !isObject(p.payload)
    )
      return null;
    return p as unknown as PaymentPayload;
  } catch {
    return null;
  }
}

function headerKey(headers: Record<string, string>, name: string): string | undefined {
  return Object.keys(headers).find((k) => k.toLowerCase() === name);
}

/**
 * Headers of a 402 with PAYMENT-REQUIRED.error reduced to a stable code (`force` replaces it
 * outright); `replaced` is the text that was removed, for the log.
 */
export function stablePaymentRequired(
  headers: Record<string, string>,
  force?: string,
): { headers: Record<string, string>; replaced?: string } {
  const key = headerKey(headers, "payment-required");
  if (!key || headers[key] === undefined) return { headers };
  const required = decodePaymentRequiredHeader(headers[key]);
  const error = force ?? stableReason(required.error, VERIFY_FAULT);
  if (error === required.error) return { headers };
  return {
    headers: { ...headers, [key]: encodePaymentRequiredHeader({ ...required, error }) },
    ...(required.error !== undefined && error !== required.error ? { replaced: required.error } : {}),
  };
}

/** Headers of a failed settlement with PAYMENT-RESPONSE carrying a stable errorReason and no message. */
export function stableSettlementFailure(headers: Record<string, string>): {
  headers: Record<string, string>;
  reason: string;
  replaced?: string;
} {
  const key = headerKey(headers, "payment-response");
  if (!key || headers[key] === undefined) return { headers, reason: SETTLE_FAULT };
  const { errorMessage, ...settle } = decodePaymentResponseHeader(headers[key]);
  const reason = stableReason(settle.errorReason, SETTLE_FAULT);
  const original =
    settle.errorReason !== reason ? settle.errorReason : errorMessage !== reason ? errorMessage : undefined;
  return {
    headers: { ...headers, [key]: encodePaymentResponseHeader({ ...settle, errorReason: reason }) },
    reason,
    ...(original ? { replaced: original } : {}),
  };
}
