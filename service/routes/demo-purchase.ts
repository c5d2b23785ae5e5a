// The purchase behind GET /demo: the service asks its own listener for a quote, then pays for one
// real GET /v1/marine/depth answer with its own payer through x402 (@x402/fetch), exactly as a
// caller would. Before anything is signed the offered terms must be exactly the service's own
// (scheme, network, asset, payTo and the depth price): a payment policy drops every other
// option, and the client's spend cap is that price, so the payer can never pay anyone else or
// more. A purchase is reused for a while; concurrent demos of one target share one purchase.
import { x402Client } from "@x402/core/client";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { ApiError } from "../errors.ts";
import { atomicToDollars } from "../money.ts";

export interface DemoPurchase {
  /** Full URL that was bought. */
  url: string;
  quote: { amount: string; asset: string; network: string; payTo: string };
  payment: { payer: string; transaction: string; network: string; settledAt: Date };
  answer: Record<string, unknown>;
}

/** The only terms the demo payer signs: the service's own, at exactly the route's price. */
export interface DemoTerms {
  network: `eip155:${number}`;
  asset: `0x${string}`;
  payTo: `0x${string}`;
  /** Atomic units. */
  amount: bigint;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The payment options that match `terms` exactly; anything else is never signed. */
export function matchingOptions(terms: DemoTerms, offered: PaymentRequirements[]): PaymentRequirements[] {
  return offered.filter(
    (r) =>
      r.scheme === "exact" &&
      r.network === terms.network &&
      same(r.asset, terms.asset) &&
      same(r.payTo, terms.payTo) &&
      r.amount === terms.amount.toString(),
  );
}

/** An x402 client that can sign only `terms`, capped at their amount. */
export function demoClient(payerKey: `0x${string}`, terms: DemoTerms): x402Client {
  return new x402Client()
    .register(terms.network, new ExactEvmScheme(privateKeyToAccount(payerKey)))
    .setSpendControls({
      maxAmountPerPayment: `$${atomicToDollars(terms.amount)}`,
      allowedAssets: [
        { network: terms.network, asset: terms.asset, maxAmountPerPayment: terms.amount.toString() },
      ],
    })
    .registerPolicy((_version, offered) => matchingOptions(terms, offered));
}

async function errorCode(r: Response): Promise<string> {
  try {
    return ((await r.json()) as { error?: { code?: string } }).error?.code ?? `http_${r.status}`;
  } catch {
    return `http_${r.status}`;
  }
}

/**
 * Buys `url` with `payerKey`, signing only `terms`; a failure is a 503 (no data) or 502 (payment),
 * never a made-up answer.
 */
export async function buyOnce(
  url: string,
  payerKey: `0x${string}`,
  terms: DemoTerms,
  now: () => Date,
): Promise<DemoPurchase> {
  let paid: Response;
  try {
    paid = await wrapFetchWithPayment(fetch, demoClient(payerKey, terms))(url);
  } catch {
    // The quote offered nothing the policy accepts (or the target could not be reached).
    throw new ApiError("facilitator_unavailable", {
      reason: "the service's own quote for the depth route did not match its terms; nothing was signed",
    });
  }
  const settlementHeader = paid.headers.get("payment-response");
  const settlement = settlementHeader ? decodePaymentResponseHeader(settlementHeader) : undefined;
  if (paid.status !== 200 || !settlement?.success || !settlement.transaction) {
    const code = paid.status === 200 ? "settlement_failed" : await errorCode(paid);
    throw new ApiError(code === "data_unavailable" ? "data_unavailable" : "facilitator_unavailable", {
      reason: `the demo purchase did not complete (status ${paid.status}, ${code}); nothing is shown instead`,
    });
  }
  return {
    url,
    quote: {
      amount: terms.amount.toString(),
      asset: terms.asset,
      network: terms.network,
      payTo: terms.payTo,
    },
    payment: {
      payer: settlement.payer ?? privateKeyToAccount(payerKey).address,
      transaction: settlement.transaction,
      network: settlement.network,
      settledAt: now(),
    },
    answer: (await paid.json()) as Record<string, unknown>,
  };
}

/** The last purchase per target, reused while younger than `reuseSeconds`; one purchase in flight per target. */
export class DemoPurchases {
  readonly #reuseSeconds: number;
  #last: DemoPurchase | undefined;
  readonly #inFlight = new Map<string, Promise<DemoPurchase>>();

  constructor(reuseSeconds: number) {
    this.#reuseSeconds = reuseSeconds;
  }

  /** A purchase for `url` and whether this call made it (`live`). */
  async get(
    url: string,
    now: Date,
    buy: () => Promise<DemoPurchase>,
  ): Promise<{ purchase: DemoPurchase; live: boolean }> {
    const last = this.#last;
    if (
      last &&
      last.url === url &&
      (now.getTime() - last.payment.settledAt.getTime()) / 1000 < this.#reuseSeconds
    ) {
      return { purchase: last, live: false };
    }
    let inFlight = this.#inFlight.get(url);
    if (!inFlight) {
      inFlight = buy().finally(() => this.#inFlight.delete(url));
      this.#inFlight.set(url, inFlight);
    }
    const purchase = await inFlight;
    this.#last = purchase;
    return { purchase, live: true };
  }
}
