// The paying client of `geo402 pay --scheme batch-settlement` and `geo402 mcp`: @x402/core's
// x402Client with @x402/evm's batch-settlement client preferred and `exact` kept for services that
// offer only it. The first call deposits into a channel (one on-chain transaction), later calls
// send a signed cumulative voucher only. Channel state is kept in files (the package's
// FileClientChannelStorage) so the next process continues the channel; a lost state is recovered
// from the chain (the escrow's channel record), and a server that remembers a different cumulative
// amount answers a corrective 402 that the package's hooks resynchronise from.
import path from "node:path";
import { x402Client } from "@x402/core/client";
import type { PaymentRequirements } from "@x402/core/types";
import { toClientEvmSigner } from "@x402/evm";
import {
  type BatchSettlementClientContext,
  BatchSettlementEvmScheme,
  type ClientChannelStorage,
} from "@x402/evm/batch-settlement/client";
import { FileClientChannelStorage } from "@x402/evm/batch-settlement/client/file-storage";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { createPublicClient, http } from "viem";
import { nativeAccount } from "../service/crypto/native-secp256k1.ts";
import { atomicToDollars } from "../service/money.ts";

export type PayScheme = "exact" | "batch-settlement";
export const BATCH = "batch-settlement";

/** A deposit this large covers 1,000 calls at $0.001 (or 200 at $0.005) before the next one. */
export const DEFAULT_DEPOSIT_ATOMIC = 1_000_000n;

export interface PayerOptions {
  key: `0x${string}`;
  scheme: PayScheme;
  /** Directory of the channel files (batch-settlement). */
  channelDir: string;
  /** The chain's JSON-RPC URL: lets the client read its channel back after losing its files. */
  rpcUrl?: string;
  /** The most one deposit may be (atomic units); a call needing more is refused before signing. */
  maxDepositAtomic: bigint;
}

/**
 * Where a payer keeps its channel files: beside the devnet file, one directory per devnet chain
 * (a restarted devnet is a new, empty chain whose channels start over), or one for a real network.
 */
export function channelDir(home: string, devnetRpcUrl?: string): string {
  const chain = devnetRpcUrl ? `devnet-${new URL(devnetRpcUrl).port}` : "network";
  return path.join(home, "payer-channels", chain);
}

/**
 * The package's channel files, read once per process and written through on every change: a
 * voucher-paid call otherwise reads its channel's file twice. Another process paying from the same
 * directory meanwhile makes this one's record lag; the server's corrective 402 resynchronises it.
 */
class CachedClientChannelStorage implements ClientChannelStorage {
  readonly #files: FileClientChannelStorage;
  readonly #cache = new Map<string, BatchSettlementClientContext | undefined>();
  constructor(directory: string) {
    this.#files = new FileClientChannelStorage({ directory });
  }
  async get(key: string) {
    if (!this.#cache.has(key)) this.#cache.set(key, await this.#files.get(key));
    return this.#cache.get(key);
  }
  async set(key: string, context: BatchSettlementClientContext) {
    await this.#files.set(key, context);
    this.#cache.set(key, context);
  }
  async delete(key: string) {
    await this.#files.delete(key);
    this.#cache.set(key, undefined);
  }
}

/** The batch-settlement option when offered and wanted, else the first option (the service lists `exact` first). */
function selectScheme(scheme: PayScheme) {
  return (_version: number, accepts: PaymentRequirements[]): PaymentRequirements => {
    const chosen = (scheme === BATCH ? accepts.find((a) => a.scheme === BATCH) : undefined) ?? accepts[0];
    if (!chosen) throw new Error("the 402 carried no payment option");
    return chosen;
  };
}

export function createPayer(opts: PayerOptions): x402Client {
  const account = nativeAccount(opts.key);
  const client = new x402Client(selectScheme(opts.scheme)).register("eip155:*", new ExactEvmScheme(account));
  if (opts.scheme !== BATCH) return client;
  const signer = opts.rpcUrl
    ? toClientEvmSigner(account, createPublicClient({ transport: http(opts.rpcUrl) }))
    : account;
  return client.register(
    "eip155:*",
    new BatchSettlementEvmScheme(signer, {
      storage: new CachedClientChannelStorage(opts.channelDir),
      depositStrategy: ({ minimumDepositAmount }) => {
        const needed = BigInt(minimumDepositAmount);
        if (needed > opts.maxDepositAtomic)
          throw new Error(
            `the next call needs a deposit of $${atomicToDollars(needed)}, above the maximum deposit of $${atomicToDollars(opts.maxDepositAtomic)}`,
          );
        const target =
          DEFAULT_DEPOSIT_ATOMIC < opts.maxDepositAtomic ? DEFAULT_DEPOSIT_ATOMIC : opts.maxDepositAtomic;
        return (target > needed ? target : needed).toString();
      },
    }),
  );
}
