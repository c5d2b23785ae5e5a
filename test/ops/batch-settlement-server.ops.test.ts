// The resource-server side of batch-settlement (service/batch-settlement/batch-settlement.ts) on the real
// devnet: @x402/core's x402ResourceServer with @x402/evm's server scheme, channel state in files or
// in Redis, claims signed with the server's own receiverAuthorizer key, paid by @x402/evm's client.
// A refused (cancelled) request advances nothing, a server restart loses no charged amount, two
// replicas sharing Redis serve one channel alternately, and the channel manager's claim and settle
// pay the receiver exactly the charged total, read on chain.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402Facilitator } from "@x402/core/facilitator";
import { type FacilitatorClient, x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, SettleResponse } from "@x402/core/types";
import { toClientEvmSigner } from "@x402/evm";
import {
  BatchSettlementEvmScheme,
  computeChannelId,
  InMemoryClientChannelStorage,
  updateChannelFromSettle,
} from "@x402/evm/batch-settlement/client";
import type { ChannelStorage } from "@x402/evm/batch-settlement/server";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClaimScheduler } from "../../service/batch-settlement/batch-claim-scheduler.ts";
import {
  createBatchSettlementServer,
  openChannelStorage,
  type Redis,
  registerBatchSettlementFacilitator,
} from "../../service/batch-settlement/batch-settlement.ts";
import { type Devnet, devKey, startDevnet } from "../../service/devnet/devnet.ts";
import { createFacilitatorSigner } from "../../service/facilitator/facilitator-signer.ts";
import { localChain } from "../../service/facilitator/local-chain.ts";
import { redisServerMissing, startRedis } from "../support/redis.ts";

const NETWORK = "eip155:84532" as const;
const PRICE = 1000n;
const DEPOSIT = 100_000n;

let devnet: Devnet;
let facilitatorClient: FacilitatorClient;
const authorizer = privateKeyToAccount(devKey(5));

beforeAll(async () => {
  devnet = await startDevnet({ network: NETWORK, home: mkdtempSync(path.join(tmpdir(), "geo402-batch-")) });
  const { signer } = createFacilitatorSigner({
    chain: localChain(devnet.anvil.chainId, devnet.anvil.rpcUrl),
    rpcUrl: devnet.anvil.rpcUrl,
    privateKey: devKey(6),
  });
  const facilitator = new x402Facilitator();
  registerBatchSettlementFacilitator(facilitator, signer, NETWORK);
  facilitatorClient = {
    verify: (p, r) => facilitator.verify(p, r),
    settle: (p, r) => facilitator.settle(p, r),
    getSupported: async () =>
      facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
});
afterAll(() => devnet?.stop());

/** One service process: a resource server over the given channel storage. */
async function startServer(storage: ChannelStorage) {
  const scheme = createBatchSettlementServer({
    payTo: devnet.payTo,
    receiverAuthorizer: authorizer,
    storage,
  });
  const rs = new x402ResourceServer(facilitatorClient).register(NETWORK, scheme);
  await rs.initialize();
  const [req] = await rs.buildPaymentRequirements({
    scheme: "batch-settlement",
    payTo: devnet.payTo,
    price: {
      amount: PRICE.toString(),
      asset: devnet.token.address,
      extra: { name: devnet.token.name, version: devnet.token.version },
    },
    network: NETWORK,
    maxTimeoutSeconds: 300,
  });
  if (!req) throw new Error("no batch-settlement requirement");
  return { rs, scheme, req };
}
type Server = Awaited<ReturnType<typeof startServer>>;

async function newClient() {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.token.mint(account.address, 10_000_000n);
  const storage = new InMemoryClientChannelStorage();
  const client = new BatchSettlementEvmScheme(toClientEvmSigner(account, devnet.token.publicClient), {
    storage,
    depositStrategy: () => DEPOSIT.toString(),
  });
  return { account, storage, client };
}
type Client = Awaited<ReturnType<typeof newClient>>;

/** One request: pay, verify, then deliver (settle) or refuse (cancel) as the gate would. */
async function request(s: Server, c: Client, deliver = true): Promise<SettleResponse | undefined> {
  const made = await c.client.createPaymentPayload(2, s.req);
  const payload = {
    ...made,
    accepted: s.req,
    resource: { url: "http://geo402.test/v1/hello" },
  } as PaymentPayload;
  const verified = await s.rs.verifyPayment(payload, s.req);
  expect(verified, verified.invalidReason).toMatchObject({ isValid: true });
  if (!deliver) {
    await s.rs
      .createPaymentCancellationDispatcher(payload, s.req)
      .cancel({ reason: "handler_failed", responseStatus: 400 });
    return undefined;
  }
  const settled = await s.rs.settlePayment(payload, s.req);
  expect(settled, settled.errorReason).toMatchObject({ success: true });
  const extra = settled.extra as {
    chargedAmount?: string;
    channelState?: { chargedCumulativeAmount?: string };
  };
  const body = made.payload as { voucher: { channelId: `0x${string}` }; deposit?: { amount: string } };
  await updateChannelFromSettle(c.storage, {
    server: {
      chargedAmount: extra.chargedAmount,
      chargedCumulativeAmount: extra.channelState?.chargedCumulativeAmount,
    },
    local: {
      channelId: body.voucher.channelId,
      requestAmount: PRICE.toString(),
      depositAmount: body.deposit?.amount,
    },
  });
  return settled;
}

describe("batch-settlement resource server on the devnet", () => {
  it("charges delivered answers only, survives a restart, and claims and settles exactly the charged total", async () => {
    const receiverBefore = await devnet.token.balanceOf(devnet.payTo);
    const c = await newClient();
    const dir = mkdtempSync(path.join(tmpdir(), "geo402-batch-server-"));
    let s = await startServer((await openChannelStorage({ dir })).storage);
    const channelId = computeChannelId(c.client.buildChannelConfig(s.req), NETWORK);
    const first = await request(s, c);
    expect(first?.transaction).toMatch(/^0x[0-9a-f]{64}$/); // the deposit
    const block = await devnet.token.publicClient.getBlockNumber();
    for (let i = 0; i < 9; i++) expect((await request(s, c))?.transaction).toBe("");
    // refused after verify: cancelled, nothing charged, the client's next voucher still matches
    await request(s, c, false);
    expect((await s.scheme.getStorage().get(channelId))?.chargedCumulativeAmount).toBe(
      (10n * PRICE).toString(),
    );

    // restart: a new server over the same channel files continues the channel
    s = await startServer((await openChannelStorage({ dir })).storage);
    for (let i = 0; i < 5; i++) await request(s, c);
    expect(await devnet.token.publicClient.getBlockNumber()).toBe(block);
    expect((await s.scheme.getStorage().get(channelId))?.chargedCumulativeAmount).toBe(
      (15n * PRICE).toString(),
    );

    const manager = s.scheme.createChannelManager(facilitatorClient, NETWORK, devnet.token.address);
    const { claims, settle } = await manager.claimAndSettle();
    expect(claims).toHaveLength(1);
    expect(settle?.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await devnet.token.balanceOf(devnet.payTo)) - receiverBefore).toBe(15n * PRICE);
    expect(await devnet.token.balanceOf(c.account.address)).toBe(10_000_000n - DEPOSIT);
  });

  const missing = redisServerMissing();
  if (missing) console.warn(`skipping the Redis replicas test: ${missing}`);
  it.skipIf(missing !== null)(
    "two replicas sharing Redis serve one channel alternately without a cumulative mismatch, and exactly one claims",
    async () => {
      const redis = await startRedis();
      const opened = await Promise.all(
        [0, 1].map(() => openChannelStorage({ redisUrl: redis.url, dir: "unused" })),
      );
      try {
        const replicas = await Promise.all(opened.map((o) => startServer(o.storage)));
        const receiverBefore = await devnet.token.balanceOf(devnet.payTo);
        const c = await newClient();
        for (let i = 0; i < 12; i++) await request(replicas[i % 2] as Server, c, i !== 5);
        const [a, b] = replicas as [Server, Server];
        const channelId = computeChannelId(c.client.buildChannelConfig(a.req), NETWORK);
        expect((await b.scheme.getStorage().get(channelId))?.chargedCumulativeAmount).toBe(
          (11n * PRICE).toString(),
        );
        // Both replicas run the claim scheduler; the Redis lease lets exactly one of them claim.
        const schedulers = replicas.map((r, i) =>
          startClaimScheduler({
            manager: r.scheme.createChannelManager(facilitatorClient, NETWORK, devnet.token.address),
            periodS: 60,
            lease: { redis: opened[i]?.redis as Redis, holder: `replica-${i}` },
          }),
        );
        const rounds = await Promise.all(schedulers.map((s) => s.runOnce()));
        expect(rounds.filter((r) => r.leader)).toEqual([{ leader: true, claims: 1, settled: true }]);
        // The lease stays with its holder while both run (a stopping replica gives it up, so the
        // schedulers stop only after); with nothing left, the holder's next round sends nothing.
        const again = await Promise.all(schedulers.map((s) => s.runOnce()));
        await Promise.all(schedulers.map((s) => s.stop()));
        expect(again.map((r) => r.leader)).toEqual(rounds.map((r) => r.leader));
        expect(again.filter((r) => r.leader)).toEqual([{ leader: true, claims: 0, settled: false }]);
        expect((await devnet.token.balanceOf(devnet.payTo)) - receiverBefore).toBe(11n * PRICE);
      } finally {
        await Promise.all(opened.map((o) => o.close()));
        await redis.stop();
      }
    },
  );
});
