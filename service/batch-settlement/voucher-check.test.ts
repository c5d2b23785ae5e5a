// voucher-check.ts against the hook it replaces: for each request and channel state, @x402/evm's
// own before-verify hook (a scheme left as the package builds it) and ours (the same scheme class
// with checkVouchersNatively) must return the same answer and record the same request context —
// on every path: the voucher checked locally and accepted, each refusal in the package's order,
// the hand-offs to the facilitator (no channel yet, stale on-chain state, a contract payer), the
// corrective 402's snapshot, and malformed fields that make the package give up.
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { BATCH_SETTLEMENT_ADDRESS, BATCH_SETTLEMENT_DOMAIN, voucherTypes } from "@x402/evm";
import { computeChannelId } from "@x402/evm/batch-settlement/client";
import { BatchSettlementEvmScheme, InMemoryChannelStorage } from "@x402/evm/batch-settlement/server";
import fc from "fast-check";
import { type Hex, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkVouchersNatively } from "./voucher-check.ts";

const NETWORK = "eip155:84532";
const PRICE = 1000n;
const payer = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const receiverAuthorizer = privateKeyToAccount(generatePrivateKey()).address;
const token = privateKeyToAccount(generatePrivateKey()).address;

const requirements: PaymentRequirements = {
  scheme: "batch-settlement",
  network: NETWORK,
  asset: token,
  amount: PRICE.toString(),
  payTo,
  maxTimeoutSeconds: 300,
  extra: { receiverAuthorizer, withdrawDelay: 900, name: "USDC", version: "2" },
};

const config = {
  payer: payer.address as Hex,
  payerAuthorizer: payer.address as Hex,
  receiver: payTo as Hex,
  receiverAuthorizer: receiverAuthorizer as Hex,
  token: token as Hex,
  withdrawDelay: 900,
  salt: toHex(7n, { size: 32 }),
};
type Config = typeof config;

const signVoucher = (channelId: Hex, amount: bigint, by = payer, network = NETWORK) =>
  by.signTypedData({
    domain: {
      ...BATCH_SETTLEMENT_DOMAIN,
      chainId: Number(network.split(":")[1]),
      verifyingContract: BATCH_SETTLEMENT_ADDRESS,
    },
    types: voucherTypes,
    primaryType: "Voucher",
    message: { channelId, maxClaimableAmount: amount },
  });

interface Case {
  /** What the payer sends. */
  channelConfig: Record<string, unknown>;
  voucher: { channelId: unknown; maxClaimableAmount: unknown; signature: unknown };
  /** What the server holds about the channel, if anything. */
  stored?: Record<string, unknown>;
  /** The key the server holds it under, when not its own channel id. */
  storedKey?: string;
  requirements?: PaymentRequirements;
}

/** A voucher for the 5th paid call of a channel with a fresh on-chain read: accepted locally. */
async function validCase(cfg: Config = config): Promise<Case> {
  const channelId = computeChannelId(cfg, NETWORK) as Hex;
  const amount = 5n * PRICE;
  return {
    channelConfig: { ...cfg },
    voucher: {
      channelId,
      maxClaimableAmount: amount.toString(),
      signature: await signVoucher(channelId, amount),
    },
    stored: {
      channelId,
      channelConfig: { ...cfg },
      chargedCumulativeAmount: (4n * PRICE).toString(),
      signedMaxClaimable: (4n * PRICE).toString(),
      signature: "0x",
      balance: "100000",
      totalClaimed: "2000",
      withdrawRequestedAt: 0,
      refundNonce: 3,
      onchainSyncedAt: Date.now(),
      lastRequestTimestamp: Date.now(),
    },
  };
}

/** Both hooks' answers and recorded contexts for one case (each scheme with its own copy of the state). */
async function bothAnswers(c: Case) {
  const run = async (patched: boolean) => {
    const storage = new InMemoryChannelStorage();
    if (c.stored) {
      const stored = structuredClone(c.stored);
      await storage.updateChannel(c.storedKey ?? String(c.stored.channelId), () => stored as never);
    }
    const scheme = new BatchSettlementEvmScheme(payTo, { storage, withdrawDelay: 900 });
    if (patched) checkVouchersNatively(scheme);
    const paymentPayload = {
      x402Version: 2,
      accepted: c.requirements ?? requirements,
      payload: {
        type: "voucher",
        channelConfig: structuredClone(c.channelConfig),
        voucher: { ...c.voucher },
      },
    } as unknown as PaymentPayload;
    const answer = await scheme.schemeHooks.onBeforeVerify?.({
      paymentPayload,
      requirements: c.requirements ?? requirements,
      declaredExtensions: {},
    });
    const context = scheme.readRequestContext(paymentPayload);
    // The pending id is random: compare its shape, not its value.
    const { pendingId, ...rest } = context ?? {};
    return {
      answer,
      context: context && {
        ...rest,
        pendingId: typeof pendingId === "string" && /^0x[0-9a-f]{64}$/.test(pendingId),
      },
    };
  };
  const [packaged, ours] = [await run(false), await run(true)];
  return { packaged, ours };
}

async function expectSame(c: Case) {
  const { packaged, ours } = await bothAnswers(c);
  expect(ours).toEqual(packaged);
  return packaged;
}

const flip = (sig: string, at: number) =>
  `${sig.slice(0, at)}${sig[at] === "0" ? "1" : "0"}${sig.slice(at + 1)}` as Hex;

describe("the native voucher check answers as @x402/evm's hook does", () => {
  // Both hooks stamp channels with Date.now(): one clock for both.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 26) });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("accepts a valid voucher locally, with the same verify result and context", async () => {
    const same = await expectSame(await validCase());
    expect(same.answer).toMatchObject({ skip: true, result: { isValid: true, payer: payer.address } });
    expect(same.context).toMatchObject({ localVerify: true, pendingId: true });
  });

  const mutations: [string, (c: Case) => Promise<void> | void, RegExp | "handoff" | "valid"][] = [
    [
      "channel id not 32 bytes of hex",
      (c) => {
        c.voucher.channelId = "0x1234";
      },
      /channel_id_invalid/,
    ],
    [
      "channel id a number",
      (c) => {
        c.voucher.channelId = 12;
      },
      /channel_id_invalid/,
    ],
    [
      "channel id of another configuration",
      (c) => {
        c.voucher.channelId = computeChannelId({ ...config, salt: toHex(8n, { size: 32 }) }, NETWORK);
      },
      /channel_id_mismatch/,
    ],
    [
      "channel id in upper case",
      (c) => {
        c.voucher.channelId = `0x${String(c.voucher.channelId).slice(2).toUpperCase()}`;
      },
      "valid",
    ],
    [
      "a payer address that is not an address",
      (c) => {
        c.channelConfig.payer = "0x12";
      },
      /state_unavailable/,
    ],
    [
      "a mixed-case address with a bad checksum",
      (c) => {
        c.channelConfig.token = `0x${token.slice(2, 41)}${token[41] === "a" ? "B" : "a"}`;
      },
      /state_unavailable/,
    ],
    [
      "a withdrawal delay that is a string",
      (c) => {
        c.channelConfig.withdrawDelay = "900";
      },
      /withdraw_delay_mismatch/,
    ],
    [
      "no channel on the server yet",
      (c) => {
        c.stored = undefined;
      },
      "handoff",
    ],
    [
      "on-chain state never read",
      (c) => {
        if (c.stored) delete c.stored.onchainSyncedAt;
      },
      "handoff",
    ],
    [
      "on-chain state read too long ago",
      (c) => {
        if (c.stored) c.stored.onchainSyncedAt = Date.now() - 10 * 3_600_000;
      },
      "handoff",
    ],
    [
      "the server charged less than the voucher's base",
      (c) => {
        if (c.stored) c.stored.chargedCumulativeAmount = "3000";
      },
      /cumulative_amount_mismatch/,
    ],
    [
      "the voucher lowered",
      (c) => {
        c.voucher.maxClaimableAmount = "4000";
      },
      /cumulative_amount_mismatch/,
    ],
    [
      "an amount in hex",
      (c) => {
        c.voucher.maxClaimableAmount = "0x1388";
      },
      "valid",
    ],
    [
      "an amount of 2^128 (past uint128)",
      (c) => {
        c.voucher.maxClaimableAmount = (1n << 128n).toString();
        if (c.stored)
          Object.assign(c.stored, {
            chargedCumulativeAmount: ((1n << 128n) - PRICE).toString(),
            balance: (1n << 129n).toString(),
          });
      },
      /voucher_signature/,
    ],
    [
      "a negative amount",
      (c) => {
        c.voucher.maxClaimableAmount = "-1000";
        if (c.stored) Object.assign(c.stored, { chargedCumulativeAmount: "-2000", totalClaimed: "-5000" });
      },
      /voucher_signature/,
    ],
    [
      "an amount that is not a number",
      (c) => {
        c.voucher.maxClaimableAmount = "five";
      },
      /state_unavailable/,
    ],
    [
      "a stored channel recorded under another id",
      (c) => {
        c.storedKey = String(c.voucher.channelId);
        if (c.stored)
          c.stored.channelId = computeChannelId({ ...config, salt: toHex(9n, { size: 32 }) }, NETWORK);
      },
      /channel_id_mismatch/,
    ],
    [
      "balance below the voucher",
      (c) => {
        if (c.stored) c.stored.balance = "4999";
      },
      /cumulative_exceeds_balance/,
    ],
    [
      "already claimed up to the voucher",
      (c) => {
        if (c.stored) c.stored.totalClaimed = "5000";
      },
      /cumulative_below_claimed/,
    ],
    [
      "a balance that is not a number",
      (c) => {
        if (c.stored) c.stored.balance = "lots";
      },
      /state_unavailable/,
    ],
    [
      "signed by someone else",
      async (c) => {
        c.voucher.signature = await signVoucher(c.voucher.channelId as Hex, 5000n, stranger);
      },
      /voucher_signature/,
    ],
    [
      "signed for another chain",
      async (c) => {
        c.voucher.signature = await signVoucher(c.voucher.channelId as Hex, 5000n, payer, "eip155:8453");
      },
      /voucher_signature/,
    ],
    [
      "signed for another amount",
      async (c) => {
        c.voucher.signature = await signVoucher(c.voucher.channelId as Hex, 6000n);
      },
      /voucher_signature/,
    ],
    [
      "a signature with r altered",
      (c) => {
        c.voucher.signature = flip(String(c.voucher.signature), 10);
      },
      /voucher_signature/,
    ],
    [
      "a signature with s altered",
      (c) => {
        c.voucher.signature = flip(String(c.voucher.signature), 80);
      },
      /voucher_signature/,
    ],
    [
      "a signature 64 bytes long",
      (c) => {
        c.voucher.signature = String(c.voucher.signature).slice(0, 130);
      },
      /voucher_signature/,
    ],
    [
      "a signature 66 bytes long",
      (c) => {
        c.voucher.signature = `${c.voucher.signature}00`;
      },
      /voucher_signature/,
    ],
    [
      "a signature with v 0/1 instead of 27/28",
      (c) => {
        const s = String(c.voucher.signature);
        c.voucher.signature = `${s.slice(0, 130)}${(Number.parseInt(s.slice(130), 16) - 27).toString(16).padStart(2, "0")}`;
      },
      "valid",
    ],
    [
      "a signature with v 29",
      (c) => {
        c.voucher.signature = `${String(c.voucher.signature).slice(0, 130)}1d`;
      },
      /voucher_signature/,
    ],
    [
      "a signature that is not hex",
      (c) => {
        c.voucher.signature = `0x${"zz".repeat(65)}`;
      },
      /voucher_signature/,
    ],
    [
      "an empty signature",
      (c) => {
        c.voucher.signature = "0x";
      },
      /voucher_signature/,
    ],
    [
      "a contract payer (zero payer authorizer)",
      (c) => {
        c.channelConfig.payerAuthorizer = "0x0000000000000000000000000000000000000000";
        c.voucher.channelId = computeChannelId(
          { ...config, payerAuthorizer: "0x0000000000000000000000000000000000000000" },
          NETWORK,
        );
        if (c.stored) c.stored.channelId = c.voucher.channelId;
      },
      "handoff",
    ],
  ];
  for (const [name, mutate, expected] of mutations) {
    it(name, async () => {
      const c = await validCase();
      await mutate(c);
      const same = await expectSame(c);
      if (expected === "handoff") expect(same.answer).toBeUndefined();
      else if (expected === "valid") expect(same.answer).toMatchObject({ result: { isValid: true } });
      else expect(JSON.stringify(same.answer)).toMatch(expected);
    });
  }

  it("refuses channels whose configuration the requirement does not allow, as the package does", async () => {
    const cases: [Partial<Config>, Partial<PaymentRequirements>, RegExp][] = [
      [{ receiver: stranger.address }, {}, /receiver_mismatch/],
      [{ receiverAuthorizer: stranger.address }, {}, /receiver_authorizer_mismatch/],
      [
        {},
        { extra: { ...requirements.extra, receiverAuthorizer: undefined } },
        /receiver_authorizer_mismatch/,
      ],
      [
        { receiverAuthorizer: "0x0000000000000000000000000000000000000000" },
        {
          extra: { ...requirements.extra, receiverAuthorizer: "0x0000000000000000000000000000000000000000" },
        },
        /receiver_authorizer_mismatch/,
      ],
      [{ token: stranger.address }, {}, /token_mismatch/],
      [{ withdrawDelay: 1000 }, {}, /withdraw_delay_mismatch/],
      [
        { withdrawDelay: 600 },
        { extra: { ...requirements.extra, withdrawDelay: undefined } },
        /withdraw_delay_out_of_range/,
      ],
      [
        { withdrawDelay: 3_000_000 },
        { extra: { ...requirements.extra, withdrawDelay: undefined } },
        /withdraw_delay_out_of_range/,
      ],
      [{}, { network: "solana:mainnet" }, /state_unavailable/],
    ];
    for (const [cfg, req, expected] of cases) {
      const c = await validCase({ ...config, ...cfg } as Config);
      c.requirements = { ...requirements, ...req } as PaymentRequirements;
      const same = await expectSame(c);
      expect(JSON.stringify(same.answer)).toMatch(expected);
    }
  });

  it("agrees on random combinations of amounts, balances and signatures", async () => {
    const base = await validCase();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          voucher: fc.bigInt({ min: 0n, max: 20_000n }),
          signed: fc.bigInt({ min: 0n, max: 20_000n }),
          charged: fc.bigInt({ min: 0n, max: 20_000n }),
          balance: fc.bigInt({ min: 0n, max: 20_000n }),
          claimed: fc.bigInt({ min: 0n, max: 20_000n }),
          byStranger: fc.boolean(),
          stored: fc.boolean(),
        }),
        async (r) => {
          const c = structuredClone(base);
          const id = c.voucher.channelId as Hex;
          c.voucher.maxClaimableAmount = r.voucher.toString();
          c.voucher.signature = await signVoucher(id, r.signed, r.byStranger ? stranger : payer);
          if (r.stored && c.stored) {
            c.stored.chargedCumulativeAmount = r.charged.toString();
            c.stored.balance = r.balance.toString();
            c.stored.totalClaimed = r.claimed.toString();
          } else c.stored = undefined;
          await expectSame(c);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("leaves deposits and refunds to the package's hook", async () => {
    const scheme = new BatchSettlementEvmScheme(payTo, { storage: new InMemoryChannelStorage() });
    const packaged = scheme.schemeHooks.onBeforeVerify;
    checkVouchersNatively(scheme);
    expect(scheme.schemeHooks.onBeforeVerify).not.toBe(packaged);
    const c = await validCase();
    const deposit = {
      x402Version: 2,
      accepted: requirements,
      payload: { type: "refund", channelConfig: c.channelConfig, voucher: c.voucher },
    } as unknown as PaymentPayload;
    const viaOurs = await scheme.schemeHooks.onBeforeVerify?.({
      paymentPayload: deposit,
      requirements,
      declaredExtensions: {},
    });
    const fresh = new BatchSettlementEvmScheme(payTo, { storage: new InMemoryChannelStorage() });
    const viaPackage = await fresh.schemeHooks.onBeforeVerify?.({
      paymentPayload: deposit,
      requirements,
      declaredExtensions: {},
    });
    expect(viaOurs).toEqual(viaPackage);
  });
});
