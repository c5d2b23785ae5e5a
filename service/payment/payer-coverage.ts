// A payer's in-flight `exact` payments must be covered by its balance (issue 30, Build 1). The
// facilitator's verify checks each EIP-3009 authorization alone against the payer's balance, so an
// account holding one price could sign a dozen authorizations, have each verified, and hold a
// dozen computations whose refusals are free. Here a verified authorization is admitted only when
// its amount plus the amounts of that payer's authorizations still in flight fit the payer's token
// balance; otherwise it is refused 402 `insufficient_funds`, before any compute and before
// settlement (the gate cancels it: nothing is charged).
//
// The balance is read on chain once per payer and token and kept BALANCE_TTL_MS; an amount settled
// meanwhile is taken off the kept balance, so a payer's sequential calls cost no chain read each.
// batch-settlement needs no such check: a channel's voucher is bounded by its escrowed deposit, and
// the scheme holds one pending request per channel (docs/execution.md#balance-cover).
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { createPublicClient, erc20Abi, http } from "viem";

/** How long a payer's balance read on chain is trusted (then read again on its next payment). */
export const BALANCE_TTL_MS = 5_000;

/** The token balance of `payer` (atomic units), read on chain. */
export type BalanceOf = (asset: `0x${string}`, payer: `0x${string}`) => Promise<bigint>;

export type Cover =
  /** The payment fits: `release(settled)` when the request ends (settled: whether it was charged). */
  | { state: "covered"; release(settled: boolean): void }
  | { state: "uncovered"; balance: bigint; inFlight: bigint }
  /** Not an `exact` payment, or no chain to ask: nothing to check. */
  | { state: "unchecked" };

export interface PayerCoverage {
  cover(payload: PaymentPayload, requirements: PaymentRequirements): Promise<Cover>;
}

interface Account {
  balance: Promise<bigint>;
  readAt: number;
  inFlight: bigint;
  /** Requests holding an amount of this account (the entry is dropped when 0 and expired). */
  holders: number;
}

export function balanceOnChain(rpcUrl: string): BalanceOf {
  const chain = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 5_000 }) });
  return (asset, payer) =>
    chain.readContract({ address: asset, abi: erc20Abi, functionName: "balanceOf", args: [payer] });
}

export function createPayerCoverage(
  balanceOf: BalanceOf,
  ttlMs = BALANCE_TTL_MS,
  now: () => number = Date.now,
): PayerCoverage {
  const accounts = new Map<string, Account>();
  const fresh = (a: Account) => now() - a.readAt < ttlMs;
  // Accounts nobody holds are forgotten once their read expires (swept at most once per TTL).
  let swept = now();
  const sweep = () => {
    if (now() - swept < ttlMs) return;
    swept = now();
    for (const [key, a] of accounts) if (a.holders === 0 && !fresh(a)) accounts.delete(key);
  };
  const accountOf = (key: string, asset: `0x${string}`, payer: `0x${string}`): Account => {
    let account = accounts.get(key);
    if (account && fresh(account)) return account;
    const balance = balanceOf(asset, payer);
    balance.catch(() => {});
    // Read again: the amounts still in flight stay counted against the new balance.
    if (account) Object.assign(account, { balance, readAt: now() });
    else {
      sweep();
      account = { balance, readAt: now(), inFlight: 0n, holders: 0 };
      accounts.set(key, account);
    }
    return account;
  };
  return {
    async cover(payload, requirements) {
      const from = (payload.payload as { authorization?: { from?: unknown } }).authorization?.from;
      if (requirements.scheme !== "exact" || typeof from !== "string") return { state: "unchecked" };
      const key = `${requirements.network}:${requirements.asset}:${from}`.toLowerCase();
      const account = accountOf(key, requirements.asset as `0x${string}`, from as `0x${string}`);
      let balance: bigint;
      try {
        balance = await account.balance;
      } catch {
        // The chain did not answer: verify already checked this payment alone against the balance.
        account.readAt = Number.NEGATIVE_INFINITY;
        return { state: "unchecked" };
      }
      const amount = BigInt(requirements.amount);
      if (account.inFlight + amount > balance)
        return { state: "uncovered", balance, inFlight: account.inFlight };
      account.inFlight += amount;
      account.holders++;
      let released = false;
      return {
        state: "covered",
        release(settled) {
          if (released) return;
          released = true;
          account.inFlight -= amount;
          account.holders--;
          // What was charged has left the balance read before it (a read taken after the transfer
          // is then low by that amount until it expires: the error is on the refusing side).
          if (!settled) return;
          const left = account.balance.then((b) => (b > amount ? b - amount : 0n));
          left.catch(() => {});
          account.balance = left;
        },
      };
    },
  };
}
