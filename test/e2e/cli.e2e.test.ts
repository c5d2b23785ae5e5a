// The geo402 CLI against the real service on the devnet, reading the devnet file by default.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

const run = promisify(execFile);
let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t?.close());

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, GEO402_HOME: t.service.config.home };
  try {
    const { stdout, stderr } = await run("node", [path.join(REPO_ROOT, "bin/geo402.mjs"), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("geo402 CLI", () => {
  it("quote prints the decoded terms in dollars and atomic units", async () => {
    const r = await cli(["quote", "POST", "/v1/hello", "--data", '{"name":"Ada"}', "--json"]);
    expect(r.code).toBe(0);
    const q = JSON.parse(r.stdout);
    expect(q).toMatchObject({ price: "$0.001", amount: "1000", network: "eip155:8453", payTo: t.payTo });
  });

  it("pay uses the devnet file's payer, prints the answer and a successful PAYMENT-RESPONSE", async () => {
    const payer = privateKeyToAccount(t.service.devnet?.payerKey ?? "0x").address;
    const before = await t.balance(payer);
    const r = await cli(["pay", "POST", "/v1/hello", "--data", '{"name":"cli"}', "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.answer.hello).toBe("cli");
    expect(out.paymentResponse.success).toBe(true);
    expect(before - (await t.balance(payer))).toBe(1000n);
  });

  it("a refusal exits non-zero with its error code and charges nothing", async () => {
    const payer = privateKeyToAccount(t.service.devnet?.payerKey ?? "0x").address;
    const before = await t.balance(payer);
    const r = await cli(["pay", "POST", "/v1/hello", "--data", '{"name":"x","extra":1}', "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).code).toBe("unexpected_field");
    expect(await t.balance(payer)).toBe(before);
  });

  it("a usage error exits 2", async () => {
    expect((await cli(["quote", "PUT", "/v1/hello"])).code).toBe(2);
  });
});
