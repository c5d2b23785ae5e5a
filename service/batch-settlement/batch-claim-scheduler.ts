// Claims the batch-settlement vouchers the service holds and settles them to payTo, on a period,
// in exactly one process: with Redis (replicas), the holder of a leader lease (given up when its
// replica stops, else lapsing after two periods); without it, the one process there is. The period is capped below the channels' withdraw delay so a payer's timed
// withdrawal can never complete over unclaimed vouchers (the server learns of a withdrawal only
// from the chain, so every channel with unclaimed vouchers is claimed at least three times within
// one delay). With a claim threshold, a round claims only the channels whose unclaimed amount
// reaches it, plus every channel with a pending withdrawal or idle for a whole maximum period.
import type { BatchSettlementChannelManager, Channel } from "@x402/evm/batch-settlement/server";
import { type Redis, WITHDRAW_DELAY_S } from "./batch-settlement.ts";

/** The longest claim period allowed: a third of the withdraw delay. */
export const MAX_CLAIM_PERIOD_S = WITHDRAW_DELAY_S / 3;
/**
 * Channels per claim transaction: a claim costs about 25,000 gas per channel (4 channels to a
 * receiver with nothing claimed yet: 154,838), within the devnet signer's 2,000,000 gas limit for
 * escrow transactions (facilitator-signer.ts; test/e2e/batch-settlement-service.e2e.test.ts claims
 * this many in one transaction).
 */
export const MAX_CLAIMS_PER_TRANSACTION = 50;
const LEASE_KEY = "geo402:batch:claim-leader";

// Take the lease when free, extend it when ours; 1 when we hold it afterwards.
const LEASE_SCRIPT = `
local v = redis.call('get', KEYS[1])
if v == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
// Give the lease up when ours (a stopping replica), so another takes it at its next round.
const RELEASE_SCRIPT = `
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
return 0`;

export interface ClaimRound {
  leader: boolean;
  /** Claim transactions sent (the package batches many channels per transaction). */
  claims: number;
  settled: boolean;
}

export interface ClaimScheduler {
  /** One round now (the timer calls this too). */
  runOnce(): Promise<ClaimRound>;
  stop(): Promise<void>;
}

/**
 * The channels a round claims: unclaimed amount at or above the threshold, or a pending timed
 * withdrawal, or no request for a whole maximum period (its vouchers then wait no longer).
 */
export function dueForClaim(channels: readonly Channel[], thresholdAtomic: bigint, now: number): Channel[] {
  return channels.filter(
    (c) =>
      BigInt(c.chargedCumulativeAmount) - BigInt(c.totalClaimed) >= thresholdAtomic ||
      c.withdrawRequestedAt > 0 ||
      now - c.lastRequestTimestamp >= MAX_CLAIM_PERIOD_S * 1000,
  );
}

export function startClaimScheduler(opts: {
  manager: BatchSettlementChannelManager;
  periodS: number;
  /** Claim a channel once this much (atomic units) is unclaimed; 0 (default): every round. */
  thresholdAtomic?: bigint;
  /** Replicas: the shared Redis and this process's identity in the lease. */
  lease?: { redis: Redis; holder: string };
  onError?: (err: unknown) => void;
}): ClaimScheduler {
  const periodMs = Math.min(opts.periodS, MAX_CLAIM_PERIOD_S) * 1000;
  const isLeader = async (): Promise<boolean> => {
    if (!opts.lease) return true;
    const held = await opts.lease.redis.eval(LEASE_SCRIPT, {
      keys: [LEASE_KEY],
      arguments: [opts.lease.holder, String(periodMs * 2)],
    });
    return held === 1;
  };
  let running: Promise<ClaimRound> | null = null;
  const runOnce = (): Promise<ClaimRound> => {
    running ??= (async () => {
      try {
        if (!(await isLeader())) return { leader: false, claims: 0, settled: false };
        const threshold = opts.thresholdAtomic ?? 0n;
        const { claims, settle } = await opts.manager.claimAndSettle({
          maxClaimsPerBatch: MAX_CLAIMS_PER_TRANSACTION,
          ...(threshold > 0n
            ? { selectClaimChannels: (channels) => dueForClaim(channels, threshold, Date.now()) }
            : {}),
        });
        return { leader: true, claims: claims.length, settled: settle !== undefined };
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((err: unknown) => opts.onError?.(err));
  }, periodMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await opts.lease?.redis
        .eval(RELEASE_SCRIPT, { keys: [LEASE_KEY], arguments: [opts.lease.holder] })
        .catch((err: unknown) => opts.onError?.(err));
    },
  };
}
