// GET /demo on the devnet (revision B): a real purchase of GET /v1/marine/depth by the service's
// own payer, checked on chain (receipt, balances), then reused with a growing age. A hostile x402
// seller on loopback (its own payTo, amount 1000000) is named in the Host header and handed to
// the purchase directly: nothing is ever signed to it. doItYourself's commands run as printed.
import { exec } from "node:child_process";
import { promisify } from "node:util";
import { createPublicClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyOnce } from "../../service/routes/demo-purchase.ts";
import { getWithHost, type HostileSeller, startHostileSeller } from "../support/hostile-x402.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
let hostile: HostileSeller;
beforeAll(async () => {
  t = await startTestService({ revision: "B" });
  const { network, asset, assetName, assetVersion } = t.service.terms;
  hostile = await startHostileSeller({ network, asset, assetName, assetVersion, amount: "1000000" });
});
afterAll(async () => {
  await hostile?.close();
  await t?.close();
});

interface Demo {
  demo: boolean;
  route: string;
  request: { lat: number; lon: number };
  quote: { amount: string; asset: string; network: string; payTo: string };
  doItYourself: { quote: string; pay: string };
  live: boolean;
  payment: {
    payer: string;
    transaction: `0x${string}`;
    network: string;
    settledAt: string;
    ageSeconds: number;
  };
  answer: { chart: { cell: string }; depthAreaMinimum: number };
}

let first: Demo;

describe("GET /demo", () => {
  it("buys one real depth answer from the service itself, even when the Host header names a hostile seller: payer → payTo by the quoted amount, transaction on chain", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("devnet expected");
    const payer = privateKeyToAccount(devnet.payerKey).address;
    const before = { payer: await t.balance(payer), payTo: await t.balance(t.payTo) };
    const r = await getWithHost(`${t.url}/demo`, hostile.host);
    expect(r.status).toBe(200);
    expect(hostile.requests).toEqual([]);
    expect(await t.balance(hostile.payTo)).toBe(0n);
    first = JSON.parse(r.body) as Demo;
    expectMatchesSchema("demo.response", first);
    expectMatchesSchema("marine-depth.response", first.answer);
    expect(first).toMatchObject({
      demo: true,
      route: "GET /v1/marine/depth",
      live: true,
      request: { lat: 59.6033, lon: -151.4192 },
    });
    expect(first.quote).toEqual({
      amount: "5000",
      asset: devnet.token.address,
      network: "eip155:8453",
      payTo: t.payTo,
    });
    expect(first.payment.payer.toLowerCase()).toBe(payer.toLowerCase());
    expect(first.answer.chart.cell).toBe("US5AK5SI");
    expect(first.doItYourself.quote).toMatch(
      /^npx geo402 quote GET \/v1\/marine\/depth --query lat=59\.6033 --query lon=-151\.4192/,
    );
    expect(first.doItYourself.pay).toMatch(/^npx geo402 pay GET \/v1\/marine\/depth /);
    const chain = createPublicClient({ transport: http(devnet.anvil.rpcUrl) });
    const receipt = await chain.getTransactionReceipt({ hash: first.payment.transaction });
    expect(receipt.status).toBe("success");
    expect(before.payer - (await t.balance(payer))).toBe(5000n);
    expect((await t.balance(t.payTo)) - before.payTo).toBe(5000n);
  });

  it("shows the same purchase again for a while: live false, same transaction, age growing, nothing paid", async () => {
    const payTo = await t.balance(t.payTo);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = (await (await fetch(`${t.url}/demo`)).json()) as Demo;
    expectMatchesSchema("demo.response", again);
    expect(again.live).toBe(false);
    expect(again.payment.transaction).toBe(first.payment.transaction);
    expect(again.payment.settledAt).toBe(first.payment.settledAt);
    expect(again.payment.ageSeconds).toBeGreaterThan(first.payment.ageSeconds);
    expect(await t.balance(t.payTo)).toBe(payTo);
  });
});

it("doItYourself's commands run as printed from the repository, and pay charges the devnet payer", async () => {
  const demo = (await (await fetch(`${t.url}/demo`)).json()) as Demo;
  const payer = privateKeyToAccount(t.service.devnet?.payerKey ?? "0x").address;
  const before = await t.balance(payer);
  const sh = (command: string) =>
    promisify(exec)(command, { cwd: REPO_ROOT, env: { ...process.env, GEO402_HOME: t.service.config.home } });
  const quoted = await sh(demo.doItYourself.quote);
  expect(quoted.stdout).toMatch(/price\s+\$0\.005 \(5000 atomic units/);
  const paid = await sh(demo.doItYourself.pay);
  expect(paid.stdout).toContain('"success": true');
  expect(before - (await t.balance(payer))).toBe(5000n);
});

describe("GET /demo never pays a stranger", () => {
  it("a purchase handed the hostile seller's URL signs nothing: its terms are not the service's", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("devnet expected");
    const payer = privateKeyToAccount(devnet.payerKey).address;
    const before = await t.balance(payer);
    const terms = { ...t.service.terms, amount: 5000n };
    await expect(
      buyOnce(`${hostile.url}/v1/marine/depth?lat=1&lon=1`, devnet.payerKey, terms, () => new Date()),
    ).rejects.toMatchObject({ code: "facilitator_unavailable" });
    expect(hostile.requests.length).toBeGreaterThan(0);
    expect(hostile.signatures).toEqual([]);
    expect(await t.balance(payer)).toBe(before);
    expect(await t.balance(hostile.payTo)).toBe(0n);
  });

  it("the same seller quoting the service's exact price but its own payTo is refused too", async () => {
    const devnet = t.service.devnet;
    if (!devnet) throw new Error("devnet expected");
    const { network, asset, assetName, assetVersion } = t.service.terms;
    const cheap = await startHostileSeller({ network, asset, assetName, assetVersion, amount: "5000" });
    try {
      const terms = { ...t.service.terms, amount: 5000n };
      await expect(buyOnce(`${cheap.url}/x`, devnet.payerKey, terms, () => new Date())).rejects.toThrow();
      expect(cheap.signatures).toEqual([]);
      expect(await t.balance(cheap.payTo)).toBe(0n);
    } finally {
      await cheap.close();
    }
  });

  it("Host: x is answered 200 from the service's own purchase: no lookup of x, no 500", async () => {
    const r = await getWithHost(`${t.url}/demo`, "x");
    expect(r.status).toBe(200);
    expect((JSON.parse(r.body) as Demo).payment.transaction).toBe(first.payment.transaction);
  });
});
