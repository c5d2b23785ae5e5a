// The x402 `batch-settlement` scheme's devnet parts, apart from the `exact` gate: @x402/evm's
// facilitator scheme (deposit, voucher verify, claim, settle, refund) over the devnet facilitator
// signer, and the channel terms the service announces. The escrow contract and its deposit
// collector are ours (contracts/X402BatchSettlement.sol, contracts/ERC3009DepositCollector.sol),
// placed by test-usdc.ts at the addresses @x402/evm expects.
import type { x402Facilitator } from "@x402/core/facilitator";
import type { Network } from "@x402/core/types";
import { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/facilitator";
import {
  type AuthorizerSigner,
  BatchSettlementEvmScheme as BatchSettlementServerScheme,
  type ChannelStorage,
} from "@x402/evm/batch-settlement/server";
import { RedisChannelStorage } from "@x402/evm/batch-settlement/server/redis-storage";
import type { createClient } from "redis";
import type { FacilitatorSigner } from "../facilitator/facilitator-signer.ts";
import { WriteThroughChannelStorage } from "./channel-file-storage.ts";
import { checkVouchersNatively } from "./voucher-check.ts";

export type Redis = ReturnType<typeof createClient>;

/**
 * Seconds a payer's timed withdrawal waits: the scheme's minimum (15 minutes), the shortest time
 * its money can be held; the server must claim its vouchers within it.
 */
export const WITHDRAW_DELAY_S = 900;

/**
 * Registers batch-settlement on the facilitator. With `authorizer`, the facilitator signs claims
 * and refunds the server leaves unsigned; without it, the server must sign them itself.
 */
export function registerBatchSettlementFacilitator(
  facilitator: x402Facilitator,
  signer: FacilitatorSigner,
  network: Network,
  authorizer?: AuthorizerSigner,
): void {
  facilitator.register(network, new BatchSettlementEvmScheme(signer, authorizer));
}

/** The `extra` of a batch-settlement payment requirement: channel terms and the token's EIP-712 domain. */
export function batchSettlementExtra(opts: {
  receiverAuthorizer: `0x${string}`;
  tokenName: string;
  tokenVersion: string;
}): Record<string, unknown> {
  return {
    receiverAuthorizer: opts.receiverAuthorizer,
    withdrawDelay: WITHDRAW_DELAY_S,
    name: opts.tokenName,
    version: opts.tokenVersion,
  };
}

/**
 * Where the server keeps its channels: Redis when `redisUrl` is set (GEO402_REDIS_URL; replicas
 * share it, and the package serializes each channel's requests with a lock there), else in this
 * process's memory, written through to one file per channel under `dir` (a restart keeps every
 * charged amount; channel-file-storage.ts).
 */
export async function openChannelStorage(opts: {
  redisUrl?: string;
  dir: string;
}): Promise<{ storage: ChannelStorage; redis?: Redis; close(): Promise<void> }> {
  if (!opts.redisUrl)
    return { storage: new WriteThroughChannelStorage({ directory: opts.dir }), close: async () => {} };
  // The Redis client loads only when configured (about 1 MB of code kept out of every start).
  const { createClient: redisClient } = await import("redis");
  const redis: Redis = redisClient({ url: opts.redisUrl });
  await redis.connect();
  return {
    storage: new RedisChannelStorage({ client: redis, keyPrefix: "geo402:batch:" }),
    redis,
    close: async () => {
      await redis.close();
    },
  };
}

/**
 * The resource server's side: vouchers checked against the channel state in `storage` (with native
 * ECDSA, voucher-check.ts), claims and refunds signed with the server's own receiverAuthorizer key
 * (the facilitator holds none).
 */
export function createBatchSettlementServer(opts: {
  payTo: `0x${string}`;
  receiverAuthorizer: AuthorizerSigner;
  storage: ChannelStorage;
}): BatchSettlementServerScheme {
  return checkVouchersNatively(
    new BatchSettlementServerScheme(opts.payTo, {
      storage: opts.storage,
      receiverAuthorizerSigner: opts.receiverAuthorizer,
      withdrawDelay: WITHDRAW_DELAY_S,
    }),
  );
}
