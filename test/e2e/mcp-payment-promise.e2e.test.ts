// The payment promise over MCP (issue 29), on the real devnet with the SDK's own Client and the
// official x402 clients signing: a client that leaves /mcp (or its SSE stream) mid-call is not charged (exact: the
// transfer's nonce unused on chain; batch-settlement: the voucher not charged, the claim pays only
// the answered call); a payment quoted for one tool does not pay another of the same price; bad
// arguments answer the route's own error code. One service for the file.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequired, SettleResponse } from "@x402/core/types";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayer } from "../../cli/batch-payer.ts";
import { type LogRecord, startLogged, until } from "../support/execution.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { callTool, postToolCall } from "../support/mcp-call.ts";
import { exactClient, type TestService } from "../support/service.ts";

const GEOMETRY_PRICE = 10_000n;
const HELLO_PRICE = 1_000n;
const BUFFER = "POST /v1/geometry/buffer";

let t: TestService;
let requests: () => LogRecord[];
let client: Client;

type Transport = "streamable HTTP" | "SSE";

const connect = async (name: string, transport: Transport = "streamable HTTP") => {
  const c = new Client({ name, version: "1" });
  await c.connect(
    transport === "SSE"
      ? new SSEClientTransport(new URL("/mcp/sse", t.url))
      : new StreamableHTTPClientTransport(new URL("/mcp", t.url)),
  );
  return c;
};

beforeAll(async () => {
  // No claim round runs on its own: the voucher test claims when it says so.
  ({ t, requests } = await startLogged({ GEO402_BATCH_CLAIM_PERIOD_S: "300" }));
  client = await connect("geo402-test");
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

const call = (name: string, args: Record<string, unknown>, payment?: unknown, via = client) =>
  callTool(via, name, args, payment);

/** The tool's unpaid terms, signed by `signer` (the official x402 client). */
async function paymentFor(signer: x402Client, name: string, args: Record<string, unknown>) {
  const unpaid = await call(name, args);
  expect(unpaid.isError).toBe(true);
  return signer.createPaymentPayload(unpaid.structuredContent as unknown as PaymentRequired);
}

/**
 * Calls geometry_buffer (a heavy input, run in the compute pool) with `payment` from a client of
 * its own, and closes that client the moment the service hands the work to the pool (the pool's
 * `run` is wrapped for that one call: no timing decides who wins). Resolves once the inner HTTP
 * request's log line is written.
 */
async function leaveMidCall(
  payment: PaymentPayload,
  transport: Transport = "streamable HTTP",
): Promise<LogRecord | undefined> {
  const pool = t.service.app.computePool;
  const leaving = await connect("leaving", transport);
  const before = requests().length;
  const run = pool.run;
  pool.run = (task, signal, opts) => {
    pool.run = run;
    const running = run(task, signal, opts);
    void leaving.close();
    return running;
  };
  try {
    const outcome = await call("geometry_buffer", stateOutlineBuffer(), payment, leaving).catch(
      (err: unknown) => err,
    );
    expect(outcome).toBeInstanceOf(Error);
  } finally {
    pool.run = run;
  }
  const line = () =>
    requests()
      .slice(before)
      .find((l) => l.route === BUFFER && l.clientGone);
  await until(() => line() !== undefined, "the abandoned call's log line");
  await until(() => pool.inFlight() === 0, "the abandoned work stopped");
  return line();
}

describe("an MCP client that leaves mid-call", () => {
  it.each<Transport>(["streamable HTTP", "SSE"])(
    "over %s, paying exact is not charged: balances unchanged, the authorization's nonce unused on chain",
    async (transport) => {
      const payer = await t.newPayer();
      const token = t.service.devnet?.token;
      const payment = await paymentFor(exactClient(payer.key), "geometry_buffer", stateOutlineBuffer());
      const { nonce } = (payment.payload as { authorization: { nonce: `0x${string}` } }).authorization;
      const before = { payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) };
      const line = await leaveMidCall(payment, transport);
      expect(line).toMatchObject({ outcome: "cancelled", reason: "client_closed", code: "client_closed" });
      expect(await t.balance(payer.address)).toBe(before.payer);
      expect(await t.balance(t.payTo)).toBe(before.payTo);
      expect(await token?.authorizationUsed(payer.address, nonce)).toBe(false);
      // The same authorization still pays a call of that tool whose answer is delivered (a light
      // input: the heavy one may pass the compute deadline on a loaded machine).
      const light = { geojson: { type: "Point", coordinates: [-149.9, 61.2] }, distance: 500, steps: 6 };
      const retried = await call("geometry_buffer", light, payment);
      expect(retried.isError).toBeFalsy();
      expect(await token?.authorizationUsed(payer.address, nonce)).toBe(true);
      expect(before.payer - (await t.balance(payer.address))).toBe(GEOMETRY_PRICE);
    },
  );

  it("paying with a batch-settlement voucher is not charged: the claim pays only the answered call", async () => {
    const devnet = t.service.devnet;
    const batch = t.service.batch;
    if (!devnet || !batch) throw new Error("the devnet offers batch-settlement");
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await devnet.token.mint(address, 1_000_000n);
    const payer = createPayer({
      key,
      scheme: "batch-settlement",
      channelDir: mkdtempSync(path.join(tmpdir(), "geo402-mcp-voucher-")),
      rpcUrl: devnet.anvil.rpcUrl,
      maxDepositAtomic: 100_000n,
    });
    // An answered call first: the deposit, and a voucher charged 1000.
    const hello = await paymentFor(payer, "hello", { name: "Ada" });
    expect(hello.accepted.scheme).toBe("batch-settlement");
    const answered = await call("hello", { name: "Ada" }, hello);
    expect(answered.isError).toBeFalsy();
    const settled = answered._meta?.["x402/payment-response"] as SettleResponse;
    await payer.handlePaymentResponse({
      paymentPayload: hello,
      requirements: hello.accepted,
      settleResponse: settled,
    });
    const payToBefore = await t.balance(t.payTo);
    const channel = async () =>
      ((await batch.scheme.getStorage().list()) ?? []).find(
        (c) => c.channelConfig.payer.toLowerCase() === address.toLowerCase(),
      );
    expect((await channel())?.chargedCumulativeAmount).toBe(HELLO_PRICE.toString());

    // The next voucher, for a heavy call the client leaves.
    const voucher = await paymentFor(payer, "geometry_buffer", stateOutlineBuffer());
    expect(voucher.accepted.scheme).toBe("batch-settlement");
    const line = await leaveMidCall(voucher);
    expect(line).toMatchObject({ outcome: "cancelled", reason: "client_closed" });
    expect((await channel())?.chargedCumulativeAmount).toBe(HELLO_PRICE.toString());
    expect(await batch.scheduler.runOnce()).toMatchObject({ leader: true, settled: true });
    expect((await t.balance(t.payTo)) - payToBefore).toBe(HELLO_PRICE);
  });
});

describe("a payment quoted for one tool", () => {
  it("does not pay another tool of the same price (echo refused as over HTTP), nothing moves", async () => {
    const payer = await t.newPayer();
    const token = t.service.devnet?.token;
    const area = { geojson: { type: "Point", coordinates: [0, 0] } };
    const payment = await paymentFor(exactClient(payer.key), "geometry_area", area);
    const { nonce } = (payment.payload as { authorization: { nonce: `0x${string}` } }).authorization;
    const before = await t.balance(payer.address);
    const r = await call("geometry_bbox", area, payment);
    expect(r.isError).toBe(true);
    const terms = r.structuredContent as unknown as PaymentRequired;
    expect(terms.error).toBe("extension_echo_mismatch");
    expect(terms.accepts[0]?.amount).toBe(GEOMETRY_PRICE.toString());
    expect(await t.balance(payer.address)).toBe(before);
    expect(await token?.authorizationUsed(payer.address, nonce)).toBe(false);
    // The tool it was quoted for takes it.
    expect((await call("geometry_area", area, payment)).isError).toBeFalsy();
    expect(before - (await t.balance(payer.address))).toBe(GEOMETRY_PRICE);
  });
});

describe("invalid tool arguments answer the route's own error code in the tool result", () => {
  /** A raw tools/call message, so that arguments the SDK's types forbid can be sent. */
  const rawCall = async (name: string, args: unknown) => {
    const r = await postToolCall(t.url, name, args);
    expect(r.status).toBe(200);
    return (await r.json()) as { result?: CallToolResult; error?: unknown };
  };

  it("arguments that are not an object: the route's missing_field, not a JSON-RPC error", async () => {
    for (const [name, args, field] of [
      ["hello", [1, 2], "name"],
      ["hello", "Ada", "name"],
      ["marine_depth", 42, "lat"],
    ] as const) {
      const answer = await rawCall(name, args);
      expect(answer.error).toBeUndefined();
      expect(answer.result).toMatchObject({
        isError: true,
        structuredContent: { error: { code: "missing_field", field } },
      });
    }
  });

  it("a paid call with a member of the wrong type: the route's invalid_field, nothing charged", async () => {
    const payer = await t.newPayer();
    const args = { lat: "north", lon: -151.4192 };
    const payment = await paymentFor(exactClient(payer.key), "marine_depth", args);
    const before = await t.balance(payer.address);
    const r = await call("marine_depth", args, payment);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      error: { code: "invalid_field" },
      payment: { charged: false, outcome: "cancelled" },
    });
    expect(await t.balance(payer.address)).toBe(before);
  });
});
