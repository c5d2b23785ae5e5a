// The purchase behind GET /demo: the service asks itself for a quote, then pays for one real
// GET /v1/marine/depth answer with its own payer through x402 (@x402/fetch), exactly as a caller
// would. A purchase is reused for a while; concurrent demos share one purchase in flight.
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { ApiError } from "../errors.ts";

export interface DemoPurchase {
  /** Full URL that was bought. */
  url: string;
  quote: { amount: string; asset: string; network: string; payTo: string };
  payment: { payer: string; transaction: string; network: string; settledAt: Date };
  answer: Record<string, unknown>;
}

async function errorCode(r: Response): Promise<string> {
  try {
    return ((await r.json()) as { error?: { code?: string } }).error?.code ?? `http_${r.status}`;
  } catch {
    return `http_${r.status}`;
  }
}

/** Quotes and buys `url` with `payerKey`; a failure is a 503 (no data) or 502 (payment), never a made-up answer. */
export async function buyOnce(url: string, payerKey: `0x${string}`, now: () => Date): Promise<DemoPurchase> {
  const unpaid = await fetch(url);
  const header = unpaid.headers.get("payment-required");
  if (unpaid.status !== 402 || !header) {
    const code = await errorCode(unpaid);
    throw new ApiError(code === "data_unavailable" ? "data_unavailable" : "facilitator_unavailable", {
      reason: `the service did not quote its own depth route (status ${unpaid.status}, ${code})`,
    });
  }
  const accept = decodePaymentRequiredHeader(header).accepts[0];
  if (!accept)
    throw new ApiError("facilitator_unavailable", { reason: "the quote offered no payment option" });
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(payerKey)));
  const paid = await wrapFetchWithPayment(fetch, client)(url);
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
    quote: { amount: accept.amount, asset: accept.asset, network: accept.network, payTo: accept.payTo },
    payment: {
      payer: settlement.payer ?? privateKeyToAccount(payerKey).address,
      transaction: settlement.transaction,
      network: settlement.network,
      settledAt: now(),
    },
    answer: (await paid.json()) as Record<string, unknown>,
  };
}

/** The last purchase, reused while younger than `reuseSeconds`; at most one purchase runs at a time. */
export class DemoPurchases {
  readonly #reuseSeconds: number;
  #last: DemoPurchase | undefined;
  #inFlight: Promise<DemoPurchase> | undefined;

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
    if (!this.#inFlight) {
      this.#inFlight = buy().finally(() => {
        this.#inFlight = undefined;
      });
    }
    const purchase = await this.#inFlight;
    this.#last = purchase;
    return { purchase, live: true };
  }
}
