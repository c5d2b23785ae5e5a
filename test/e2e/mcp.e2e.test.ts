// x402 over MCP end to end on the real devnet: the SDK's own Client over Streamable HTTP (/mcp)
// and over stdio (`geo402 mcp`), payments built by the official @x402 client, balances on chain.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { x402Client } from "@x402/core/client";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { extractDiscoveryInfoFromExtension, validateDiscoveryExtension } from "@x402/extensions/bazaar";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG, catalogFor } from "../../service/catalog.ts";
import { isFree } from "../../service/route-types.ts";
import { callTool, postToolCall } from "../support/mcp-call.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
let payer: Payer;
let client: Client;
let signer: x402Client;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestService({
    // No claim round runs on its own: the batch-settlement test claims when it says so.
    env: { LOG_LEVEL: "info", GEO402_BATCH_CLAIM_PERIOD_S: "300" },
    logStream: { write: (line) => logLines.push(JSON.parse(line)) },
  });
  payer = await t.newPayer();
  signer = new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(payer.key)));
  client = new Client({ name: "geo402-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", t.url)));
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

const call = (name: string, args: Record<string, unknown>, payment?: unknown, via = client) =>
  callTool(via, name, args, payment);

async function balances() {
  return { payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) };
}

/** Calls unpaid, checks the answer is the x402 payment-required form, pays, returns the paid result. */
async function payFor(name: string, args: Record<string, unknown>) {
  const unpaid = await call(name, args);
  expect(unpaid.isError).toBe(true);
  const terms = unpaid.structuredContent as unknown as PaymentRequired;
  return { terms, paid: await call(name, args, await signer.createPaymentPayload(terms)) };
}

describe("tools/list", () => {
  it("lists one tool per priced route of the revision, input schema from schemas/", async () => {
    const { tools } = await client.listTools();
    const priced = catalogFor("B", CATALOG).filter((e) => !isFree(e));
    expect(tools).toHaveLength(priced.length);
    const depth = tools.find((x) => x.name === "marine_depth");
    expect(depth?.inputSchema).toMatchObject({
      type: "object",
      required: ["lat", "lon"],
      properties: { lat: { type: "number" }, lon: { type: "number" } },
    });
    expect(depth?.description).toContain("$0.005");
    expect(tools.map((x) => x.name)).toContain("geometry_buffer");
  });
});

describe("a paid tool call", () => {
  it("answers unpaid with PaymentRequired (isError, x402/error text, MCP bazaar declaration), charging nothing", async () => {
    const before = await balances();
    const r = await call("hello", { name: "Ada" });
    expect(r.isError).toBe(true);
    const terms = r.structuredContent as unknown as PaymentRequired;
    expect(terms.x402Version).toBe(2);
    expect(terms.resource.url).toBe(`${t.url}/mcp`);
    expect(terms.accepts[0]).toMatchObject({ scheme: "exact", amount: "1000", payTo: t.payTo });
    const text = JSON.parse((r.content[0] as { text: string }).text);
    expect(text["x402/error"]).toMatchObject({ code: 402, data: { accepts: terms.accepts } });
    const bazaar = terms.extensions?.bazaar as Parameters<typeof validateDiscoveryExtension>[0];
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    // @x402/extensions 2.27 names the tool `toolName` (specs/extensions/bazaar.md says `tool`).
    expect(extractDiscoveryInfoFromExtension(bazaar).input).toMatchObject({
      type: "mcp",
      toolName: "hello",
      transport: "streamable-http",
      example: { name: "Ada" },
    });
    expect(await balances()).toEqual(before);
  });

  it("hello paid through _meta: 1000 atomic move on chain, settlement in _meta", async () => {
    const before = await balances();
    const { paid } = await payFor("hello", { name: "Ada" });
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent).toEqual({ hello: "Ada", network: "eip155:8453", price: "$0.001" });
    const settlement = paid._meta?.["x402/payment-response"] as SettleResponse;
    expect(settlement).toMatchObject({ success: true, network: "eip155:8453" });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settlement.payer?.toLowerCase()).toBe(payer.address.toLowerCase());
    const after = await balances();
    expect(before.payer - after.payer).toBe(1000n);
    expect(after.payTo - before.payTo).toBe(1000n);
    // The request log line is the HTTP route's own.
    expect(logLines).toContainEqual(
      expect.objectContaining({
        msg: "request",
        route: "POST /v1/hello",
        status: 200,
        outcome: "settled",
        transaction: settlement.transaction,
      }),
    );
  });

  it("marine depth at Homer Harbor paid: 5000 atomic, the HTTP route's answer", async () => {
    const before = await balances();
    const { paid } = await payFor("marine_depth", { lat: 59.6033, lon: -151.4192 });
    expect(paid.isError).toBeFalsy();
    expectMatchesSchema("marine-depth.response", paid.structuredContent);
    expect(paid._meta?.["geo402/data-version"]).toMatch(/^enc@/);
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true });
    expect(before.payer - (await balances()).payer).toBe(5000n);
  });
});

describe("refusals charge nothing", () => {
  it("a missing argument is refused before any terms (400 missing_field)", async () => {
    const r = await call("marine_depth", { lat: 59.6 });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ error: { code: "missing_field", field: "lon" } });
  });

  it("a paid call the route refuses (no depth area on Homer Spit) is cancelled: balances unchanged", async () => {
    const before = await balances();
    const { paid } = await payFor("marine_depth", { lat: 59.6104, lon: -151.4427 });
    expect(paid.isError).toBe(true);
    expect(paid.structuredContent).toMatchObject({ error: { code: "no_depth_area" } });
    expect(await balances()).toEqual(before);
    expect(logLines).toContainEqual(
      expect.objectContaining({ route: "GET /v1/marine/depth", status: 422, outcome: "cancelled" }),
    );
  });

  it("a forged payment is refused with fresh terms, nothing moves", async () => {
    const before = await balances();
    const unpaid = await call("hello", { name: "Ada" });
    const payment = await signer.createPaymentPayload(unpaid.structuredContent as unknown as PaymentRequired);
    const forged = { ...payment, accepted: { ...payment.accepted, amount: "1" } };
    const r = await call("hello", { name: "Ada" }, forged);
    expect(r.isError).toBe(true);
    expect((r.structuredContent as unknown as PaymentRequired).accepts[0]?.amount).toBe("1000");
    expect(await balances()).toEqual(before);
  });

  it("a payment that is not a PaymentPayload is refused with fresh terms and the reason", async () => {
    const before = await balances();
    for (const garbage of ["garbage", 42, { x402Version: 2 }]) {
      const r = await call("hello", { name: "Ada" }, garbage);
      expect(r.isError).toBe(true);
      const terms = r.structuredContent as unknown as PaymentRequired;
      expect(terms.accepts[0]?.amount).toBe("1000");
      // A stable reason code, never the x402 library's exception text (docs/security.md).
      expect(terms.error).toBe("invalid_payload");
    }
    expect(await balances()).toEqual(before);
  });

  it("two concurrent paid calls exceeding the balance: one answer and one charge, the other refused", async () => {
    const poor = await t.newPayer(1000n);
    const poorSigner = new x402Client().register(
      "eip155:*",
      new ExactEvmScheme(privateKeyToAccount(poor.key)),
    );
    const terms = (await call("hello", { name: "Ada" })).structuredContent as unknown as PaymentRequired;
    const payments = await Promise.all([terms, terms].map((x) => poorSigner.createPaymentPayload(x)));
    const payToBefore = await t.balance(t.payTo);
    const results = await Promise.all(payments.map((p) => call("hello", { name: "Ada" }, p)));
    const [answered, refused] = [results.filter((r) => !r.isError), results.filter((r) => r.isError)];
    expect([answered.length, refused.length]).toEqual([1, 1]);
    // Refused at verify (fresh terms) or at settlement (the failed settlement beside the terms).
    const loser = refused[0]?.structuredContent as unknown as PaymentRequired & Record<string, unknown>;
    expect(loser.x402Version).toBe(2);
    if (loser["x402/payment-response"])
      expect(loser["x402/payment-response"]).toMatchObject({ success: false });
    expect(await t.balance(poor.address)).toBe(0n);
    expect((await t.balance(t.payTo)) - payToBefore).toBe(1000n);
  });

  it("the nesting limit counts the JSON-RPC envelope: arguments may nest 62 levels", async () => {
    // Arguments of depth d (the object itself is level 1) sit at depth d + 2 in the message.
    const argsOfDepth = (d: number) => ({ name: JSON.parse(`${"[".repeat(d - 1)}${"]".repeat(d - 1)}`) });
    const post = (args: unknown) => postToolCall(t.url, "hello", args);
    const deep = await post(argsOfDepth(63));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      error: { code: "limit_exceeded", limit: { name: "nestingDepth" } },
    });
    const fits = await post(argsOfDepth(62));
    expect(fits.status).toBe(200);
    // Parsed and passed to the route, which quotes it (member types are checked after payment).
    expect((await fits.json()).result).toMatchObject({
      isError: true,
      structuredContent: { x402Version: 2 },
    });
  });

  it("GET /mcp is 405 (stateless endpoint: no SSE stream), in the service's error format", async () => {
    const r = await fetch(`${t.url}/mcp`);
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(await r.json()).toMatchObject({ error: { code: "method_not_allowed" } });
  });

  it("an unknown tool is a protocol error", async () => {
    await expect(call("no_such_tool", {})).rejects.toThrow(/unknown tool/);
  });
});

describe("the older HTTP+SSE transport (GET /mcp/sse, POST /mcp/messages)", () => {
  it("the SDK's SSEClientTransport lists the 21 tools and pays hello, 1000 atomic on chain", async () => {
    const sse = new Client({ name: "sse-agent", version: "1" });
    await sse.connect(new SSEClientTransport(new URL("/mcp/sse", t.url)));
    try {
      const { tools } = await sse.listTools();
      expect(tools).toHaveLength(21);
      expect(tools.map((x) => x.name).sort()).toEqual(
        (await client.listTools()).tools.map((x) => x.name).sort(),
      );
      const before = await balances();
      const unpaid = await call("hello", { name: "Ada" }, undefined, sse);
      const terms = unpaid.structuredContent as unknown as PaymentRequired;
      const paid = await call("hello", { name: "Ada" }, await signer.createPaymentPayload(terms), sse);
      expect(paid.structuredContent).toMatchObject({ hello: "Ada" });
      expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true });
      expect(before.payer - (await balances()).payer).toBe(1000n);
    } finally {
      await sse.close();
    }
  });

  it("a message for no open stream is 404 in the service's error format", async () => {
    const r = await fetch(`${t.url}/mcp/messages?sessionId=none`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("geo402 mcp (stdio, pays from a key within a session cap)", () => {
  /** `geo402 mcp` over stdio as a desktop agent starts it: paying from `key` within `maxSpend`, own home. */
  async function stdioAgent(key: string, maxSpend: string, extraArgs: string[] = []): Promise<Client> {
    const agent = new Client({ name: "desktop-agent", version: "1" });
    await agent.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          path.join(REPO_ROOT, "bin/geo402.mjs"),
          "mcp",
          "--url",
          t.url,
          "--key",
          key,
          "--max-spend",
          maxSpend,
          ...extraArgs,
        ],
        cwd: REPO_ROOT,
        env: {
          ...(process.env as Record<string, string>),
          GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-mcp-")),
        },
        stderr: "pipe",
      }),
    );
    return agent;
  }

  it("pays hello and marine depth, then refuses the call that would pass the cap, unsigned", async () => {
    const stdioPayer = await t.newPayer(1_000_000n);
    const agent = await stdioAgent(stdioPayer.key, "0.006", ["--scheme", "exact"]);
    try {
      const before = await t.balance(stdioPayer.address);
      const { tools } = await agent.listTools();
      expect(tools.map((x) => x.name)).toContain("marine_depth");
      const hello = (await agent.callTool({ name: "hello", arguments: { name: "Ada" } })) as CallToolResult;
      expect(hello.structuredContent).toMatchObject({ hello: "Ada" });
      const depth = (await agent.callTool({
        name: "marine_depth",
        arguments: { lat: 59.6033, lon: -151.4192 },
      })) as CallToolResult;
      expect(depth.isError).toBeFalsy();
      expect(depth._meta?.["x402/payment-response"]).toMatchObject({ success: true });
      const over = (await agent.callTool({ name: "hello", arguments: { name: "Ada" } })) as CallToolResult;
      expect(over.isError).toBe(true);
      expect((over.content[0] as { text: string }).text).toMatch(/cap/);
      expect(before - (await t.balance(stdioPayer.address))).toBe(6000n);
    } finally {
      await agent.close();
    }
  });

  it("pays repeated calls with batch-settlement by default: one deposit, then vouchers only", async () => {
    const stdioPayer = await t.newPayer(1_000_000n);
    const agent = await stdioAgent(stdioPayer.key, "0.01");
    const chain = t.service.devnet?.token.publicClient;
    try {
      const payToBefore = await t.balance(t.payTo);
      const settlements: SettleResponse[] = [];
      let afterDeposit = 0n;
      for (let i = 0; i < 5; i++) {
        const r = (await agent.callTool({ name: "hello", arguments: { name: "Ada" } })) as CallToolResult;
        expect(r.structuredContent).toMatchObject({ hello: "Ada" });
        settlements.push(r._meta?.["x402/payment-response"] as SettleResponse);
        if (i === 0) afterDeposit = (await chain?.getBlockNumber()) ?? 0n;
      }
      expect(settlements[0]?.transaction).toMatch(/^0x[0-9a-f]{64}$/); // the deposit: the session cap
      expect(settlements.slice(1).map((s) => s.transaction)).toEqual(["", "", "", ""]);
      expect(await chain?.getBlockNumber()).toBe(afterDeposit);
      expect(1_000_000n - (await t.balance(stdioPayer.address))).toBe(10_000n);
      const channels = (await t.service.batch?.scheme.getStorage().list()) ?? [];
      const mine = channels.find(
        (c) => c.channelConfig.payer.toLowerCase() === stdioPayer.address.toLowerCase(),
      );
      expect(mine?.chargedCumulativeAmount).toBe("5000");
      expect(await t.service.batch?.scheduler.runOnce()).toMatchObject({ leader: true, settled: true });
      expect((await t.balance(t.payTo)) - payToBefore).toBe(5000n);
    } finally {
      await agent.close();
    }
  });
});
