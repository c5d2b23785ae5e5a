// `geo402 devnet` as a process: the shared chain + facilitator replicas point at.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BIN = path.resolve(import.meta.dirname, "../bin/geo402.mjs");

describe("geo402 devnet", () => {
  let home: string;
  let child: ChildProcess;
  let printed = "";
  const env: Record<string, string> = {};

  beforeAll(async () => {
    home = await mkdtemp(path.join(tmpdir(), "geo402-devnet-"));
    const { FACILITATOR_URL: _f, PAY_TO: _p, ...base } = process.env;
    child = spawn(process.execPath, [BIN, "devnet"], {
      env: { ...base, GEO402_HOME: home, GEO402_REVISION: "B" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => {
        printed += d.toString();
        if (printed.includes("PAY_TO=")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`geo402 devnet exited with ${code}: ${printed}`)));
    });
    for (const m of printed.matchAll(/^export (\w+)=(.*)$/gm)) env[m[1]!] = m[2]!;
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("prints the replicas' environment and writes a devnet file that agrees with it", async () => {
    expect(env.GEO402_REVISION).toBe("B");
    expect(env.PAY_TO).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const file = JSON.parse(await readFile(path.join(home, "devnet.json"), "utf8"));
    expect(file.payTo).toBe(env.PAY_TO);
    expect(file.network).toBe("eip155:8453");
    const chainId = await fetch(file.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(Number(chainId.result)).toBe(8453);
  });

  it("serves the facilitator replicas use (GET /supported) and stops cleanly on SIGTERM", async () => {
    const supported = (await (await fetch(`${env.FACILITATOR_URL}/supported`)).json()) as {
      kinds: { scheme: string; network: string }[];
    };
    expect(supported.kinds).toContainEqual(
      expect.objectContaining({ scheme: "exact", network: "eip155:8453" }),
    );
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(fetch(`${env.FACILITATOR_URL}/supported`)).rejects.toThrow();
  });
});
