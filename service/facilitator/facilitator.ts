// A real x402 facilitator for the devnet only: @x402/core's x402Facilitator with @x402/evm's exact
// (EIP-3009) and batch-settlement schemes (batch-settlement.ts), signing settlements with a viem
// account on the local chain, also served over HTTP on loopback (facilitator-http.ts). It is not a relay: it verifies and settles only payments to this service's payTo in its asset on
// its network (anything else: invalid_payment_requirements), and a chain that cannot be reached
// is a facilitator fault (chain-faults.ts), never an invalid signature. The service runs it in a
// worker thread (facilitator-thread.ts), off the thread that serves requests.
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { registerBatchSettlementFacilitator } from "../batch-settlement/batch-settlement.ts";
import { chainCall, watchChain } from "./chain-faults.ts";
import { createFacilitatorSigner, type FacilitatorSigner } from "./facilitator-signer.ts";
import { localChain } from "./local-chain.ts";

export interface LocalFacilitator {
  address: `0x${string}`;
  /** Verify and settle restricted to the service's own terms; chain faults thrown, not "invalid". */
  client: FacilitatorClient;
}

/** The only payments the devnet facilitator handles: to this payTo, in this asset, on this network. */
export interface OwnTerms {
  network: `eip155:${number}`;
  asset: `0x${string}`;
  payTo: `0x${string}`;
}

export const NOT_OURS = "invalid_payment_requirements";

/** The schemes the service offers, in the order of its 402s. */
export const OWN_SCHEMES: readonly string[] = ["exact", "batch-settlement"];

const same = (a: unknown, b: string) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

/** Whether a payment's requirements (and the terms the payer says it accepted) are the service's own. */
export function isOwnPayment(own: OwnTerms, payload: PaymentPayload, req: PaymentRequirements): boolean {
  const ours = (r: Partial<PaymentRequirements> | undefined) =>
    r !== undefined &&
    OWN_SCHEMES.includes(r.scheme ?? "") &&
    r.network === own.network &&
    same(r.asset, own.asset) &&
    same(r.payTo, own.payTo);
  return ours(req) && ours(payload?.accepted);
}

export interface LocalFacilitatorOptions {
  rpcUrl: string;
  chainId: number;
  network: `eip155:${number}`;
  privateKey: `0x${string}`;
  own: OwnTerms;
}

/** The facilitator in this thread (the service runs it in its own: facilitator-thread.ts). */
export function createLocalFacilitator(opts: LocalFacilitatorOptions): LocalFacilitator {
  const { signer: direct, address } = createFacilitatorSigner({
    chain: localChain(opts.chainId, opts.rpcUrl),
    rpcUrl: opts.rpcUrl,
    privateKey: opts.privateKey,
  });
  // Every chain call goes through chainCall, so a dead chain is seen as such (chain-faults.ts).
  const signer: FacilitatorSigner = {
    ...direct,
    getCode: (a) => chainCall(() => direct.getCode(a)),
    readContract: (a) => chainCall(() => direct.readContract(a)),
    verifyTypedData: (a) => chainCall(() => direct.verifyTypedData(a)),
    writeContract: (a) => chainCall(() => direct.writeContract(a)),
    sendTransaction: (a) => chainCall(() => direct.sendTransaction(a)),
    waitForTransactionReceipt: (a) => chainCall(() => direct.waitForTransactionReceipt(a)),
  };
  // Only what this facilitator settles: x402 v2 `exact` and `batch-settlement` on the devnet's one
  // network. (The library's registerExactEvmScheme also registers the v1 scheme on every EVM network
  // it knows, which a devnet facilitator would then advertise in /supported without running those
  // chains.) It holds no receiver-authorizer key: the service signs its own claims and refunds.
  const facilitator = new x402Facilitator().register(opts.network, new ExactEvmScheme(signer));
  registerBatchSettlementFacilitator(facilitator, signer, opts.network);
  const client: FacilitatorClient = {
    verify: async (payload, requirements): Promise<VerifyResponse> => {
      if (!isOwnPayment(opts.own, payload, requirements)) return { isValid: false, invalidReason: NOT_OURS };
      return watchChain("verify", () => facilitator.verify(payload, requirements));
    },
    settle: async (payload, requirements): Promise<SettleResponse> => {
      if (!isOwnPayment(opts.own, payload, requirements))
        return { success: false, errorReason: NOT_OURS, transaction: "", network: requirements.network };
      return watchChain("settle", () => facilitator.settle(payload, requirements));
    },
    getSupported: async () =>
      facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
  return { address, client };
}
