// Payment faults in production mode (FACILITATOR_URL + PAY_TO) against a real facilitator on the
// devnet chain behind a fault-injecting proxy: nothing charged without an answer, no answer
// without a charge, PAYMENT-RESPONSE truthful.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { createWalletClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../service/config.ts";
import { type Devnet, startDevnet } from "../../service/devnet/devnet.ts";
import { localChain } from "../../service/facilitator/local-chain.ts";
import { type RunningService, startService } from "../../service/runtime.ts";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.ts";
import { payingFetch, postJson, REPO_ROOT } from "../support/service.ts";

let devnet: Devnet;
let proxy: FaultProxy;
let service: RunningService;

beforeAll(async () => {
  const home = mkdtempSync(path.join(tmpdir(), "geo402-faults-"));
  devnet = await startDevnet({ network: "eip155:8453", home });
  proxy = await startFaultProxy(devnet.facilitatorUrl);
  const config = loadConfig(
    {
      PORT: "0",
      GEO402_ADMIN_PORT: "0",
      LOG_LEVEL: "silent",
      GEO402_HOME: home,
      FACILITATOR_URL: proxy.url,
      PAY_TO: devnet.payTo,
    },
    REPO_ROOT,
  );
  service = await startService(config);
});
afterAll(async () => {
  await service?.close();
  await proxy?.close();
  await devnet?.stop();
});
beforeEach(() => {
  Object.assign(proxy.faults, { verify: "none", settle: "none", slowMs: 0 });
});

async function newPayer(atomic = 100_000n) {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.token.mint(address, atomic);
  return { key, address, fetch: payingFetch(key) };
}
const hello = (f: typeof fetch, name = "Ada") => postJson(f, `${service.url}/v1/hello`, { name });

describe("payment faults", () => {
  it("production mode answers paid requests through the configured facilitator", async () => {
    const p = await newPayer();
    const r = await hello(p.fetch);
    expect(r.status).toBe(200);
    expect(await devnet.token.balanceOf(p.address)).toBe(99_000n);
  });

  for (const fault of ["http500", "drop"] as const) {
    it(`verify failing (${fault}) → 502 facilitator_unavailable, nothing charged`, async () => {
      const p = await newPayer();
      proxy.faults.verify = fault;
      const r = await hello(p.fetch);
      expect(r.status).toBe(502);
      expect((await r.json()).error.code).toBe("facilitator_unavailable");
      expect(await devnet.token.balanceOf(p.address)).toBe(100_000n);
    });

    it(`settle failing (${fault}) → answer withheld, PAYMENT-RESPONSE success:false, nothing charged`, async () => {
      const p = await newPayer();
      proxy.faults.settle = fault;
      const r = await hello(p.fetch);
      expect([402, 502]).toContain(r.status);
      const body = await r.json();
      expect(body.hello).toBeUndefined();
      expect(["settlement_failed", "facilitator_unavailable"]).toContain(body.error.code);
      const settlement = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
      expect(settlement.success).toBe(false);
      expect(await devnet.token.balanceOf(p.address)).toBe(100_000n);
    });
  }

  it("a slow facilitator still settles exactly once", async () => {
    const p = await newPayer();
    Object.assign(proxy.faults, { verify: "slow", settle: "slow", slowMs: 1500 });
    const r = await hello(p.fetch);
    expect(r.status).toBe(200);
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    expect(await devnet.token.balanceOf(p.address)).toBe(99_000n);
  });

  it("two concurrent payments exceeding the balance: one answer with one charge, one refusal without", async () => {
    const p = await newPayer(1_500n);
    const [a, b] = await Promise.all([hello(p.fetch, "a"), hello(p.fetch, "b")]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 402]);
    const refused = a.status === 402 ? a : b;
    expect((await refused.json()).error?.code ?? "verify_refused").toMatch(
      /settlement_failed|verify_refused/,
    );
    expect(await devnet.token.balanceOf(p.address)).toBe(500n);
  });

  it("a settlement that reverts on chain (funds moved away after verify) is not answered and not charged", async () => {
    const p = await newPayer(1_000n);
    Object.assign(proxy.faults, { settle: "slow", slowMs: 1000 });
    const pending = hello(p.fetch);
    await new Promise((r) => setTimeout(r, 500));
    // While settlement waits, the payer moves its whole balance away on chain.
    await devnet.token.fundGas(p.address, 10n ** 18n);
    const wallet = createWalletClient({
      account: privateKeyToAccount(p.key),
      chain: localChain(devnet.anvil.chainId, devnet.anvil.rpcUrl),
      transport: http(devnet.anvil.rpcUrl),
    });
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address;
    await wallet.writeContract({
      address: devnet.token.address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [elsewhere, 1_000n],
    });
    const payToBefore = await devnet.token.balanceOf(devnet.payTo);
    const r = await pending;
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(body.error.code).toBe("settlement_failed");
    // Stable reason codes only: no viem error dump in the header or the body (issue 17 item 8).
    expect(body.error.reason).toMatch(/^[a-z][a-z0-9_]*$/);
    const settlement = decodePaymentResponseHeader(r.headers.get("payment-response") ?? "");
    expect(settlement.success).toBe(false);
    expect(settlement.errorReason).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(r.headers.get("payment-response") ?? "").not.toMatch(/viem|Version/);
    expect(JSON.stringify(settlement)).not.toMatch(/viem|Version|Contract Call/);
    expect(await devnet.token.balanceOf(devnet.payTo)).toBe(payToBefore);
  });
});
