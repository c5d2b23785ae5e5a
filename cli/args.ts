// Command-line arguments of `geo402 quote|pay METHOD PATH [--data JSON] [--query k=v ...]`, parsed
// by node:util parseArgs.
import type { PayScheme } from "./batch-payer.ts";
import { strictParseArgs } from "./strict-args.ts";

/** The most a batch-settlement deposit may lock unless --max-deposit says otherwise (dollars). */
export const DEFAULT_MAX_DEPOSIT = "5";

export interface CliArgs {
  command: "quote" | "pay" | "help";
  method: "GET" | "POST";
  path: string;
  data?: string;
  query: [string, string][];
  url?: string;
  key?: string;
  json: boolean;
  /** `exact` (default: one on-chain transfer per call) or `batch-settlement` (a deposit, then vouchers). */
  scheme: PayScheme;
  /** Dollars one batch-settlement deposit may lock at most. */
  maxDeposit: string;
  /** Sign for a devnet that reuses a mainnet chain id with a key that is not a devnet account. */
  allowMainnetLookalike: boolean;
}

export const USAGE = `usage (from the repository, after npm install):
  npx geo402 quote METHOD PATH [--data JSON] [--query k=v ...] [--url URL] [--json]
  npx geo402 pay   METHOD PATH [--data JSON] [--query k=v ...] [--url URL] [--key 0x...] [--json]
                   [--scheme exact|batch-settlement] [--max-deposit DOLLARS] [--allow-mainnet-lookalike]
  npx geo402 --help (or -h, after any command too)
defaults: the service URL and payer key from .geo402/devnet.json (GEO402_HOME), or GEO402_URL / GEO402_PAYER_KEY
--scheme batch-settlement: the first call deposits into a channel (at most --max-deposit, default
  $${DEFAULT_MAX_DEPOSIT}), later calls sign a voucher only; channel state is kept in GEO402_HOME/payer-channels.
  Use it for repeated calls: an exact call waits for the block holding its transfer (2 s blocks, as
  on Base: p50 2.0 s, 0.6 calls/s for one client) and a voucher-paid call does not (p50 22 ms,
  27 calls/s; docs/performance.md#a-chain-with-real-block-times)
exit codes: 0 answered (or quoted), 1 refused or unreachable, 2 usage error`;

export class UsageError extends Error {}

const OPTIONS = {
  data: { type: "string" },
  query: { type: "string", multiple: true },
  url: { type: "string" },
  key: { type: "string" },
  scheme: { type: "string" },
  "max-deposit": { type: "string" },
  json: { type: "boolean" },
  "allow-mainnet-lookalike": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const HELP_ARGS: CliArgs = {
  command: "help",
  method: "GET",
  path: "/",
  query: [],
  json: false,
  scheme: "exact",
  maxDeposit: DEFAULT_MAX_DEPOSIT,
  allowMainnetLookalike: false,
};

/** The arguments (node:util parseArgs), or throws UsageError saying what is wrong. */
export function parseArgs(argv: string[]): CliArgs {
  const { values: v, positionals } = parseWith(argv);
  const [command, method, path, extra] = positionals;
  if (v.help || command === "help") return HELP_ARGS;
  if (command !== "quote" && command !== "pay") throw new UsageError(`unknown command "${command ?? ""}"`);
  const upper = method?.toUpperCase();
  if (upper !== "GET" && upper !== "POST")
    throw new UsageError(`METHOD must be GET or POST, got "${method ?? ""}"`);
  if (!path?.startsWith("/")) throw new UsageError(`PATH must start with /, got "${path ?? ""}"`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (v.scheme !== undefined && v.scheme !== "exact" && v.scheme !== "batch-settlement")
    throw new UsageError(`--scheme takes exact or batch-settlement, got "${v.scheme}"`);
  if (v.data !== undefined && upper === "GET") throw new UsageError("--data goes with POST");
  return {
    command,
    method: upper,
    path,
    ...(v.data !== undefined ? { data: v.data } : {}),
    query: (v.query ?? []).map((kv) => {
      const eq = kv.indexOf("=");
      if (eq <= 0) throw new UsageError(`--query takes k=v, got "${kv}"`);
      return [kv.slice(0, eq), kv.slice(eq + 1)];
    }),
    ...(v.url !== undefined ? { url: v.url } : {}),
    ...(v.key !== undefined ? { key: v.key } : {}),
    json: v.json === true,
    scheme: v.scheme ?? "exact",
    maxDeposit: v["max-deposit"] ?? DEFAULT_MAX_DEPOSIT,
    allowMainnetLookalike: v["allow-mainnet-lookalike"] === true,
  };
}

const parseWith = (argv: string[]) =>
  strictParseArgs(
    { args: argv, options: OPTIONS, allowPositionals: true, strict: true },
    (m) => new UsageError(m),
  );
