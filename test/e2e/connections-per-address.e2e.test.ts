// One address cannot shut others out (issue 30 item 3): 8,192 silent sockets from 127.0.0.2 (the
// service's whole GEO402_MAX_CONNECTIONS by default) hold at most GEO402_MAX_CONNECTIONS_PER_ADDRESS
// of them open; while they are held, GET / and a paid call from 127.0.0.1 are answered, and the
// payer is charged the price once (balance read on chain).
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../service/config.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { helloEntries } from "../../service/routes/hello.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

const SILENT = 8_192;
const BATCH = 512;
const PER_ADDRESS = loadConfig({}).maxConnectionsPerAddress;

let t: TestService;
let payer: Payer;
// The headers timeout is set past the test's length: the per-address cap alone holds the sockets off.
beforeAll(async () => {
  t = await startTestService({ env: { GEO402_HEADERS_TIMEOUT_MS: "600000" } });
  payer = await t.newPayer();
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t?.close();
});
const heldOpen = () => sockets.filter((s) => !s.destroyed && s.readyState === "open").length;

/** A silent socket from 127.0.0.2: resolves once connected (or refused). */
function silentSocket(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const s = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.2" });
    sockets.push(s);
    s.once("connect", () => resolve(s));
    s.once("error", () => resolve(s));
    s.once("close", () => resolve(s));
  });
}

describe("connections per address", () => {
  it(`${SILENT} silent sockets from 127.0.0.2 hold at most ${PER_ADDRESS}; 127.0.0.1 is answered, free and paid`, async () => {
    const port = Number(new URL(t.url).port);
    for (let opened = 0; opened < SILENT; opened += BATCH)
      await Promise.all(Array.from({ length: Math.min(BATCH, SILENT - opened) }, () => silentSocket(port)));
    // A refused socket is closed by the server once accepted; the close reaches the client shortly.
    for (let i = 0; i < 200 && heldOpen() > PER_ADDRESS; i++) await new Promise((r) => setTimeout(r, 50));
    const held = heldOpen();
    console.log(
      `${SILENT} silent sockets from 127.0.0.2: ${held} held open, ${SILENT - held} closed by the server`,
    );
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(PER_ADDRESS);

    const index = await fetch(`${t.url}/`);
    expect(index.status).toBe(200);
    await index.arrayBuffer();

    const hello = helloEntries[0];
    if (!hello) throw new Error("no hello route");
    const before = await t.balance(payer.address);
    const paid = await postJson(payer.fetch, `${t.url}${hello.path}`, hello.example.body);
    expect(paid.status).toBe(200);
    await paid.arrayBuffer();
    expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(hello.price));
    // The silent sockets were still held while 127.0.0.1 was answered.
    expect(heldOpen()).toBe(held);
  });
});
