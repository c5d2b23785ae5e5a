// Starts anvil (the binary inside the npm package @foundry-rs/anvil-linux-amd64; nothing is
// downloaded) on a free loopback port with the network's chain id, and stops it with the process.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";

const require = createRequire(import.meta.url);

const ANVIL_PACKAGES: Record<string, string> = {
  "linux-x64": "@foundry-rs/anvil-linux-amd64",
  "linux-arm64": "@foundry-rs/anvil-linux-arm64",
  "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
  "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
};

/**
 * Recent chain states anvil keeps in memory (older ones are dropped, none go to disk). Each is a
 * copy of the whole state, which grows by a storage slot per payment: 256 took anvil to 409 MiB
 * after 3,000 transactions, 8 to 82 MiB (docs/performance.md). A read names a block at most a few
 * blocks old.
 */
export const ANVIL_STATES_KEPT = 16;
/** Blocks whose transactions and receipts anvil keeps. */
export const ANVIL_BLOCKS_KEPT = 4096;

export interface AnvilNode {
  rpcUrl: string;
  chainId: number;
  pid: number | undefined;
  /** False once the anvil process has ended, whatever the cause. */
  running(): boolean;
  /**
   * Called once if anvil ends without stop() (killed, crashed): the chain and its state are gone.
   * Returns the listener's removal (a service on a devnet that outlives it removes its own).
   */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): () => void;
  stop(): Promise<void>;
}

/** The chain id of a CAIP-2 `eip155:<id>` network. */
export const chainIdOf = (network: `eip155:${number}`): number => Number(network.split(":")[1]);

function anvilBinary(): string {
  const pkg = ANVIL_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`no anvil package for ${process.platform}-${process.arch}`);
  return require.resolve(`${pkg}/bin/anvil`);
}

/** A port the OS just handed out on 127.0.0.1 (closed again before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function rpcCall(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 10_000,
): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    signal: AbortSignal.timeout(timeoutMs),
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** `blockTimeS`: mine every that many seconds (`--block-time`), as a real chain; absent: a block per transaction, at once. */
export async function startAnvil(chainId: number, blockTimeS?: number): Promise<AnvilNode> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  if ((await rpcCall(rpcUrl, "eth_chainId").catch(() => null)) !== null) {
    throw new Error(`port ${port} already has a JSON-RPC node`);
  }
  const args = [
    "--chain-id",
    String(chainId),
    "--port",
    String(port),
    "--host",
    "127.0.0.1",
    "--silent",
    "--accounts",
    "10",
    // Flat over long runs (blocks are mined on demand, one per transaction): at most 256 recent
    // states in memory and none written to disk (a bare --prune-history keeps only the latest state,
    // and a read racing a new block then fails), and the transactions of the last 4096 blocks.
    "--prune-history",
    String(ANVIL_STATES_KEPT),
    "--transaction-block-keeper",
    String(ANVIL_BLOCKS_KEPT),
    ...(blockTimeS === undefined ? [] : ["--block-time", String(blockTimeS)]),
  ];
  const proc: ChildProcess = spawn(anvilBinary(), args, { stdio: ["ignore", "ignore", "pipe"] });
  let exited = false;
  let stopping = false;
  let stderr = "";
  const unexpected: ((code: number | null, signal: NodeJS.Signals | null) => void)[] = [];
  proc.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  proc.on("exit", (code, signal) => {
    exited = true;
    if (!stopping) for (const listener of unexpected) listener(code, signal);
  });
  const kill = () => {
    if (!exited) proc.kill("SIGKILL");
  };
  process.once("exit", kill);
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw new Error(`anvil exited early: ${stderr}`);
    if (Date.now() > deadline) {
      kill();
      throw new Error("anvil did not answer within 20 s");
    }
    const id = await rpcCall(rpcUrl, "eth_chainId").catch(() => null);
    if (typeof id === "string" && Number(id) === chainId) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return {
    rpcUrl,
    chainId,
    pid: proc.pid,
    running: () => !exited,
    onUnexpectedExit: (listener) => {
      unexpected.push(listener);
      return () => {
        const i = unexpected.indexOf(listener);
        if (i >= 0) unexpected.splice(i, 1);
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        process.removeListener("exit", kill);
        if (exited) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}
