// The geo402 CLI against the real service on the devnet, reading the devnet file by default.
import { execFile } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

const run = promisify(execFile);
let t: TestService;

beforeAll(async () => {
  // The devnet file's payer opens batch-settlement channels: they would outlive the file.
  t = await startTestService({ ownDevnet: true });
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

  it("pay --scheme batch-settlement deposits once (within --max-deposit), then pays with vouchers kept beside the devnet file", async () => {
    const payer = privateKeyToAccount(t.service.devnet?.payerKey ?? "0x").address;
    const before = await t.balance(payer);
    const pay = (name: string, ...flags: string[]) =>
      cli([
        "pay",
        "POST",
        "/v1/hello",
        "--data",
        JSON.stringify({ name }),
        "--scheme",
        "batch-settlement",
        "--json",
        ...flags,
      ]);
    const tooSmall = await pay("none", "--max-deposit", "0.0005");
    expect(tooSmall.code).toBe(1);
    expect(tooSmall.stderr).toMatch(/maximum deposit/);
    expect(await t.balance(payer)).toBe(before);
    const first = JSON.parse((await pay("one", "--max-deposit", "0.5")).stdout);
    expect(first.answer.hello).toBe("one");
    expect(first.paymentResponse.transaction).toMatch(/^0x[0-9a-f]{64}$/); // the deposit
    const block = await t.service.devnet?.token.publicClient.getBlockNumber();
    const second = JSON.parse((await pay("two", "--max-deposit", "0.5")).stdout);
    expect(second.answer.hello).toBe("two");
    expect(second.paymentResponse).toMatchObject({ success: true, transaction: "" });
    expect(await t.service.devnet?.token.publicClient.getBlockNumber()).toBe(block);
    expect(before - (await t.balance(payer))).toBe(500_000n);
  });

  it("a refusal exits non-zero with its error code and charges nothing", async () => {
    const payer = privateKeyToAccount(t.service.devnet?.payerKey ?? "0x").address;
    const before = await t.balance(payer);
    const r = await cli(["pay", "POST", "/v1/hello", "--data", '{"name":"x","extra":1}', "--json"]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.code).toBe("unexpected_field");
    // --json prints the error body as JSON, not as a string holding JSON.
    expect(out.body.error).toMatchObject({ code: "unexpected_field", field: "extra" });
    expect(await t.balance(payer)).toBe(before);
  });

  it("a usage error exits 2", async () => {
    expect((await cli(["quote", "PUT", "/v1/hello"])).code).toBe(2);
  });

  it("--help prints the usage on stdout and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const r = await cli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("npx geo402 pay");
    }
  });

  it("a malformed --key is reported as malformed, not as missing, and nothing is sent", async () => {
    const r = await cli(["pay", "POST", "/v1/hello", "--data", "{}", "--key", "0x1234"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/malformed payer key from --key/);
    expect(r.stderr).not.toMatch(/no payer key/);
  });

  it("an unreachable URL names the URL and the reason", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const r = await cli(["quote", "GET", "/v1/timezone", "--url", `http://127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`could not reach http://127.0.0.1:${port}`);
    expect(r.stderr).toMatch(/ECONNREFUSED/);
  });

  it("refuses to sign for the mainnet look-alike devnet with a foreign key unless told to", async () => {
    // Revision B's devnet runs chain id 8453 (Base) with the token at Base's USDC address.
    const outsider = await t.newPayer(1_000_000n);
    const args = ["pay", "POST", "/v1/hello", "--data", '{"name":"x"}', "--key", outsider.key, "--json"];
    const refused = await cli(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/chain id 8453/);
    expect(refused.stderr).toMatch(/--allow-mainnet-lookalike/);
    expect(await t.balance(outsider.address)).toBe(1_000_000n);
    const allowed = await cli([...args, "--allow-mainnet-lookalike"]);
    expect(allowed.code).toBe(0);
    expect(await t.balance(outsider.address)).toBe(999_000n);
  });
});
