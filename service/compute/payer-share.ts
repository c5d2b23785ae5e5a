// Fair share per payer (issue 30 item 1): one payer holds at most `share` of the compute pool's
// tasks (running or queued) at once; a task past it is refused 503 overloaded with Retry-After,
// free (the refusal comes before the answer, so nothing is settled). Refusals are free, so without
// this one account that signs a dozen authorizations of one price could hold every worker with
// heavy legal inputs while everyone else is refused. The payer is the verified payment's: the
// EIP-3009 authorization's `from` (exact) or the channel's payer (batch-settlement).
import type { PaymentPayload } from "@x402/core/types";
import { ApiError } from "../errors.ts";

export interface PayerShare {
  /**
   * Holds one task of the payment's payer: its release, a no-op when the scheme names no payer;
   * throws 503 overloaded when the payer already holds its share.
   */
  hold(payment: Pick<PaymentPayload, "payload">): () => void;
}

export function createPayerShare(share: number): PayerShare {
  const held = new Map<string, number>();
  return {
    hold(payment) {
      const payer = payerOf(payment);
      if (payer === undefined) return () => {};
      const count = held.get(payer) ?? 0;
      if (count >= share)
        throw new ApiError("overloaded", {
          retryAfterSeconds: 1,
          reason: `this payer already holds ${share} compute task(s); retry when one ends`,
        });
      held.set(payer, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(payer) ?? 1) - 1;
        if (left === 0) held.delete(payer);
        else held.set(payer, left);
      };
    },
  };
}

/** The paying address of a verified payment (lower-case), or undefined when the scheme names none. */
function payerOf(payment: Pick<PaymentPayload, "payload">): string | undefined {
  const payload = payment.payload as {
    authorization?: { from?: unknown };
    channelConfig?: { payer?: unknown };
  };
  const payer = payload.authorization?.from ?? payload.channelConfig?.payer;
  return typeof payer === "string" ? payer.toLowerCase() : undefined;
}
