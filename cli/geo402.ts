// `geo402 quote` prints a route's decoded payment terms; `geo402 pay` pays with x402 (`exact`, or
// `--scheme batch-settlement`: cli/batch-payer.ts), prints the answer and the decoded PAYMENT-RESPONSE. Exit codes: 0 answered, 1 refused or unreachable,
// 2 usage error (and `--help`: usage on stdout, 0).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { KEY } from "../service/config.ts";
import { atomicToDollars, dollarsToAtomic } from "../service/money.ts";
import { type CliArgs, parseArgs, USAGE, UsageError } from "./args.ts";
import { channelDir, createPayer } from "./batch-payer.ts";
import { type DevnetIdentity, lookalikeRefusal } from "./mainnet-guard.ts";

interface Defaults {
  /** GEO402_HOME: the devnet file and the payer's channel files live here. */
  home: string;
  url?: string;
  key?: string;
  /** The devnet chain's JSON-RPC URL (a batch-settlement client reads its channel back from it). */
  rpcUrl?: string;
  devnet?: DevnetIdentity;
}

function devnetDefaults(): Defaults {
  const home = path.resolve(process.env.GEO402_HOME ?? ".geo402");
  try {
    const f = JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8")) as {
      serviceUrl: string;
      payerPrivateKey: string;
      rpcUrl: string;
      chainId: number;
      fundedAccounts?: string[];
    };
    return {
      home,
      url: f.serviceUrl,
      key: f.payerPrivateKey,
      rpcUrl: f.rpcUrl,
      devnet: { serviceUrl: f.serviceUrl, chainId: f.chainId, fundedAccounts: f.fundedAccounts ?? [] },
    };
  } catch {
    return { home };
  }
}

/** A fetch failure that names what was unreachable and why (not only "fetch failed"). */
class UnreachableError extends Error {}

async function reach(f: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await f(url, init);
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (!(err instanceof TypeError) || !cause) throw err;
    const why = [cause.code, cause.message].filter(Boolean).join(": ");
    throw new UnreachableError(`could not reach ${new URL(url).origin} (${url}): ${why || err.message}`);
  }
}

/** The payer key and where it came from; a present but malformed key is named as malformed. */
function payerKey(args: CliArgs, defaults: Defaults): `0x${string}` {
  const [source, key] =
    args.key !== undefined
      ? ["--key", args.key]
      : process.env.GEO402_PAYER_KEY !== undefined
        ? ["GEO402_PAYER_KEY", process.env.GEO402_PAYER_KEY]
        : defaults.key !== undefined
          ? ["the devnet file", defaults.key]
          : [null, undefined];
  if (source === null || key === undefined)
    throw new UsageError("no payer key: pass --key, set GEO402_PAYER_KEY, or start the devnet (npm start)");
  if (!KEY.test(key)) {
    throw new UsageError(
      `malformed payer key from ${source}: expected 0x followed by 64 hex digits, got ${key.length} characters`,
    );
  }
  return key as `0x${string}`;
}

function request(args: CliArgs, baseUrl: string): { url: string; init: RequestInit } {
  const url = new URL(args.path, baseUrl);
  for (const [k, v] of args.query) url.searchParams.append(k, v);
  const init: RequestInit = { method: args.method };
  if (args.method === "POST") {
    init.headers = { "content-type": "application/json" };
    init.body = args.data ?? "{}";
  }
  return { url: url.toString(), init };
}

type Out = (human: string, json: Record<string, unknown>) => void;

async function refusal(res: Response, print: Out): Promise<number> {
  const text = await res.text();
  let code = `http_${res.status}`;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
    code = (body as { error?: { code?: string } }).error?.code ?? code;
  } catch {
    // not JSON: the body stays the text
  }
  const settlement = res.headers.get("payment-response");
  print(`refused: ${res.status} ${code}\n${text}`, {
    status: res.status,
    code,
    body,
    ...(settlement ? { paymentResponse: decodePaymentResponseHeader(settlement) } : {}),
  });
  return 1;
}

async function quote(args: CliArgs, base: string, print: Out): Promise<number> {
  const { url, init } = request(args, base);
  const res = await reach(fetch, url, init);
  if (res.status === 200) {
    print(`${args.method} ${args.path} is free`, { free: true });
    return 0;
  }
  if (res.status !== 402) return refusal(res, print);
  const terms = decodePaymentRequiredHeader(res.headers.get("payment-required") ?? "");
  const a = terms.accepts[0];
  if (!a) throw new Error("the 402 carried no payment option");
  const dollars = atomicToDollars(BigInt(a.amount));
  print(
    [
      `${args.method} ${args.path}`,
      `price     $${dollars} (${a.amount} atomic units, 6 decimals)`,
      `network   ${a.network}`,
      `asset     ${a.asset} (${String(a.extra?.name ?? "")} v${String(a.extra?.version ?? "")})`,
      `payTo     ${a.payTo}`,
      `scheme    ${a.scheme}, valid ${a.maxTimeoutSeconds} s`,
    ].join("\n"),
    { route: `${args.method} ${args.path}`, price: `$${dollars}`, ...a },
  );
  return 0;
}

async function pay(args: CliArgs, base: string, defaults: Defaults, print: Out): Promise<number> {
  const key = payerKey(args, defaults);
  const refusedLookalike = lookalikeRefusal(defaults.devnet, base, key, args.allowMainnetLookalike);
  if (refusedLookalike) {
    console.error(refusedLookalike);
    return 1;
  }
  let maxDepositAtomic: bigint;
  try {
    maxDepositAtomic = dollarsToAtomic(args.maxDeposit);
  } catch {
    throw new UsageError(`--max-deposit takes dollars with at most 6 decimals, got "${args.maxDeposit}"`);
  }
  // The devnet chain only serves the devnet file's own service.
  const rpcUrl = base === defaults.url ? defaults.rpcUrl : undefined;
  const client = createPayer({
    key,
    scheme: args.scheme,
    channelDir: channelDir(defaults.home, rpcUrl),
    ...(rpcUrl ? { rpcUrl } : {}),
    maxDepositAtomic,
  });
  const { url, init } = request(args, base);
  const res = await reach(wrapFetchWithPayment(fetch, client), url, init);
  if (res.status !== 200) return refusal(res, print);
  const answer = (await res.json()) as Record<string, unknown>;
  const header = res.headers.get("payment-response");
  const settlement = header ? decodePaymentResponseHeader(header) : null;
  print(`${JSON.stringify(answer, null, 2)}\n\nPAYMENT-RESPONSE ${JSON.stringify(settlement, null, 2)}`, {
    answer,
    paymentResponse: settlement,
  });
  return settlement && !settlement.success ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  // The MCP bridge (the MCP SDK) and the devnet (anvil, contracts, the facilitator) are loaded only
  // for their own commands: `quote` and `pay` start without them.
  if (argv[0] === "mcp") return (await import("./mcp.ts")).mcpMain(argv.slice(1), devnetDefaults());
  if (argv[0] === "devnet") return (await import("./devnet.ts")).devnetMain(argv.slice(1));
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  if (args.command === "help") {
    console.log(USAGE);
    return 0;
  }
  const defaults = devnetDefaults();
  const base = args.url ?? process.env.GEO402_URL ?? defaults.url;
  const print: Out = (human, json) => console.log(args.json ? JSON.stringify(json) : human);
  if (!base) {
    console.error(
      "no service URL: pass --url, set GEO402_URL, or start the devnet with npm start (it writes .geo402/devnet.json)",
    );
    return 2;
  }
  try {
    return args.command === "quote" ? await quote(args, base, print) : await pay(args, base, defaults, print);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    if (err instanceof UnreachableError) {
      console.error(err.message);
      return 1;
    }
    console.error(`failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
