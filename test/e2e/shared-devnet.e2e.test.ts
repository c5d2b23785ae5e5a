// Two service replicas sharing one `geo402 devnet` (FACILITATOR_URL / PAY_TO from its output):
// paid calls through either replica settle on the one chain, and the on-chain transfers equal
// the answers delivered.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { createPublicClient, erc20Abi, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../service/config.ts";
import { type RunningService, startService } from "../../service/runtime.ts";
import { payingFetch, postJson, REPO_ROOT } from "../support/service.ts";

describe("replicas sharing one geo402 devnet", () => {
  let home: string;
  let devnet: ChildProcess;
  const replicas: RunningService[] = [];
  const env: Record<string, string> = {};
  let file: { rpcUrl: string; asset: `0x${string}`; payTo: `0x${string}`; payerPrivateKey: `0x${string}` };

  beforeAll(async () => {
    home = await mkdtemp(path.join(tmpdir(), "geo402-shared-devnet-"));
    const { FACILITATOR_URL: _f, PAY_TO: _p, ...base } = process.env;
    devnet = spawn(process.execPath, [path.join(REPO_ROOT, "bin/geo402.mjs"), "devnet"], {
      env: { ...base, GEO402_HOME: home, GEO402_REVISION: "B" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let printed = "";
    await new Promise<void>((resolve, reject) => {
      devnet.stdout!.on("data", (d: Buffer) => {
        printed += d.toString();
        if (printed.includes("PAY_TO=")) resolve();
      });
      devnet.once("exit", (code) => reject(new Error(`geo402 devnet exited with ${code}`)));
    });
    for (const m of printed.matchAll(/^export (\w+)=(.*)$/gm)) env[m[1]!] = m[2]!;
    file = JSON.parse(await readFile(path.join(home, "devnet.json"), "utf8"));
    for (let i = 0; i < 2; i++) {
      const config = loadConfig(
        {
          ...env,
          PORT: "0",
          GEO402_ADMIN_PORT: "0",
          LOG_LEVEL: "silent",
          GEO402_HOME: await mkdtemp(path.join(tmpdir(), "geo402-replica-")),
          GEO402_ARTIFACTS: path.join(REPO_ROOT, "artifacts"),
        },
        REPO_ROOT,
      );
      replicas.push(await startService(config));
    }
  });

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    if (devnet && devnet.exitCode === null) devnet.kill("SIGTERM");
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("settles paid answers from either replica on the shared chain, exactly once each", async () => {
    expect(replicas.every((r) => r.devnet === undefined)).toBe(true);
    const chain = createPublicClient({ transport: http(file.rpcUrl) });
    const balance = (who: `0x${string}`) =>
      chain.readContract({ address: file.asset, abi: erc20Abi, functionName: "balanceOf", args: [who] });
    const quote = await postJson(fetch, `${replicas[0]!.url}/v1/hello`, { name: "Ada" });
    expect(quote.status).toBe(402);
    const price = BigInt(
      decodePaymentRequiredHeader(quote.headers.get("payment-required")!).accepts[0]!.amount,
    );
    const before = await balance(file.payTo);
    const pay = payingFetch(file.payerPrivateKey);
    let answered = 0;
    for (const r of [...replicas, ...replicas]) {
      const res = await postJson(pay, `${r.url}/v1/hello`, { name: "Ada" });
      expect(res.status).toBe(200);
      answered++;
    }
    expect((await balance(file.payTo)) - before).toBe(price * BigInt(answered));
  });
});
