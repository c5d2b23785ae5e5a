// Fair share per payer (issue 30 item 1): one payer holds at most `share` of the compute pool's
// tasks (running or queued) at once; a task past it is refused 503 overloaded with Retry-After,
// free (the refusal comes before the answer, so nothing is settled). Refusals are free, so without
// this one account that signs a dozen authorizations of one price could hold every worker with
// heavy legal inputs while everyone else is refused. The payer is the verified payment's: the
// EIP-3009 authorization's `from` (exact) or the channel's payer (batch-settlement).
import type { PaymentPayload } from "@x402/core/types";

export interface PayerShare {
  /** A release for one task of `payer`, or null when the payer already holds its share. */
  take(payer: string): (() => void) | null;
}

export function createPayerShare(share: number): PayerShare {
  const held = new Map<string, number>();
  return {
    take(payer) {
      const count = held.get(payer) ?? 0;
      if (count >= share) return null;
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
export function payerOf(payment: Pick<PaymentPayload, "payload">): string | undefined {
  const payload = payment.payload as {
    authorization?: { from?: unknown };
    channelConfig?: { payer?: unknown };
  };
  const payer = payload.authorization?.from ?? payload.channelConfig?.payer;
  return typeof payer === "string" ? payer.toLowerCase() : undefined;
}
