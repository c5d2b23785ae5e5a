// `npm start` runs the esbuild bundle (build/service/server.mjs and the compute pool's
// worker-entry.mjs) through bin/geo402-serve, not the TypeScript sources: the bundle builds, starts
// with the launcher's process settings and the devnet from a fresh home, and answers like the
// sources do, in the pool's workers too.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../service/catalog.ts";
import { freePort } from "../../service/devnet/anvil.ts";
import { payingFetch, postJson, REPO_ROOT } from "../support/service.ts";
import { serviceProcessEnv, untilComputeReady } from "../support/service-process.ts";

let proc: ChildProcess | undefined;
let url = "";
let home = "";

beforeAll(async () => {
  const built = spawnSync("npm", ["run", "build"], { cwd: REPO_ROOT, encoding: "utf8" });
  expect(built.status, built.stderr).toBe(0);
  const port = await freePort();
  const adminPort = await freePort();
  home = mkdtempSync(path.join(tmpdir(), "geo402-bundle-"));
  url = `http://127.0.0.1:${port}`;
  proc = spawn(path.join(REPO_ROOT, "bin/geo402-serve"), [], {
    cwd: REPO_ROOT,
    env: serviceProcessEnv(port, adminPort, home),
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    const up = await fetch(`${url}/`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (up) break;
    if (proc.exitCode !== null) throw new Error(`the bundle exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  // The API answers before the compute workers have started; /readyz says when they have.
  expect((await untilComputeReady(adminPort, proc)).ready).toBe(true);
}, 120_000);
afterAll(() => {
  proc?.kill("SIGTERM");
});

describe("the built service", () => {
  it("runs with the launcher's memory settings (bin/geo402-serve, as npm start and the image run it)", () => {
    const environ = readFileSync(`/proc/${proc?.pid}/environ`, "utf8").split("\0");
    expect(environ).toContain("MALLOC_ARENA_MAX=2");
    const argv = readFileSync(`/proc/${proc?.pid}/cmdline`, "utf8").split("\0");
    expect(argv).toEqual(expect.arrayContaining(["--max-semi-space-size=4", "--heap-growing-percent=20"]));
    expect(argv.some((a) => a.endsWith("build/service/server.mjs"))).toBe(true);
  });

  it("quotes with the listener as resource and writes the devnet file", async () => {
    const r = await fetch(`${url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"b"}',
    });
    expect(r.status).toBe(402);
    const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
    expect(terms.resource?.url).toBe(`${url}/v1/hello`);
    const devnet = JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8")) as { serviceUrl: string };
    expect(devnet.serviceUrl).toBe(url);
  });

  it("answers a paid route of the compute pool (the bundled worker entry)", async () => {
    const entry = CATALOG.find((e) => e.path === "/v1/geometry/area" && e.compute === "pool");
    expect(entry).toBeDefined();
    const devnet = JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8")) as {
      payerPrivateKey: `0x${string}`;
    };
    const r = await postJson(
      payingFetch(devnet.payerPrivateKey),
      `${url}/v1/geometry/area`,
      entry?.example.body,
    );
    expect(r.status).toBe(200);
    expect(r.headers.get("payment-response")).toBeTruthy();
  });

  it("answers a timezone from the bundled readers: the 1° grid's COG decoded by the bundled geotiff", async () => {
    const devnet = JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8")) as {
      payerPrivateKey: `0x${string}`;
    };
    // Central Libya: a square the grid answers alone (value ≠ 0), without the cell indexes.
    const r = await payingFetch(devnet.payerPrivateKey)(`${url}/v1/timezone?lat=27.5&lon=14.5`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ timeZone: "Africa/Tripoli", source: "boundary" });
  });

  it("serves OpenAPI from the schemas folder found from the bundle", async () => {
    const r = await fetch(`${url}/openapi.json`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { servers: { url: string }[] }).servers).toEqual([{ url }]);
  });
});
