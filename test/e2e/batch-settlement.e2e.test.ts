// The devnet batch-settlement escrow (contracts/X402BatchSettlement.sol + ERC3009DepositCollector.sol)
// driven by @x402/evm's own batch-settlement client and facilitator on the real devnet (anvil):
// one deposit, vouchers verified with no transaction, claim and settle in two, refunds and the
// timed withdrawal; the scheme's verification rules and error codes are the test list, and every
// amount is read on chain.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402Facilitator } from "@x402/core/facilitator";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import {
  BATCH_SETTLEMENT_ADDRESS,
  type BatchSettlementVoucherClaim,
  type ChannelConfig,
  ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
  toClientEvmSigner,
} from "@x402/evm";
import {
  BatchSettlementEvmScheme,
  computeChannelId,
  InMemoryClientChannelStorage,
  signVoucher,
  updateChannelFromSettle,
} from "@x402/evm/batch-settlement/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { type Abi, createWalletClient, encodeAbiParameters, http, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLAIMS_PER_TRANSACTION } from "../../service/batch-settlement/batch-claim-scheduler.ts";
import {
  batchSettlementExtra,
  registerBatchSettlementFacilitator,
} from "../../service/batch-settlement/batch-settlement.ts";
import { rpcCall } from "../../service/devnet/anvil.ts";
import { loadCompiledContracts } from "../../service/devnet/contracts.ts";
import { type Devnet, devKey, startDevnet } from "../../service/devnet/devnet.ts";
import {
  BATCH_SETTLEMENT_GAS_LIMIT,
  createFacilitatorSigner,
} from "../../service/facilitator/facilitator-signer.ts";
import { localChain } from "../../service/facilitator/local-chain.ts";

const NETWORK = "eip155:84532" as const;
const PRICE = 1000n;
const DEPOSIT = 1_000_000n;
const abi = loadCompiledContracts().X402BatchSettlement.abi as Abi;

let devnet: Devnet;
let pub: PublicClient;
let facilitator: x402Facilitator;
let req: PaymentRequirements;
const authorizer = privateKeyToAccount(devKey(5));

beforeAll(async () => {
  devnet = await startDevnet({ network: NETWORK, home: mkdtempSync(path.join(tmpdir(), "geo402-batch-")) });
  pub = devnet.token.publicClient;
  const { signer } = createFacilitatorSigner({
    chain: localChain(devnet.anvil.chainId, devnet.anvil.rpcUrl),
    rpcUrl: devnet.anvil.rpcUrl,
    privateKey: devKey(6),
  });
  facilitator = new x402Facilitator();
  registerBatchSettlementFacilitator(facilitator, signer, NETWORK, authorizer);
  req = {
    scheme: "batch-settlement",
    network: NETWORK,
    amount: PRICE.toString(),
    asset: devnet.token.address,
    payTo: devnet.payTo,
    maxTimeoutSeconds: 3600,
    extra: batchSettlementExtra({
      receiverAuthorizer: authorizer.address,
      tokenName: devnet.token.name,
      tokenVersion: devnet.token.version,
    }),
  };
});
afterAll(() => devnet?.stop());

interface Payer {
  key: `0x${string}`;
  address: `0x${string}`;
  client: BatchSettlementEvmScheme;
  storage: InMemoryClientChannelStorage;
  config: ChannelConfig;
  channelId: `0x${string}`;
}

/** A fresh payer with 100 test USDC and the package's client (deposit target: DEPOSIT). */
async function newPayer(funds = 100_000_000n): Promise<Payer> {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  if (funds > 0n) await devnet.token.mint(account.address, funds);
  const storage = new InMemoryClientChannelStorage();
  const client = new BatchSettlementEvmScheme(toClientEvmSigner(account, pub), {
    storage,
    depositStrategy: () => DEPOSIT.toString(),
  });
  const config = client.buildChannelConfig(req);
  return {
    key,
    address: account.address,
    client,
    storage,
    config,
    channelId: computeChannelId(config, NETWORK),
  };
}

async function pay(p: Payer, r: PaymentRequirements = req): Promise<PaymentPayload> {
  const made = await p.client.createPaymentPayload(2, r);
  return { ...made, accepted: r, resource: { url: "http://geo402.test/v1/hello" } } as PaymentPayload;
}

/** What the server does after delivering an answer: the client's cumulative advances by the charge. */
async function charged(p: Payer, payload: PaymentPayload): Promise<void> {
  const body = payload.payload as { type: string; deposit?: { amount: string } };
  await updateChannelFromSettle(p.storage, {
    server: { chargedAmount: PRICE.toString() },
    local: { channelId: p.channelId, requestAmount: PRICE.toString(), depositAmount: body.deposit?.amount },
  });
}

const read = async <T>(functionName: string, args: unknown[]): Promise<T> =>
  (await pub.readContract({ address: BATCH_SETTLEMENT_ADDRESS, abi, functionName, args })) as T;
const channel = (id: `0x${string}`) => read<readonly [bigint, bigint]>("channels", [id]);
const receiverTotals = () =>
  read<readonly [bigint, bigint]>("receivers", [devnet.payTo, devnet.token.address]);

function claimOf(p: Payer, maxClaimable: bigint, signature: `0x${string}`): BatchSettlementVoucherClaim {
  return {
    voucher: { channel: p.config, maxClaimableAmount: maxClaimable.toString() },
    signature,
    totalClaimed: maxClaimable.toString(),
  };
}

const settle = (payload: Record<string, unknown>) =>
  facilitator.settle(
    { x402Version: 2, accepted: req, payload, resource: { url: "x" } } as PaymentPayload,
    req,
  );

/** A payer with a deposit and `calls` paid vouchers; returns the last voucher's payload. */
async function payerWithCalls(calls: number): Promise<{ p: Payer; last: PaymentPayload }> {
  const p = await newPayer();
  let last = await pay(p);
  expect((await settle(last.payload)).success).toBe(true);
  await charged(p, last);
  for (let i = 1; i < calls; i++) {
    last = await pay(p);
    expect(await facilitator.verify(last, req)).toMatchObject({ isValid: true });
    await charged(p, last);
  }
  return { p, last };
}

/** Gas of a settled escrow transaction; each must fit the devnet signer's gas limit for them. */
async function gasOf(settled: SettleResponse): Promise<bigint> {
  expect(settled.success, settled.errorReason).toBe(true);
  const receipt = await pub.getTransactionReceipt({ hash: settled.transaction as `0x${string}` });
  expect(receipt.status).toBe("success");
  expect(receipt.gasUsed).toBeLessThan(BATCH_SETTLEMENT_GAS_LIMIT);
  return receipt.gasUsed;
}

const voucherOf = (payload: PaymentPayload) =>
  (payload.payload as { voucher: { maxClaimableAmount: string; signature: `0x${string}` } }).voucher;

describe("batch-settlement on the devnet", () => {
  it("one deposit, 200 voucher-paid calls with no transaction, one claim and one settle pay exactly 200 × price", async () => {
    const p = await newPayer();
    const receiverBefore = await devnet.token.balanceOf(devnet.payTo);
    const first = await pay(p);
    expect((first.payload as { type: string }).type).toBe("deposit");
    expect(await facilitator.verify(first, req)).toMatchObject({ isValid: true });
    const deposited = await settle(first.payload);
    expect(deposited).toMatchObject({ success: true, amount: DEPOSIT.toString() });
    await charged(p, first);
    expect(await channel(p.channelId)).toEqual([DEPOSIT, 0n]);
    expect(await devnet.token.balanceOf(p.address)).toBe(100_000_000n - DEPOSIT);

    const blockAfterDeposit = await pub.getBlockNumber();
    let last = first;
    for (let i = 1; i < 200; i++) {
      last = await pay(p);
      expect((last.payload as { type: string }).type).toBe("voucher");
      const v = await facilitator.verify(last, req);
      expect(v, `voucher ${i}`).toMatchObject({ isValid: true, extra: { balance: DEPOSIT.toString() } });
      await charged(p, last);
    }
    expect(await pub.getBlockNumber()).toBe(blockAfterDeposit);
    const { maxClaimableAmount, signature } = voucherOf(last);
    expect(BigInt(maxClaimableAmount)).toBe(200n * PRICE);

    const claimed = await settle({ type: "claim", claims: [claimOf(p, 200n * PRICE, signature)] });
    expect(claimed).toMatchObject({ success: true });
    expect(await channel(p.channelId)).toEqual([DEPOSIT, 200n * PRICE]);
    const swept = await settle({ type: "settle", receiver: devnet.payTo, token: devnet.token.address });
    expect(swept).toMatchObject({ success: true, amount: (200n * PRICE).toString() });
    expect(await pub.getBlockNumber()).toBe(blockAfterDeposit + 2n);
    for (const settled of [deposited, claimed, swept]) await gasOf(settled);
    expect((await devnet.token.balanceOf(devnet.payTo)) - receiverBefore).toBe(200n * PRICE);
    const [totalClaimed, totalSettled] = await receiverTotals();
    expect(totalSettled).toBe(totalClaimed);
    // The escrow (fresh devnet: this is its first channel) keeps exactly the unclaimed part.
    expect(await devnet.token.balanceOf(BATCH_SETTLEMENT_ADDRESS)).toBe(DEPOSIT - 200n * PRICE);
  });

  it("costs under 1/100 of exact's gas per paid answer at 1,000 calls per channel", async () => {
    // exact: one transferWithAuthorization per answer, through the devnet's own exact facilitator
    const exactPayer = await newPayer();
    const exactReq = {
      ...req,
      scheme: "exact",
      extra: { name: devnet.token.name, version: devnet.token.version },
    };
    const exactClient = new ExactEvmScheme(toClientEvmSigner(privateKeyToAccount(exactPayer.key), pub));
    const exactPayload = { ...(await exactClient.createPaymentPayload(2, exactReq)), accepted: exactReq };
    const exactGas = await gasOf(
      await devnet.facilitator.client.settle(exactPayload as PaymentPayload, exactReq),
    );

    const p = await newPayer();
    const first = await pay(p);
    const depositGas = await gasOf(await settle(first.payload));
    await charged(p, first);
    let last = first;
    for (let i = 1; i < 1000; i++) {
      last = await pay(p);
      await charged(p, last);
    }
    expect(await facilitator.verify(last, req)).toMatchObject({ isValid: true });
    const claimGas = await gasOf(
      await settle({ type: "claim", claims: [claimOf(p, 1000n * PRICE, voucherOf(last).signature)] }),
    );
    const settleGas = await gasOf(
      await settle({ type: "settle", receiver: devnet.payTo, token: devnet.token.address }),
    );
    const perAnswer = (depositGas + claimGas + settleGas) / 1000n;
    expect(perAnswer * 100n).toBeLessThan(exactGas);
    expect(await channel(p.channelId)).toEqual([DEPOSIT, 1000n * PRICE]);
  });

  it("claims the scheduler's batch of channels in one transaction and settles them in one transfer", async () => {
    const rows: BatchSettlementVoucherClaim[] = [];
    const channels: [`0x${string}`, bigint][] = [];
    let total = 0n;
    for (let k = 0; k < MAX_CLAIMS_PER_TRANSACTION; k++) {
      const calls = (k % 3) + 1;
      const { p, last } = await payerWithCalls(calls);
      rows.push(claimOf(p, BigInt(calls) * PRICE, voucherOf(last).signature));
      channels.push([p.channelId, BigInt(calls) * PRICE]);
      total += BigInt(calls) * PRICE;
    }
    // the scheduler's batch size: a claim of that many channels fits the devnet signer's gas limit
    const [claimedBefore, settledBefore] = await receiverTotals();
    const receiverBefore = await devnet.token.balanceOf(devnet.payTo);
    await gasOf(await settle({ type: "claim", claims: rows }));
    for (const [id, amount] of channels) expect(await channel(id)).toEqual([DEPOSIT, amount]);
    expect((await receiverTotals())[0] - claimedBefore).toBe(total);
    await gasOf(await settle({ type: "settle", receiver: devnet.payTo, token: devnet.token.address }));
    expect((await devnet.token.balanceOf(devnet.payTo)) - receiverBefore).toBe(
      claimedBefore - settledBefore + total,
    );
  });

  it("refuses vouchers lowered, replayed below the claimed total, over the balance, forged or for another channel", async () => {
    const { p, last } = await payerWithCalls(3);
    const { signature } = voucherOf(last);
    expect((await settle({ type: "claim", claims: [claimOf(p, 3n * PRICE, signature)] })).success).toBe(true);
    const payer = privateKeyToAccount(p.key);
    const withVoucher = async (maxClaimable: bigint, signer = payer, channelId = p.channelId) => {
      const v = await signVoucher(
        toClientEvmSigner(signer, pub),
        channelId,
        maxClaimable.toString(),
        NETWORK,
      );
      return {
        ...last,
        payload: { type: "voucher", channelConfig: p.config, voucher: { ...v, channelId: p.channelId } },
      } as PaymentPayload;
    };
    const reason = async (payload: PaymentPayload, r = req) =>
      (await facilitator.verify(payload, r)).invalidReason;
    // replayed (the claimed voucher itself) and lowered: at or below the on-chain totalClaimed
    expect(await reason(last)).toBe("invalid_batch_settlement_evm_cumulative_below_claimed");
    expect(await reason(await withVoucher(2n * PRICE))).toBe(
      "invalid_batch_settlement_evm_cumulative_below_claimed",
    );
    expect(await reason(await withVoucher(DEPOSIT + 1n))).toBe(
      "invalid_batch_settlement_evm_cumulative_exceeds_balance",
    );
    expect(await reason(await withVoucher(4n * PRICE, privateKeyToAccount(generatePrivateKey())))).toBe(
      "invalid_batch_settlement_evm_voucher_signature",
    );
    // a signature made for another channel (same payer) does not verify for this one
    const other = await newPayer(0n);
    expect(await reason(await withVoucher(4n * PRICE, payer, other.channelId))).toBe(
      "invalid_batch_settlement_evm_voucher_signature",
    );
    // a voucher whose channel config is another receiver's, token's or authorizer's
    const good = await withVoucher(4n * PRICE);
    expect(await reason(good)).toBeUndefined();
    const bent = (patch: Partial<ChannelConfig>) => {
      const config = { ...p.config, ...patch };
      const body = good.payload as { voucher: { channelId: string } };
      return {
        ...good,
        payload: {
          ...good.payload,
          channelConfig: config,
          voucher: { ...body.voucher, channelId: computeChannelId(config, NETWORK) },
        },
      } as PaymentPayload;
    };
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect(await reason(bent({ receiver: stranger }))).toBe("invalid_batch_settlement_evm_receiver_mismatch");
    expect(await reason(bent({ token: stranger }))).toBe("invalid_batch_settlement_evm_token_mismatch");
    expect(await reason(bent({ receiverAuthorizer: stranger }))).toBe(
      "invalid_batch_settlement_evm_receiver_authorizer_mismatch",
    );
    expect(await reason(bent({ withdrawDelay: 3600 }))).toBe(
      "invalid_batch_settlement_evm_withdraw_delay_mismatch",
    );
    const mislabelled = {
      ...good,
      payload: { ...good.payload, channelConfig: { ...p.config, salt: `0x${"11".repeat(32)}` } },
    };
    expect(await reason(mislabelled as PaymentPayload)).toBe(
      "invalid_batch_settlement_evm_channel_id_mismatch",
    );
    // a voucher for a channel that holds nothing
    const empty = await newPayer(0n);
    const emptyVoucher = await pay(empty);
    const ev = emptyVoucher.payload as { type: string; voucher: Record<string, string> };
    const asVoucher = {
      ...emptyVoucher,
      payload: { type: "voucher", channelConfig: empty.config, voucher: ev.voucher },
    };
    expect(await reason(asVoucher as PaymentPayload)).toBe("invalid_batch_settlement_evm_channel_not_found");
  });

  it("refuses deposits the payer cannot fund or did not sign, and the chain refuses them too", async () => {
    const poor = await newPayer(10n);
    const deposit = await pay(poor);
    expect((await facilitator.verify(deposit, req)).invalidReason).toBe(
      "invalid_batch_settlement_evm_insufficient_balance",
    );
    expect((await settle(deposit.payload)).success).toBe(false);
    expect(await channel(poor.channelId)).toEqual([0n, 0n]);

    const p = await newPayer();
    const good = await pay(p);
    const body = good.payload as {
      deposit: { amount: string; authorization: { erc3009Authorization: object } };
    };
    const bigger = {
      ...good,
      payload: { ...body, deposit: { ...body.deposit, amount: (DEPOSIT * 2n).toString() } },
    };
    expect((await facilitator.verify(bigger as PaymentPayload, req)).invalidReason).toBe(
      "invalid_batch_settlement_evm_receive_authorization_signature",
    );
    // A deposit settles once: the token's authorization nonce (channel id + salt) is spent.
    expect((await settle(good.payload)).success).toBe(true);
    expect((await settle(good.payload)).success).toBe(false);
    expect(await channel(p.channelId)).toEqual([DEPOSIT, 0n]);
  });

  it("lets only the settlement contract use the deposit collector, and only the receiver side claim", async () => {
    const { p, last } = await payerWithCalls(2);
    const stranger = privateKeyToAccount(devKey(7));
    const contracts = loadCompiledContracts();
    const reverts = (
      address: `0x${string}`,
      a: Abi,
      functionName: string,
      args: unknown[],
      account = stranger,
    ) => pub.simulateContract({ account, address, abi: a, functionName, args });
    await expect(
      reverts(ERC3009_DEPOSIT_COLLECTOR_ADDRESS, contracts.ERC3009DepositCollector.abi, "collect", [
        p.address,
        devnet.token.address,
        1n,
        p.channelId,
        encodeAbiParameters(
          [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }],
          [0n, 0n, 0n, "0x"],
        ),
      ]),
    ).rejects.toThrow(/only the settlement contract collects/);
    const { signature } = voucherOf(last);
    const row = {
      voucher: {
        channel: p.config,
        maxClaimableAmount: 2n * PRICE,
      },
      signature,
      totalClaimed: 2n * PRICE,
    };
    await expect(reverts(BATCH_SETTLEMENT_ADDRESS, abi, "claim", [[row]])).rejects.toThrow(
      /caller is not receiver side/,
    );
    const forged = await stranger.signMessage({ message: "not a claim batch" });
    await expect(
      reverts(BATCH_SETTLEMENT_ADDRESS, abi, "claimWithSignature", [[row], forged]),
    ).rejects.toThrow(/invalid claim authorization/);
    await expect(
      reverts(BATCH_SETTLEMENT_ADDRESS, abi, "claim", [[{ ...row, totalClaimed: 3n * PRICE }]], authorizer),
    ).rejects.toThrow(/claim above voucher/);
    // The receiver side itself may claim without an authorizer signature.
    await expect(reverts(BATCH_SETTLEMENT_ADDRESS, abi, "claim", [[row]], authorizer)).resolves.toBeDefined();
    expect(await channel(p.channelId)).toEqual([DEPOSIT, 0n]);
  });

  it("a cooperative refund claims the last voucher and returns the rest; its nonce cannot be replayed", async () => {
    const { p, last } = await payerWithCalls(5);
    const { signature } = voucherOf(last);
    const before = await devnet.token.balanceOf(p.address);
    const refundNonce = await read<bigint>("refundNonce", [p.channelId]);
    const refunded = await settle({
      type: "refund",
      channelConfig: p.config,
      voucher: { channelId: p.channelId, maxClaimableAmount: (5n * PRICE).toString(), signature },
      amount: DEPOSIT.toString(),
      refundNonce: refundNonce.toString(),
      claims: [claimOf(p, 5n * PRICE, signature)],
    });
    expect(refunded).toMatchObject({ success: true, amount: (DEPOSIT - 5n * PRICE).toString() });
    expect(await channel(p.channelId)).toEqual([5n * PRICE, 5n * PRICE]);
    expect((await devnet.token.balanceOf(p.address)) - before).toBe(DEPOSIT - 5n * PRICE);
    expect(await read<bigint>("refundNonce", [p.channelId])).toBe(refundNonce + 1n);
    // The same signed refund again: the nonce has moved on, the chain refuses it.
    const again = await settle({
      type: "refund",
      channelConfig: p.config,
      voucher: { channelId: p.channelId, maxClaimableAmount: (5n * PRICE).toString(), signature },
      amount: "1",
      refundNonce: refundNonce.toString(),
      claims: [],
    });
    expect(again.success).toBe(false);
  });

  it("a timed withdrawal waits its delay, the receiver claims before it completes, and it pays only the unclaimed rest", async () => {
    const { p, last } = await payerWithCalls(4);
    const payer = privateKeyToAccount(p.key);
    await devnet.token.fundGas(payer.address, 10n ** 18n);
    const chain = localChain(devnet.anvil.chainId, devnet.anvil.rpcUrl);
    const wallet = createWalletClient({ account: payer, chain, transport: http(devnet.anvil.rpcUrl) });
    const call = async (functionName: string, args: unknown[]) => {
      await pub.simulateContract({
        account: payer,
        address: BATCH_SETTLEMENT_ADDRESS,
        abi,
        functionName,
        args,
      });
      const hash = await wallet.writeContract({
        address: BATCH_SETTLEMENT_ADDRESS,
        abi,
        functionName,
        args,
        chain,
      });
      expect((await pub.waitForTransactionReceipt({ hash })).status).toBe("success");
    };
    const cfg = { ...p.config };
    await expect(call("initiateWithdraw", [cfg, DEPOSIT + 1n])).rejects.toThrow(
      /amount above unclaimed escrow/,
    );
    await call("initiateWithdraw", [cfg, DEPOSIT]);
    const [pending, initiatedAt] = await read<readonly [bigint, number]>("pendingWithdrawals", [p.channelId]);
    expect(pending).toBe(DEPOSIT);
    expect(initiatedAt).toBeGreaterThan(0);
    // The facilitator reports the pending withdrawal with every verify: the server's cue to claim.
    const next = await pay(p);
    expect(await facilitator.verify(next, req)).toMatchObject({
      isValid: true,
      extra: { withdrawRequestedAt: initiatedAt },
    });
    await expect(call("finalizeWithdraw", [cfg])).rejects.toThrow(/withdraw delay not elapsed/);
    const { signature } = voucherOf(last);
    expect((await settle({ type: "claim", claims: [claimOf(p, 4n * PRICE, signature)] })).success).toBe(true);
    await rpcCall(devnet.anvil.rpcUrl, "evm_increaseTime", [900]);
    await rpcCall(devnet.anvil.rpcUrl, "evm_mine");
    const before = await devnet.token.balanceOf(p.address);
    await call("finalizeWithdraw", [cfg]);
    expect((await devnet.token.balanceOf(p.address)) - before).toBe(DEPOSIT - 4n * PRICE);
    expect(await channel(p.channelId)).toEqual([4n * PRICE, 4n * PRICE]);
    expect(await read<readonly [bigint, number]>("pendingWithdrawals", [p.channelId])).toEqual([0n, 0]);
  });
});
