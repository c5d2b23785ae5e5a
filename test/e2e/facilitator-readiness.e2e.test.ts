// Readiness that tells the truth (issue 28 items 2 and 6), with the service on a remote
// facilitator: a stand-in (test/support/standin-facilitator.ts) in front of the devnet's own
// facilitator over HTTP. A facilitator whose /supported lacks the service's network, or that
// cannot be reached, keeps /readyz at 503 with the reason named and answers 402s with 502
// `stage: "supported"`; a facilitator still starting keeps the service unready until its
// supported kinds are read, and the first paid call after readiness settles on chain. A zero
// PAY_TO stops the process with exit code 2.
import { spawn } from "node:child_process";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import type { Devnet } from "../../service/devnet/devnet.ts";
import type { RunningService } from "../../service/runtime.ts";
import { payingFetch, postJson, REPO_ROOT, startRemoteService } from "../support/service.ts";
import {
  type Standin,
  startStandinFacilitator,
  withFacilitatorDevnet,
} from "../support/standin-facilitator.ts";

const remote = withFacilitatorDevnet();
let devnet: Devnet;

beforeAll(() => {
  devnet = remote.devnet();
});

/** The service on the facilitator at `url`, paying the devnet's receiver. */
async function serviceOn(url: string): Promise<RunningService> {
  const service = await startRemoteService({ FACILITATOR_URL: url, PAY_TO: devnet.payTo });
  remote.closeLater(() => service.close());
  return service;
}

async function standin(opts: Omit<Parameters<typeof startStandinFacilitator>[0], "forwardTo">) {
  const s = await startStandinFacilitator({ forwardTo: devnet.facilitatorUrl, ...opts });
  remote.closeLater(() => s.close());
  return s;
}

const readyz = async (service: RunningService) => {
  const r = await fetch(`${service.adminUrl}/readyz`);
  return {
    status: r.status,
    body: (await r.json()) as { ready: boolean; payment: { ok: boolean; reason?: string } },
  };
};

describe("readiness names what keeps payments from working", () => {
  it("a facilitator without the service's network: /readyz 503 naming it, the 402 a 502 at stage supported", async () => {
    const s = await standin({ withoutNetworks: ["eip155:8453"] });
    const service = await serviceOn(s.url);
    const state = await readyz(service);
    expect(state.status).toBe(503);
    expect(state.body.payment).toEqual({
      ok: false,
      reason: "facilitator does not support exact on eip155:8453",
    });
    const quote = await postJson(fetch, `${service.url}/v1/hello`, { name: "Ada" });
    expect(quote.status).toBe(502);
    expect((await quote.json()).error).toMatchObject({ code: "facilitator_unavailable", stage: "supported" });
  });

  it("a facilitator that cannot be reached: /readyz 503 saying so, the 402 a 502 at stage supported", async () => {
    const gone = await startStandinFacilitator({ forwardTo: devnet.facilitatorUrl });
    await gone.close();
    const service = await serviceOn(gone.url);
    const state = await readyz(service);
    expect(state.status).toBe(503);
    expect(state.body.payment).toEqual({ ok: false, reason: "facilitator /supported does not answer" });
    const quote = await postJson(fetch, `${service.url}/v1/hello`, { name: "Ada" });
    expect(quote.status).toBe(502);
    expect((await quote.json()).error).toMatchObject({ code: "facilitator_unavailable", stage: "supported" });
  });

  it("warm before ready: unready until the gate has read /supported, then the first paid call settles on chain", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const s: Standin = await standin({ holdSupported: held });
    const service = await serviceOn(s.url);
    // The families are open and the workers started (warm), but /supported has not answered.
    const before = await readyz(service);
    expect(before.status).toBe(503);
    expect(before.body.payment.ok).toBe(false);
    expect(service.app.paymentGate.initialized()).toBe(false);
    release();
    let after = await readyz(service);
    while (after.status !== 200) {
      expect(after.body.payment.reason).toBe(
        "the payment gate has not read the facilitator's supported kinds yet",
      );
      after = await readyz(service);
    }
    expect(service.app.paymentGate.initialized()).toBe(true);
    const key = generatePrivateKey();
    const payer = privateKeyToAccount(key).address;
    await devnet.token.mint(payer, 10_000n);
    const r = await postJson(payingFetch(key), `${service.url}/v1/hello`, { name: "Ada" });
    expect(r.status).toBe(200);
    expect(await devnet.token.balanceOf(payer)).toBe(9_000n);
    expect(s.calls.map((c) => c.op)).toEqual(expect.arrayContaining(["supported", "verify", "settle"]));
  }, 180_000);
});

describe("a configuration that would lose money stops start-up", () => {
  it("PAY_TO=0x0000000000000000000000000000000000000000 with a facilitator exits 2 with one line naming PAY_TO", async () => {
    const { FACILITATOR_URL: _f, PAY_TO: _p, ...base } = process.env;
    const proc = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "service/server.ts")], {
      env: {
        ...base,
        FACILITATOR_URL: devnet.facilitatorUrl,
        PAY_TO: "0x0000000000000000000000000000000000000000",
        PORT: "0",
        GEO402_ADMIN_PORT: "off",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    proc.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
    expect(code).toBe(2);
    const problems = stderr.split("\n").filter((l) => l.startsWith("  - "));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/PAY_TO/);
  });
});
