// The service's batch-settlement offer, started and stopped with the service (runtime.ts): the
// channel storage (Redis with GEO402_REDIS_URL, else files under GEO402_HOME), @x402/evm's server
// scheme with the service's own receiver-authorizer key (the gate registers it), and the
// claim-and-settle scheduler (one leader among replicas, by a lease in Redis).
import { rmSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { FacilitatorClient } from "@x402/core/server";
import type { AuthorizerSigner } from "@x402/evm";
import type { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/server";
import type { Config } from "../config.ts";
import { nativeAccount } from "../crypto/native-secp256k1.ts";
import { dollarsToAtomic } from "../money.ts";
import type { PaymentTerms } from "../route-types.ts";
import { type ClaimScheduler, startClaimScheduler } from "./batch-claim-scheduler.ts";
import { createBatchSettlementServer, openChannelStorage } from "./batch-settlement.ts";

export interface BatchOffer {
  scheme: BatchSettlementEvmScheme;
  scheduler: ClaimScheduler;
  close(): Promise<void>;
}

export async function startBatchOffer(opts: {
  config: Config;
  terms: PaymentTerms;
  facilitatorClient: FacilitatorClient;
  receiverAuthorizerKey: `0x${string}`;
  /** The key's address when already known (the devnet's saved accounts): no key → address at start. */
  receiverAuthorizerAddress?: `0x${string}`;
  /**
   * The embedded devnet: its chain starts empty each time, so channel files left by an earlier
   * chain describe channels that no longer exist and are removed.
   */
  freshChain: boolean;
  onError: (err: unknown) => void;
}): Promise<BatchOffer> {
  const dir = path.join(opts.config.home, opts.freshChain ? "channels-devnet" : "channels");
  if (opts.freshChain && !opts.config.redisUrl) rmSync(dir, { recursive: true, force: true });
  const opened = await openChannelStorage({
    dir,
    ...(opts.config.redisUrl ? { redisUrl: opts.config.redisUrl } : {}),
  });
  const scheme = createBatchSettlementServer({
    payTo: opts.terms.payTo,
    receiverAuthorizer: authorizer(opts.receiverAuthorizerKey, opts.receiverAuthorizerAddress),
    storage: opened.storage,
  });
  const scheduler = startClaimScheduler({
    manager: scheme.createChannelManager(opts.facilitatorClient, opts.terms.network, opts.terms.asset),
    periodS: opts.config.batchClaimPeriodS,
    thresholdAtomic: dollarsToAtomic(opts.config.batchClaimThreshold),
    ...(opened.redis
      ? { lease: { redis: opened.redis, holder: `${hostname()}:${process.pid}:${Date.now()}` } }
      : {}),
    onError: opts.onError,
  });
  return {
    scheme,
    scheduler,
    async close() {
      await scheduler.stop();
      await opened.close();
    },
  };
}

/**
 * The receiver-authorizer signer. With its address known, the account behind it (key → address:
 * elliptic-curve work) is made on the first signature, not at start; signing is native either way
 * (native-secp256k1.ts).
 */
function authorizer(key: `0x${string}`, address?: `0x${string}`): AuthorizerSigner {
  if (!address) return nativeAccount(key);
  let account: ReturnType<typeof nativeAccount> | undefined;
  return {
    address,
    signTypedData(params) {
      account ??= nativeAccount(key);
      return account.signTypedData(params);
    },
  };
}
