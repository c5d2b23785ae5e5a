// Command-line arguments of `geo402 quote|pay METHOD PATH [--data JSON] [--query k=v ...]`.
export interface CliArgs {
  command: "quote" | "pay";
  method: "GET" | "POST";
  path: string;
  data?: string;
  query: [string, string][];
  url?: string;
  key?: string;
  json: boolean;
}

export const USAGE = `usage:
  geo402 quote METHOD PATH [--data JSON] [--query k=v ...] [--url URL] [--json]
  geo402 pay   METHOD PATH [--data JSON] [--query k=v ...] [--url URL] [--key 0x...] [--json]
defaults: the service URL and payer key from .geo402/devnet.json (GEO402_HOME), or GEO402_URL / GEO402_PAYER_KEY`;

export class UsageError extends Error {}

export function parseArgs(argv: string[]): CliArgs {
  const [command, method, path, ...rest] = argv;
  if (command !== "quote" && command !== "pay") throw new UsageError(`unknown command "${command ?? ""}"`);
  const upper = method?.toUpperCase();
  if (upper !== "GET" && upper !== "POST")
    throw new UsageError(`METHOD must be GET or POST, got "${method ?? ""}"`);
  if (!path?.startsWith("/")) throw new UsageError(`PATH must start with /, got "${path ?? ""}"`);
  const args: CliArgs = { command, method: upper, path, query: [], json: false };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--data":
        args.data = value();
        break;
      case "--query": {
        const kv = value();
        const eq = kv.indexOf("=");
        if (eq <= 0) throw new UsageError(`--query takes k=v, got "${kv}"`);
        args.query.push([kv.slice(0, eq), kv.slice(eq + 1)]);
        break;
      }
      case "--url":
        args.url = value();
        break;
      case "--key":
        args.key = value();
        break;
      case "--json":
        args.json = true;
        break;
      default:
        throw new UsageError(`unknown option "${flag}"`);
    }
  }
  if (args.data !== undefined && args.method === "GET") throw new UsageError("--data goes with POST");
  return args;
}
