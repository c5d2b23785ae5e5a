// Fair share per payer (issue 30 item 1): one payer holds at most `share` of the compute pool's
// tasks (running or queued) at once; a task past it is refused 503 overloaded with Retry-After,
// free (the refusal comes before the answer, so nothing is settled). Refusals are free, so without
// this one account that signs a dozen authorizations of one price could hold every worker with
// heavy legal inputs while everyone else is refused. The payer is the verified payment's: the
// EIP-3009 authorization's `from` (exact) or the channel's payer (batch-settlement).
//
// Priority after repeated free refusals: a payer whose tasks of one kind (route) ran out of compute
// and were refused free REFUSALS_BEFORE_BEHIND times within BEHIND_WINDOW_MS has its next tasks of
// that kind queued behind everyone else's (pool.ts `behind`): they still run when nobody else waits.
// Bounded (TRACKED payer-kinds, oldest forgotten) and reset over time (refusals older than the
// window no longer count); a first request, or one of another kind, is never behind.
import type { PaymentPayload } from "@x402/core/types";
import { ApiError } from "../errors.ts";

/** Free refusals after compute, of one payer and kind, from which its tasks of that kind wait behind. */
const REFUSALS_BEFORE_BEHIND = 2;
/** How long a free refusal counts against its payer (ms). */
const BEHIND_WINDOW_MS = 10 * 60_000;
/** Payer-kinds remembered at most (a few dozen bytes each); past it the oldest are forgotten. */
const TRACKED = 10_000;

export interface PayerHold {
  release(): void;
  /** Whether this task waits behind every other (its payer's recent refusals of this kind). */
  behind: boolean;
}

export interface PayerShare {
  /**
   * Holds one task of `kind` for the payment's payer (nothing when the scheme names no payer);
   * throws 503 overloaded when the payer already holds its share.
   */
  hold(payment: Pick<PaymentPayload, "payload">, kind: string): PayerHold;
  /** Notes a free refusal of `kind` after its compute ran out (time or memory) for the payment's payer. */
  refused(payment: Pick<PaymentPayload, "payload">, kind: string): void;
}

export function createPayerShare(share: number): PayerShare {
  const held = new Map<string, number>();
  /** `payer kind` → times of its recent free refusals (oldest first); Map order: least recent first. */
  const refusals = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const since = Date.now() - BEHIND_WINDOW_MS;
    const times = (refusals.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) refusals.delete(key);
    else refusals.set(key, times);
    return times;
  };
  return {
    hold(payment, kind) {
      const payer = payerOf(payment);
      if (payer === undefined) return { release: () => {}, behind: false };
      const count = held.get(payer) ?? 0;
      if (count >= share)
        throw new ApiError("overloaded", {
          retryAfterSeconds: 1,
          reason: `this payer already holds ${share} compute task(s); retry when one ends`,
        });
      held.set(payer, count + 1);
      let released = false;
      return {
        behind: recent(`${payer} ${kind}`).length >= REFUSALS_BEFORE_BEHIND,
        release: () => {
          if (released) return;
          released = true;
          const left = (held.get(payer) ?? 1) - 1;
          if (left === 0) held.delete(payer);
          else held.set(payer, left);
        },
      };
    },
    refused(payment, kind) {
      const payer = payerOf(payment);
      if (payer === undefined) return;
      const key = `${payer} ${kind}`;
      const times = recent(key);
      refusals.delete(key);
      refusals.set(key, [...times, Date.now()].slice(-REFUSALS_BEFORE_BEHIND));
      if (refusals.size > TRACKED) refusals.delete(refusals.keys().next().value as string);
    },
  };
}

/** A refusal after compute ran out (its deadline or its memory): free, and the kind costs its payer. */
export function ranOutOfCompute(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.code === "compute_out_of_memory") return true;
  return err.code === "compute_timeout" && (err.details as { phase?: unknown }).phase === "compute";
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
