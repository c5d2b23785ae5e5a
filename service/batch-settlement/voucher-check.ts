// The batch-settlement server's check of a voucher-paid request before its answer is computed —
// @x402/evm 2.27's `onBeforeVerify` scheme hook, taken over for voucher payloads only (deposits and
// refunds still go to the package's hook). It applies the package's rules in the package's order
// with the package's answers (voucher-check.test.ts runs both hooks on the same requests and
// channel states, every refusal included, and compares what they return and record); what changes
// is the cost of the two pieces of cryptography in it:
// - the channel id (an EIP-712 hash of the channel's configuration, which the package computes
//   three times per request) is computed once per configuration and kept (LRU, CHANNEL_IDS);
// - the payer's voucher signature is recovered natively (native-secp256k1.ts) instead of with
//   viem's pure-JavaScript recovery, which was 42% of the main thread's time per voucher-paid call.
// The package offers no option for either (its hook functions are private to its module), so the
// hook is replaced on the scheme object at construction, before the gate registers it. Why this is
// ours and what it measured: docs/batch-settlement.md#the-voucher-check.
import type { PaymentRequirements, VerifyResponse } from "@x402/core/types";
import {
  BATCH_SETTLEMENT_ADDRESS,
  BATCH_SETTLEMENT_DOMAIN,
  isBatchSettlementVoucherPayload,
} from "@x402/evm";
import type { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/server";
import { LRUCache } from "lru-cache";
import {
  concat,
  encodeAbiParameters,
  getAddress,
  type Hex,
  hashDomain,
  hashTypedData,
  keccak256,
  toBytes,
  toHex,
} from "viem";
import { isEcdsaSignatureOf } from "../crypto/native-secp256k1.ts";

type BeforeVerify = NonNullable<BatchSettlementEvmScheme["schemeHooks"]["onBeforeVerify"]>;
type VerifyContext = Parameters<BeforeVerify>[0];
type BeforeVerifyAnswer = Awaited<ReturnType<BeforeVerify>>;

/** A voucher payload as the package's type guard admits it (fields unchecked beyond presence). */
interface VoucherPayload {
  channelConfig: ChannelConfig;
  voucher: { channelId: string; maxClaimableAmount: string; signature: Hex };
}
interface ChannelConfig {
  payer: Hex;
  payerAuthorizer: Hex;
  receiver: Hex;
  receiverAuthorizer: Hex;
  token: Hex;
  withdrawDelay: number;
  salt: Hex;
}

/** The package's reason codes for the refusals this check can give (its own strings). */
const REASON = {
  invalidChannelId: "invalid_batch_settlement_evm_channel_id_invalid",
  channelIdMismatch: "invalid_batch_settlement_evm_channel_id_mismatch",
  cumulativeMismatch: "invalid_batch_settlement_evm_cumulative_amount_mismatch",
  stateUnavailable: "invalid_batch_settlement_evm_verification_state_unavailable",
  receiverMismatch: "invalid_batch_settlement_evm_receiver_mismatch",
  receiverAuthorizerMismatch: "invalid_batch_settlement_evm_receiver_authorizer_mismatch",
  tokenMismatch: "invalid_batch_settlement_evm_token_mismatch",
  withdrawDelayMismatch: "invalid_batch_settlement_evm_withdraw_delay_mismatch",
  withdrawDelayOutOfRange: "invalid_batch_settlement_evm_withdraw_delay_out_of_range",
  signature: "invalid_batch_settlement_evm_voucher_signature",
  exceedsBalance: "invalid_batch_settlement_evm_cumulative_exceeds_balance",
  belowClaimed: "invalid_batch_settlement_evm_cumulative_below_claimed",
} as const;
/** The scheme's bounds on a channel's withdrawal delay, seconds (15 minutes to 30 days). */
const MIN_WITHDRAW_DELAY_S = 900;
const MAX_WITHDRAW_DELAY_S = 2_592_000;
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
const CHANNEL_ID = /^0x[0-9a-fA-F]{64}$/;
/** Channel ids kept: one per channel configuration seen recently (about 200 bytes each). */
export const CHANNEL_IDS = 10_000;

/**
 * Replaces `scheme`'s before-verify hook for voucher payloads with the check below; call before
 * the scheme is registered with a resource server (registration copies the hooks).
 */
export function checkVouchersNatively(scheme: BatchSettlementEvmScheme): BatchSettlementEvmScheme {
  const packaged = scheme.schemeHooks.onBeforeVerify;
  const channelIds = new LRUCache<string, string>({ max: CHANNEL_IDS });
  scheme.schemeHooks.onBeforeVerify = async (ctx) =>
    isBatchSettlementVoucherPayload(ctx.paymentPayload.payload)
      ? checkVoucher(scheme, ctx, channelIds)
      : packaged?.(ctx);
  return scheme;
}

async function checkVoucher(
  scheme: BatchSettlementEvmScheme,
  ctx: VerifyContext,
  channelIds: LRUCache<string, string>,
): Promise<BeforeVerifyAnswer> {
  const { paymentPayload, requirements } = ctx;
  const raw = paymentPayload.payload as unknown as VoucherPayload;
  try {
    const channelId = raw.voucher.channelId;
    if (typeof channelId !== "string" || !CHANNEL_ID.test(channelId))
      return abort(REASON.invalidChannelId, "Channel id does not match channel config");
    const computedId = channelIdOf(raw.channelConfig, requirements.network, channelIds);
    if (computedId.toLowerCase() !== channelId.toLowerCase())
      return abort(REASON.channelIdMismatch, "Channel id does not match channel config");
    const now = Date.now();
    const pendingId = toHex(crypto.getRandomValues(new Uint8Array(32)));
    const channel = await scheme.getStorage().get(channelId);
    const charged = channel?.chargedCumulativeAmount ?? chargedBefore(raw, requirements.amount);
    if (BigInt(raw.voucher.maxClaimableAmount) !== BigInt(charged) + BigInt(requirements.amount)) {
      scheme.rememberChannelSnapshot(paymentPayload, channel ?? provisionalChannel(raw, charged));
      return abort(REASON.cumulativeMismatch, "Client voucher base does not match server state");
    }
    scheme.mergeRequestContext(paymentPayload, { channelId, pendingId, channelSnapshot: channel });
    // The channel as last read on chain, recently enough: the voucher is checked here, without the
    // facilitator. Otherwise (no channel yet, stale state, a contract payer) the facilitator does.
    if (!channel || channel.onchainSyncedAt === undefined) return;
    if (now - channel.onchainSyncedAt > scheme.getOnchainStateTtlMs()) return;
    if (raw.channelConfig.payerAuthorizer === ZERO_ADDRESS) return;
    const payer = raw.channelConfig.payer;
    const refusal =
      configRefusal(raw.channelConfig, requirements) ??
      (computedId.toLowerCase() !== channel.channelId.toLowerCase() ? REASON.channelIdMismatch : undefined) ??
      (signedByPayer(raw, requirements.network) ? undefined : REASON.signature) ??
      amountRefusal(BigInt(raw.voucher.maxClaimableAmount), channel);
    const result: VerifyResponse = refusal
      ? { isValid: false, invalidReason: refusal, payer }
      : {
          isValid: true,
          payer,
          extra: {
            channelId,
            balance: channel.balance,
            totalClaimed: channel.totalClaimed,
            withdrawRequestedAt: channel.withdrawRequestedAt,
            refundNonce: channel.refundNonce.toString(),
          },
        };
    scheme.mergeRequestContext(paymentPayload, { localVerify: true });
    return { skip: true, result };
  } catch {
    return abort(REASON.stateUnavailable, "Unable to establish channel verification state");
  }
}

const abort = (reason: string, message: string) => ({ abort: true as const, reason, message });

/** The channel id of `config` on `network`: the EIP-712 hash of its ChannelConfig, kept per configuration. */
function channelIdOf(config: ChannelConfig, network: string, cache: LRUCache<string, string>): string {
  const key = `${network}|${config.payer}|${config.payerAuthorizer}|${config.receiver}|${config.receiverAuthorizer}|${config.token}|${typeof config.withdrawDelay}:${config.withdrawDelay}|${config.salt}`;
  let id = cache.get(key);
  if (id === undefined) {
    id = hashTypedData({
      domain: domainOf(network),
      types: CHANNEL_CONFIG_TYPES,
      primaryType: "ChannelConfig",
      message: { ...config },
    });
    cache.set(key, id);
  }
  return id;
}

const CHANNEL_CONFIG_TYPES = {
  ChannelConfig: [
    { name: "payer", type: "address" },
    { name: "payerAuthorizer", type: "address" },
    { name: "receiver", type: "address" },
    { name: "receiverAuthorizer", type: "address" },
    { name: "token", type: "address" },
    { name: "withdrawDelay", type: "uint40" },
    { name: "salt", type: "bytes32" },
  ],
} as const;

function domainOf(network: string) {
  const match = /^eip155:(\d+)$/.exec(network);
  const chainId = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(chainId)) throw new Error(`not an EVM network: ${network}`);
  return { ...BATCH_SETTLEMENT_DOMAIN, chainId, verifyingContract: getAddress(BATCH_SETTLEMENT_ADDRESS) };
}

/**
 * What the package's channel-config validation refuses, in its order, after its channel-id check
 * (made above, before the channel is read).
 */
function configRefusal(config: ChannelConfig, requirements: PaymentRequirements): string | undefined {
  if (getAddress(config.receiver) !== getAddress(requirements.payTo)) return REASON.receiverMismatch;
  const extra = requirements.extra;
  const wanted = extra?.receiverAuthorizer as string | undefined;
  if (
    !wanted ||
    getAddress(wanted) === ZERO_ADDRESS ||
    getAddress(config.receiverAuthorizer) !== getAddress(wanted)
  )
    return REASON.receiverAuthorizerMismatch;
  if (getAddress(config.token) !== getAddress(requirements.asset)) return REASON.tokenMismatch;
  if (extra?.withdrawDelay !== undefined && config.withdrawDelay !== Number(extra.withdrawDelay))
    return REASON.withdrawDelayMismatch;
  if (config.withdrawDelay < MIN_WITHDRAW_DELAY_S || config.withdrawDelay > MAX_WITHDRAW_DELAY_S)
    return REASON.withdrawDelayOutOfRange;
  return undefined;
}

/** Whether the voucher is the payer authorizer's EIP-712 signature (native recovery). */
function signedByPayer(raw: VoucherPayload, network: string): boolean {
  try {
    // A channel id that is not bytes32 or an amount outside uint128 throws, as in EIP-712 hashing.
    const amount = BigInt(raw.voucher.maxClaimableAmount);
    const struct = keccak256(
      encodeAbiParameters(VOUCHER_FIELDS, [VOUCHER_TYPEHASH, raw.voucher.channelId as Hex, amount]),
    );
    const digest = keccak256(concat(["0x1901", domainSeparatorOf(network), struct]));
    return isEcdsaSignatureOf(getAddress(raw.channelConfig.payerAuthorizer), digest, raw.voucher.signature);
  } catch {
    return false;
  }
}

const VOUCHER_TYPEHASH = keccak256(toBytes("Voucher(bytes32 channelId,uint128 maxClaimableAmount)"));
const VOUCHER_FIELDS = [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint128" }] as const;
const domainSeparators = new Map<string, Hex>();
/** The escrow's EIP-712 domain separator on `network` (one per network the service offers). */
function domainSeparatorOf(network: string): Hex {
  let separator = domainSeparators.get(network);
  if (separator === undefined) {
    const domain = domainOf(network);
    separator = hashDomain({
      domain: { ...domain, chainId: BigInt(domain.chainId) },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
      },
    });
    domainSeparators.set(network, separator);
  }
  return separator;
}

function amountRefusal(
  maxClaimable: bigint,
  channel: { balance: string; totalClaimed: string },
): string | undefined {
  if (maxClaimable > BigInt(channel.balance)) return REASON.exceedsBalance;
  if (maxClaimable <= BigInt(channel.totalClaimed)) return REASON.belowClaimed;
  return undefined;
}

/** The cumulative amount charged before this voucher when the server has no record of the channel. */
function chargedBefore(raw: VoucherPayload, price: string): string {
  const signed = BigInt(raw.voucher.maxClaimableAmount);
  const amount = BigInt(price);
  return signed < amount ? "0" : (signed - amount).toString();
}

/** The channel as the voucher describes it, for the corrective 402 when the server has none. */
function provisionalChannel(raw: VoucherPayload, charged: string) {
  return {
    channelId: raw.voucher.channelId,
    channelConfig: raw.channelConfig,
    chargedCumulativeAmount: charged,
    signedMaxClaimable: raw.voucher.maxClaimableAmount,
    signature: raw.voucher.signature,
    balance: "0",
    totalClaimed: "0",
    withdrawRequestedAt: 0,
    refundNonce: 0,
    lastRequestTimestamp: Date.now(),
  };
}
