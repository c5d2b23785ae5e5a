// Whether a payment recorded as "settling" was charged: the chain says. For an EIP-3009
// authorization (scheme `exact`) the token emits AuthorizationUsed(authorizer, nonce) in the
// transaction that used it, so the lookup also names that transaction. A cancelled authorization
// emits AuthorizationCanceled instead, so it never passes for a charge.
import type { PaymentPayload } from "@x402/core/types";
import { createPublicClient, http, parseAbiItem } from "viem";

/** charged (with its transaction), not charged, or unknown (no chain access, another scheme). */
export type ChargeState = { charged: true; transaction: string } | { charged: false } | null;

export type ChargeLookup = (payload: PaymentPayload) => Promise<ChargeState>;

const AUTHORIZATION_USED = parseAbiItem(
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
);

interface Authorization {
  from?: unknown;
  nonce?: unknown;
}

/**
 * Looks the authorization up through a JSON-RPC endpoint, over the last `lookbackBlocks` blocks
 * (the whole chain when null: the devnet).
 */
export function chargeLookup(rpcUrl: string, lookbackBlocks: number | null): ChargeLookup {
  // cacheTime 0: a cached block number could predate the settlement being asked about.
  const chain = createPublicClient({
    cacheTime: 0,
    transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }),
  });
  return async (payload) => {
    const auth = (payload.payload as { authorization?: Authorization } | undefined)?.authorization;
    const asset = payload.accepted?.asset;
    if (payload.accepted?.scheme !== "exact" || !auth || typeof asset !== "string") return null;
    if (typeof auth.from !== "string" || typeof auth.nonce !== "string") return null;
    const latest = await chain.getBlockNumber();
    const span = lookbackBlocks === null ? latest : BigInt(lookbackBlocks);
    const logs = await chain.getLogs({
      address: asset as `0x${string}`,
      event: AUTHORIZATION_USED,
      args: { authorizer: auth.from as `0x${string}`, nonce: auth.nonce as `0x${string}` },
      fromBlock: latest > span ? latest - span : 0n,
      toBlock: "latest",
    });
    const used = logs[0];
    return used?.transactionHash ? { charged: true, transaction: used.transactionHash } : { charged: false };
  };
}

/** No chain access: whether a recorded payment was charged is unknown. */
export const unknownCharge: ChargeLookup = async () => null;
