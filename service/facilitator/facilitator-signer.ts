// The devnet facilitator's chain access, cut to the JSON-RPC calls a payment needs:
// - code at an address is cached (bounded, short-lived): verify asks for the payer's code twice
//   and the asset's once per payment, and the chain re-checks everything anyway (the simulation
//   in verify, the transaction in settle), so a stale entry can only change a precheck's reason;
// - a settlement is one call: the transaction is signed locally with a locally counted nonce,
//   fixed fees and a fixed gas limit, and sent with eth_sendRawTransactionSync (EIP-7966), whose
//   answer is the receipt — no gas estimate, no fee or chain-id query, no receipt polling.
// The receipt is handed to the facilitator's waitForTransactionReceipt when it asks for it.
// Its ECDSA is native (native-secp256k1.ts): the settlement transaction's signature, and the
// recovery in verifyTypedData, which answers an EOA's valid signature without the chain and asks
// the chain (viem's ERC-6492/ERC-1271 verification) only for everything else, so it answers as
// viem does. (@x402/evm 2.27 recovers its payers' signatures with viem's recoverAddress itself,
// not through this signer: those two recoveries per payment stay in JavaScript.)
import { BATCH_SETTLEMENT_ADDRESS, toFacilitatorEvmSigner } from "@x402/evm";
import { LRUCache } from "lru-cache";
import {
  type Abi,
  type Chain,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  http,
  keccak256,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { sendRawTransactionSync } from "viem/actions";
import { isEcdsaSignatureOf, nativeAccount } from "../crypto/native-secp256k1.ts";
import { isTransportFault } from "./chain-faults.ts";

/** Gas limit of a settlement (test/e2e/facilitator-signer.e2e.test.ts checks one uses under half of it). */
export const SETTLEMENT_GAS_LIMIT = 200_000n;
/**
 * Gas limit of a batch-settlement escrow transaction (deposit, claim, settle, refund): a claim
 * costs about 25,000 gas per channel, so one transaction can carry up to
 * MAX_CLAIMS_PER_TRANSACTION channels (batch-claim-scheduler.ts). Only the gas used is paid.
 */
export const BATCH_SETTLEMENT_GAS_LIMIT = 2_000_000n;
/** Fees of a settlement: anvil starts at a 1 gwei base fee that only falls with one-transaction blocks. */
const MAX_FEE_PER_GAS = 3_000_000_000n;
const MAX_PRIORITY_FEE_PER_GAS = 1_000_000_000n;
/** Code cache: entries and lifetime. */
export const CODE_CACHE_ENTRIES = 1024;
export const CODE_CACHE_TTL_MS = 10_000;
/** Receipts of sent settlements not yet collected by the facilitator. */
const RECEIPTS_MAX = 4096;
const RECEIPT_TIMEOUT_MS = 30_000;

export type FacilitatorSigner = ReturnType<typeof toFacilitatorEvmSigner>;

export function createFacilitatorSigner(opts: { chain: Chain; rpcUrl: string; privateKey: `0x${string}` }): {
  signer: FacilitatorSigner;
  address: `0x${string}`;
  client: PublicClient;
} {
  const account = nativeAccount(opts.privateKey);
  const client = createPublicClient({
    chain: opts.chain,
    transport: http(opts.rpcUrl),
    pollingInterval: 5,
  }) as PublicClient;
  // "0x" (no code) is cached as a string too: LRUCache does not store undefined.
  const codes = new LRUCache<string, Hex>({ max: CODE_CACHE_ENTRIES, ttl: CODE_CACHE_TTL_MS });
  const receipts = new LRUCache<Hex, TransactionReceipt>({ max: RECEIPTS_MAX, ttl: RECEIPT_TIMEOUT_MS });

  // Nonces are counted here: concurrent settlements take consecutive nonces without a round trip
  // (each chained on the previous one); a failed send re-reads the count from the chain.
  let lastNonce: Promise<number> | null = null;
  const nonce = (): Promise<number> => {
    const taken = lastNonce
      ? lastNonce.then((n) => n + 1)
      : client.getTransactionCount({ address: account.address, blockTag: "pending" });
    lastNonce = taken;
    taken.catch(() => {
      if (lastNonce === taken) lastNonce = null;
    });
    return taken;
  };

  const receiptOf = (hash: Hex): Promise<TransactionReceipt | undefined> =>
    client
      .waitForTransactionReceipt({ hash, pollingInterval: 5, timeout: RECEIPT_TIMEOUT_MS })
      .catch(() => undefined);

  const send = async (to: `0x${string}`, data: Hex): Promise<Hex> => {
    const serializedTransaction = await account.signTransaction({
      type: "eip1559",
      chainId: opts.chain.id,
      nonce: await nonce(),
      to,
      data,
      gas:
        to.toLowerCase() === BATCH_SETTLEMENT_ADDRESS.toLowerCase()
          ? BATCH_SETTLEMENT_GAS_LIMIT
          : SETTLEMENT_GAS_LIMIT,
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
    });
    try {
      // anvil refuses EIP-7966's optional timeout parameter; it answers once the block is mined.
      const receipt = await sendRawTransactionSync(client, { serializedTransaction });
      receipts.set(receipt.transactionHash, receipt);
      return receipt.transactionHash;
    } catch (err) {
      // A timeout or a dropped connection says nothing about the transaction: anvil answers only
      // once it is mined, and on a loaded chain that can outlast the HTTP timeout. A settlement
      // that may be on chain is never reported failed (the caller would be charged without an
      // answer): its receipt is looked up by hash first.
      const mined = isTransportFault(err) ? await receiptOf(keccak256(serializedTransaction)) : undefined;
      if (mined) {
        receipts.set(mined.transactionHash, mined);
        return mined.transactionHash;
      }
      lastNonce = null;
      throw err;
    }
  };

  const signer = toFacilitatorEvmSigner({
    address: account.address,
    async getCode({ address }) {
      const key = address.toLowerCase();
      const cached = codes.get(key);
      if (cached !== undefined) return cached;
      const code = (await client.getCode({ address })) ?? "0x";
      codes.set(key, code);
      return code;
    },
    readContract: (a) =>
      client.readContract({ ...a, abi: a.abi as Abi, args: a.args ?? [] } as Parameters<
        typeof client.readContract
      >[0]),
    async verifyTypedData(a) {
      const typed = a as Parameters<typeof client.verifyTypedData>[0];
      if (isEcdsaSignatureOf(typed.address, hashTypedData(typed), a.signature)) return true;
      return client.verifyTypedData(typed);
    },
    writeContract: (a) =>
      send(
        a.address,
        `${encodeFunctionData({ abi: a.abi as Abi, functionName: a.functionName, args: a.args })}${
          a.dataSuffix?.slice(2) ?? ""
        }`,
      ),
    sendTransaction: (a) => send(a.to, a.data),
    async waitForTransactionReceipt({ hash }) {
      const sent = receipts.get(hash);
      if (sent) {
        receipts.delete(hash);
        return sent;
      }
      return client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
    },
  });
  return { signer, address: account.address, client };
}
