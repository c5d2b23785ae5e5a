// The README's "pay from code" example (examples/pay.ts) run as a newcomer runs it, against the
// real service on the devnet: it pays 5000 atomic units on chain for a marine depth answer.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t?.close());

describe("examples/pay.ts", () => {
  it("pays for a depth answer at Homer with the devnet file make serve writes", async () => {
    const file = t.service.devnetFile;
    if (!file) throw new Error("the devnet writes its file");
    const key = JSON.parse(readFileSync(file, "utf8")).payerPrivateKey as `0x${string}`;
    const payer = privateKeyToAccount(key).address;
    const before = { payer: await t.balance(payer), payTo: await t.balance(t.payTo) };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", path.join(REPO_ROOT, "examples/pay.ts")],
      { cwd: REPO_ROOT, env: { ...process.env, GEO402_HOME: path.dirname(file) } },
    );
    expect(stdout).toMatch(/^200 \{/);
    expect(stdout).toContain("depthAreaMinimum");
    expect(stdout).toContain("success: true");
    expect(before.payer - (await t.balance(payer))).toBe(5000n);
    expect((await t.balance(t.payTo)) - before.payTo).toBe(5000n);
  });
});
