// `geo402 quote` prints a route's decoded payment terms; `geo402 pay` pays with x402, prints the
// answer and the decoded PAYMENT-RESPONSE. Exit codes: 0 answered, 1 refused, 2 usage error.
import { readFileSync } from "node:fs";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { atomicToDollars } from "../service/money.ts";
import { type CliArgs, parseArgs, USAGE, UsageError } from "./args.ts";
import { mcpMain } from "./mcp.ts";

interface Defaults {
  url?: string;
  key?: string;
}

function devnetDefaults(): Defaults {
  const home = path.resolve(process.env.GEO402_HOME ?? ".geo402");
  try {
    const f = JSON.parse(readFileSync(path.join(home, "devnet.json"), "utf8")) as {
      serviceUrl: string;
      payerPrivateKey: string;
    };
    return { url: f.serviceUrl, key: f.payerPrivateKey };
  } catch {
    return {};
  }
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
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? code;
  } catch {
    // not JSON
  }
  const settlement = res.headers.get("payment-response");
  print(`refused: ${res.status} ${code}\n${text}`, {
    status: res.status,
    code,
    body: text,
    ...(settlement ? { paymentResponse: decodePaymentResponseHeader(settlement) } : {}),
  });
  return 1;
}

async function quote(args: CliArgs, base: string, print: Out): Promise<number> {
  const { url, init } = request(args, base);
  const res = await fetch(url, init);
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

async function pay(args: CliArgs, base: string, key: string | undefined, print: Out): Promise<number> {
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new UsageError("no payer key: pass --key, set GEO402_PAYER_KEY, or run make serve");
  const client = new x402Client().register(
    "eip155:*",
    new ExactEvmScheme(privateKeyToAccount(key as `0x${string}`)),
  );
  const { url, init } = request(args, base);
  const res = await wrapFetchWithPayment(fetch, client)(url, init);
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
  if (argv[0] === "mcp") return mcpMain(argv.slice(1), devnetDefaults());
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const defaults = devnetDefaults();
  const base = args.url ?? process.env.GEO402_URL ?? defaults.url;
  const print: Out = (human, json) => console.log(args.json ? JSON.stringify(json) : human);
  if (!base) {
    console.error(
      "no service URL: pass --url, set GEO402_URL, or run make serve (it writes .geo402/devnet.json)",
    );
    return 2;
  }
  try {
    return args.command === "quote"
      ? await quote(args, base, print)
      : await pay(args, base, args.key ?? process.env.GEO402_PAYER_KEY ?? defaults.key, print);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    console.error(`failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
