// `geo402 mcp`: an MCP server on stdin/stdout for desktop agents. It lists the service's tools
// (from its /mcp endpoint) and pays for each call from a configured key, refusing to sign once the
// session's spending cap would be passed. The agent never handles a key or a payment. Repeated
// calls are what an agent makes, so it pays with batch-settlement by default when the service
// offers it (cli/batch-payer.ts: one deposit of at most the session cap, then a voucher per call).
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { privateKeyToAccount } from "viem/accounts";
import { KEY } from "../service/config.ts";
import { PAYMENT_META, PAYMENT_RESPONSE_META } from "../service/mcp/x402-meta.ts";
import { atomicToDollars, dollarsToAtomic } from "../service/money.ts";
import { BATCH, channelDir, createPayer, type PayScheme } from "./batch-payer.ts";
import { type DevnetIdentity, lookalikeRefusal } from "./mainnet-guard.ts";
import { paymentRequiredOf } from "./mcp-payment.ts";

const DEFAULT_MAX_SPEND = "0.10";

const MCP_USAGE = `usage:
  geo402 mcp [--url URL] [--key 0x...] [--max-spend DOLLARS] [--scheme batch-settlement|exact]
             [--max-deposit DOLLARS] [--allow-mainnet-lookalike]
an MCP server on stdio that pays for each tool call; --max-spend caps the session (default $${DEFAULT_MAX_SPEND});
batch-settlement (default, when the service offers it) deposits at most --max-deposit (default: the
cap) once and signs a voucher per call; channel state is kept in GEO402_HOME/payer-channels.
An agent calls repeatedly: keep vouchers. With --scheme exact every call waits for the block holding
its transfer (2 s blocks, as on Base: p50 2.0 s against 22 ms for a voucher-paid call;
docs/performance.md#a-chain-with-real-block-times)`;

interface McpOptions {
  url: string;
  key: `0x${string}`;
  /** The most this session may pay, in atomic USDC units. */
  capAtomic: bigint;
  scheme: PayScheme;
  /** The most one batch-settlement deposit may lock, in atomic USDC units. */
  maxDepositAtomic: bigint;
  channelDir: string;
  rpcUrl?: string;
}

class McpUsageError extends Error {}
class McpHelp extends Error {}

interface McpArgs {
  url?: string;
  key?: string;
  maxSpend: string;
  scheme: PayScheme;
  maxDeposit?: string;
  allowMainnetLookalike: boolean;
}

function parseMcpArgs(argv: string[]): McpArgs {
  const out: McpArgs = {
    maxSpend: DEFAULT_MAX_SPEND,
    scheme: BATCH,
    allowMainnetLookalike: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--help" || flag === "-h") throw new McpHelp();
    if (flag === "--allow-mainnet-lookalike") {
      out.allowMainnetLookalike = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined) throw new McpUsageError(`${flag} needs a value`);
    if (flag === "--url") out.url = value;
    else if (flag === "--key") out.key = value;
    else if (flag === "--max-spend") out.maxSpend = value;
    else if (flag === "--max-deposit") out.maxDeposit = value;
    else if (flag === "--scheme") {
      if (value !== "exact" && value !== BATCH)
        throw new McpUsageError(`--scheme takes exact or batch-settlement, got "${value}"`);
      out.scheme = value;
    } else throw new McpUsageError(`unknown option "${flag}"`);
  }
  return out;
}

/** A paying proxy: tools/list and tools/call forwarded to the service, paid within the cap. */
async function startMcpProxy(
  opts: McpOptions,
  io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream; log?: (line: string) => void } = {},
): Promise<{ closed: Promise<void> }> {
  const log = io.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Relative to the service URL, so a service under a path prefix keeps it.
  const endpoint = new URL("mcp", opts.url.endsWith("/") ? opts.url : `${opts.url}/`);
  const remote = new Client({ name: "geo402-mcp-stdio", version: "0.2.0" });
  await remote.connect(new StreamableHTTPClientTransport(endpoint));

  let spent = 0n;
  const payer = createPayer({
    key: opts.key,
    scheme: opts.scheme,
    channelDir: opts.channelDir,
    ...(opts.rpcUrl ? { rpcUrl: opts.rpcUrl } : {}),
    maxDepositAtomic: opts.maxDepositAtomic,
  }).onBeforePaymentCreation(async ({ selectedRequirements }) => {
    const amount = BigInt(selectedRequirements.amount);
    if (spent + amount > opts.capAtomic)
      return { abort: true, reason: capMessage(amount, spent, opts.capAtomic) };
    spent += amount; // reserved now, released below if nothing is settled
  });

  const server = new Server(
    { name: "geo402", version: "0.2.0" },
    {
      capabilities: { tools: {} },
      instructions: `Geospatial primitives; each call is paid in USDC from the configured key, up to $${atomicToDollars(opts.capAtomic)} this session.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const call = { name: request.params.name, arguments: request.params.arguments ?? {} };
    const first = (await remote.callTool(call)) as CallToolResult;
    const terms = paymentRequiredOf(first);
    if (!terms) return first;
    // One paid attempt; a corrective 402 (batch-settlement: the channel's cumulative amount was out
    // of step) resynchronises the channel and is retried once.
    const attempt = async (retry: boolean): Promise<CallToolResult> => {
      let payment: Awaited<ReturnType<typeof payer.createPaymentPayload>>;
      try {
        payment = await payer.createPaymentPayload(terms);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        log(`geo402 mcp: not paying for ${call.name}: ${reason}`);
        return { isError: true, content: [{ type: "text", text: `Not paid, nothing charged: ${reason}` }] };
      }
      const paid = (await remote.callTool({ ...call, _meta: { [PAYMENT_META]: payment } })) as CallToolResult;
      const settlement = paid._meta?.[PAYMENT_RESPONSE_META] as SettleResponse | undefined;
      const amount = BigInt(payment.accepted.amount);
      const corrective: PaymentRequired | undefined = settlement ? undefined : paymentRequiredOf(paid);
      // The scheme's hooks keep the channel state: the charge of a settlement, or a resync.
      const outcome = await payer.handlePaymentResponse({
        paymentPayload: payment,
        requirements: payment.accepted,
        ...(settlement ? { settleResponse: settlement } : {}),
        ...(corrective ? { paymentRequired: corrective } : {}),
      });
      if (settlement?.success) {
        const how = settlement.transaction || "voucher, settled in the next batch claim";
        log(`geo402 mcp: paid $${atomicToDollars(amount)} for ${call.name} (${how})`);
        return paid;
      }
      spent -= amount;
      return outcome?.recovered && !retry ? attempt(true) : paid;
    };
    return attempt(false);
  });

  const transport = new StdioServerTransport(
    io.stdin as ConstructorParameters<typeof StdioServerTransport>[0],
    io.stdout as ConstructorParameters<typeof StdioServerTransport>[1],
  );
  const closed = new Promise<void>((resolve) => {
    (io.stdin ?? process.stdin).once("end", () => {
      void Promise.all([server.close(), remote.close()]).finally(resolve);
    });
  });
  await server.connect(transport);
  log(
    `geo402 mcp: ${endpoint.href}, paying from ${privateKeyToAccount(opts.key).address}, at most $${atomicToDollars(opts.capAtomic)} this session`,
  );
  return { closed };
}

function capMessage(amount: bigint, spent: bigint, cap: bigint): string {
  return `this call costs $${atomicToDollars(amount)}; the session has paid $${atomicToDollars(spent)} of its $${atomicToDollars(cap)} cap (--max-spend)`;
}

/** `geo402 mcp …`: resolves with the exit code when stdin closes. */
export async function mcpMain(
  argv: string[],
  defaults: { home?: string; url?: string; key?: string; rpcUrl?: string; devnet?: DevnetIdentity },
): Promise<number> {
  try {
    const args = parseMcpArgs(argv);
    const url = args.url ?? process.env.GEO402_URL ?? defaults.url;
    const key = args.key ?? process.env.GEO402_PAYER_KEY ?? defaults.key;
    if (!url) throw new McpUsageError("no service URL: pass --url, set GEO402_URL, or run make serve");
    if (!key || !KEY.test(key))
      throw new McpUsageError(
        "no payer key (0x and 64 hex digits): pass --key, set GEO402_PAYER_KEY, or run make serve",
      );
    // The same look-alike guard as geo402 pay (cli/mainnet-guard.ts).
    const lookalike = lookalikeRefusal(
      defaults.devnet,
      url,
      key as `0x${string}`,
      args.allowMainnetLookalike,
    );
    if (lookalike) {
      console.error(lookalike);
      return 1;
    }
    let capAtomic: bigint;
    try {
      capAtomic = dollarsToAtomic(args.maxSpend);
    } catch {
      throw new McpUsageError(`--max-spend takes dollars with at most 6 decimals, got "${args.maxSpend}"`);
    }
    let maxDepositAtomic = capAtomic;
    if (args.maxDeposit !== undefined) {
      try {
        maxDepositAtomic = dollarsToAtomic(args.maxDeposit);
      } catch {
        throw new McpUsageError(
          `--max-deposit takes dollars with at most 6 decimals, got "${args.maxDeposit}"`,
        );
      }
    }
    const { closed } = await startMcpProxy({
      url,
      key: key as `0x${string}`,
      capAtomic,
      scheme: args.scheme,
      maxDepositAtomic,
      // The devnet chain only serves the devnet file's own service.
      ...(defaults.rpcUrl && url === defaults.url ? { rpcUrl: defaults.rpcUrl } : {}),
      channelDir: channelDir(
        defaults.home ?? path.resolve(".geo402"),
        url === defaults.url ? defaults.rpcUrl : undefined,
      ),
    });
    await closed;
    return 0;
  } catch (err) {
    if (err instanceof McpHelp) {
      console.log(MCP_USAGE);
      return 0;
    }
    if (err instanceof McpUsageError) {
      console.error(`${err.message}\n${MCP_USAGE}`);
      return 2;
    }
    console.error(`geo402 mcp failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
