// A dead devnet chain is a facilitator fault, not a bad signature (issue 17 item 4): anvil is
// killed under a running service; a correctly signed payment is then answered 502
// facilitator_unavailable (free), the fault is logged at error level, and the payment health
// check (and the admin listener's /readyz) says the chain is gone. Balances are read on chain before the kill.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetHealth } from "../../service/payment/health.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  t = await startTestService({
    ownDevnet: true, // its chain dies
    env: { LOG_LEVEL: "info" },
    logStream: { write: (line) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) },
  });
});
afterAll(() => t?.close());

describe("the devnet chain dies under a running service", () => {
  let payer: Payer;

  it("is healthy and answers paid requests while the chain runs", async () => {
    payer = await t.newPayer(10_000n);
    expect(await t.service.paymentHealth()).toEqual({ ok: true });
    const r = await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "Ada" });
    expect(r.status).toBe(200);
    expect(await t.balance(payer.address)).toBe(9_000n);
  });

  it("after anvil is killed: 502 facilitator_unavailable (not 402 invalid signature), an error log line, health false", async () => {
    const anvil = t.service.devnet?.anvil;
    if (!anvil?.pid) throw new Error("devnet anvil expected");
    const exited = new Promise<void>((resolve) => anvil.onUnexpectedExit(() => resolve()));
    process.kill(anvil.pid, "SIGKILL");
    await exited;
    const r = await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "Ada" });
    expect(r.status).toBe(502);
    expect(r.headers.get("payment-required")).toBeNull();
    expect((await r.json()).error).toMatchObject({ code: "facilitator_unavailable", stage: "verify" });
    const errors = logLines.filter((l) => l.level >= 50).map((l) => l.msg);
    expect(errors.some((m) => /devnet chain \(anvil\) exited/.test(m))).toBe(true);
    expect(errors.some((m) => /payment verification could not run/.test(m))).toBe(true);
    expect(await t.service.paymentHealth()).toMatchObject({ ok: false });
    expect(await devnetHealth(anvil)()).toEqual({ ok: false, reason: "devnet chain (anvil) has exited" });
    // The admin listener's readiness probe says the same, naming the cause.
    const ready = await fetch(`${t.service.adminUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).payment).toEqual({ ok: false, reason: "devnet chain (anvil) has exited" });
  });
});
