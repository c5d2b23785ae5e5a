// The paid-answer record of a running service from its configuration: Redis when
// GEO402_REDIS_URL is set (shared by replicas), else this process's memory; the chain asked
// through GEO402_RPC_URL, or the devnet's own chain (whole history), or none.
import type { Config } from "../config.ts";
import { MemoryPaidAnswerStore, type PaidAnswerStore } from "./paid-answer-store.ts";
import { PaidAnswers } from "./paid-answers.ts";
import { chargeLookup, unknownCharge } from "./settled-on-chain.ts";

export async function openPaidAnswers(
  config: Config,
  devnetRpcUrl?: string,
): Promise<{ answers: PaidAnswers; close(): Promise<void> }> {
  const store: PaidAnswerStore = config.redisUrl
    ? await (await import("./redis-paid-answer-store.ts")).RedisPaidAnswerStore.connect(config.redisUrl)
    : new MemoryPaidAnswerStore();
  // A record lives paidAnswerTtlS seconds, and blocks are at least a second apart on the networks
  // served, so a settlement it may name is within that many blocks.
  const chargeOf = config.rpcUrl
    ? chargeLookup(config.rpcUrl, config.paidAnswerTtlS)
    : devnetRpcUrl
      ? chargeLookup(devnetRpcUrl, null)
      : unknownCharge;
  return {
    answers: new PaidAnswers(store, config.paidAnswerTtlS * 1000, chargeOf),
    close: () => store.close(),
  };
}
