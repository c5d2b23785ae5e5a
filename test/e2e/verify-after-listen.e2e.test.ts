// The service listens before its artifact families are checked against their manifests
// (runtime.ts): until a family's files have all matched, /readyz says it is "verifying" and its
// routes answer 503 data_unavailable, unpaid; a file whose bytes differ still keeps it refused.
// The check is held deterministically: one output of the family is a named pipe, which the
// hashing reads only once the test writes into it (no timing involved).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../service/config.ts";
import { type RunningService, startService } from "../../service/runtime.ts";
import { copyBuiltFamily } from "../support/built-artifacts.ts";
import { payingFetch, postJson, REPO_ROOT } from "../support/service.ts";

const QUERY = "lat=61.2181&lon=-149.9003";

describe.skipIf(process.platform === "win32")("families checked after the service listens", () => {
  let service: RunningService;
  let root: string;
  let pipe: string;
  let original: Buffer;
  let pay: typeof fetch;
  let payer: `0x${string}`;
  let written = false;

  beforeAll(async () => {
    const copy = await copyBuiltFamily("timezone");
    root = copy.root;
    pipe = path.join(copy.dir, "zones.h3i");
    original = await readFile(pipe);
    await rm(pipe);
    const made = spawnSync("mkfifo", [pipe], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
    // startService resolving while the pipe has no writer shows the listener never waits for the check.
    service = await startService(
      loadConfig(
        {
          GEO402_REVISION: "B",
          PORT: "0",
          GEO402_ADMIN_PORT: "0",
          GEO402_COMPUTE_THREADS: "1",
          LOG_LEVEL: "silent",
          GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-test-")),
          GEO402_ARTIFACTS: root,
        },
        REPO_ROOT,
      ),
    );
    const devnet = service.devnet;
    if (!devnet) throw new Error("the test runs on the embedded devnet");
    pay = payingFetch(devnet.payerKey);
    payer = privateKeyToAccount(devnet.payerKey).address;
  }, 120_000);

  afterAll(async () => {
    // A check still waiting on the pipe gets its end of file (and fails) before the service stops.
    if (!written && pipe) await writeFile(pipe, "");
    await service?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("answers free routes, says 'verifying' on /readyz and refuses the family's route 503 unpaid", async () => {
    expect((await fetch(`${service.url}/`)).status).toBe(200);
    const r = await fetch(`${service.adminUrl}/readyz`);
    expect(r.status).toBe(503);
    const state = (await r.json()) as { ready: boolean; families: { family: string; state: string }[] };
    expect(state.ready).toBe(false);
    expect(state.families).toContainEqual({ family: "timezone", state: "verifying" });

    const before = await service.devnet?.token.balanceOf(payer);
    const tz = await pay(`${service.url}/v1/timezone?${QUERY}`);
    expect(tz.status).toBe(503);
    expect((await tz.json()).error).toMatchObject({ code: "data_unavailable", family: "timezone" });
    expect(await service.devnet?.token.balanceOf(payer)).toBe(before);
    // Payment itself works meanwhile.
    const hello = await postJson(pay, `${service.url}/v1/hello`, { name: "Ada" });
    expect(hello.status).toBe(200);
    expect((before ?? 0n) - ((await service.devnet?.token.balanceOf(payer)) ?? 0n)).toBe(1000n);
  }, 120_000);

  it("keeps refusing the family, unpaid, when the bytes read differ from the manifest", async () => {
    const corrupt = Buffer.from(original);
    corrupt[5000] = (corrupt[5000] ?? 0) ^ 0xff;
    await writeFile(pipe, corrupt);
    written = true;
    await service.warm;
    const state = (await (await fetch(`${service.adminUrl}/readyz`)).json()) as {
      families: { family: string; state: string; reason?: string }[];
    };
    const tzState = state.families.find((f) => f.family === "timezone");
    expect(tzState?.state).toBe("unavailable");
    expect(tzState?.reason).toMatch(/zones\.h3i: expected \d+ bytes sha256/);

    const before = await service.devnet?.token.balanceOf(payer);
    const tz = await pay(`${service.url}/v1/timezone?${QUERY}`);
    expect(tz.status).toBe(503);
    expect((await tz.json()).error).toMatchObject({ code: "data_unavailable", family: "timezone" });
    expect(await service.devnet?.token.balanceOf(payer)).toBe(before);
  }, 120_000);
});
