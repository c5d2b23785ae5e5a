// Starts the real service on loopback with the real embedded devnet (anvil, test USDC, facilitator)
// and gives paying clients built on @x402/fetch. For end-to-end tests only.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../service/config.ts";
import type { DataRegistry } from "../../service/data/registry.ts";
import { type Devnet, startDevnet } from "../../service/devnet/devnet.ts";
import { type RunningService, startService } from "../../service/runtime.ts";

export interface Payer {
  key: `0x${string}`;
  address: `0x${string}`;
  /** fetch that answers a 402 by signing and retrying (x402 v2, exact EIP-3009). */
  fetch: typeof fetch;
}

export interface TestService {
  url: string;
  service: RunningService;
  payTo: `0x${string}`;
  /** A fresh account funded with `atomic` test USDC (default 100 USDC) and no gas. */
  newPayer(atomic?: bigint): Promise<Payer>;
  balance(who: `0x${string}`): Promise<bigint>;
  close(): Promise<void>;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** A JSON-RPC call to the test service's devnet chain (anvil's own methods: evm_setAutomine, evm_mine…). */
export function chainRpc(t: TestService): (method: string, params?: unknown[]) => Promise<unknown> {
  const rpcUrl = t.service.devnet?.anvil.rpcUrl ?? "";
  return (method, params = []) =>
    fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }).then((r) => r.json());
}

/** The usual end-to-end file set-up: one test service and one funded payer, started before the
 * file's tests (handed to `set`) and closed after them. */
export function withServiceAndPayer(set: (t: TestService, payer: Payer) => void): void {
  let service: TestService | undefined;
  beforeAll(async () => {
    service = await startTestService();
    set(service, await service.newPayer());
  });
  afterAll(() => service?.close());
}

/** Tests run the compute pool on one thread (GEO402_COMPUTE_THREADS; production: one per CPU): each
 * thread loads the kernels and opens the families at start, seconds of CPU per service; a test that
 * asserts something of several threads sets it in `env`. */
const TEST_COMPUTE_THREADS = "1";

/**
 * One devnet per test process and network: anvil, test USDC and the facilitator thread start once
 * for every service a test worker starts (the e2e and http tiers keep a worker's modules across its
 * files: vitest.config.ts), not once per service, about 1.4 CPU-s each (docs/CONTRIBUTING.md#tests).
 * A worker runs its files one after another and each file funds fresh payers, so payer and payTo
 * deltas stay exact.
 */
const workerDevnets = new Map<string, Promise<Devnet>>();

function workerDevnet(network: `eip155:${number}`): Promise<Devnet> {
  let devnet = workerDevnets.get(network);
  if (!devnet) {
    devnet = startDevnet({ network, home: mkdtempSync(path.join(tmpdir(), "geo402-devnet-")) });
    workerDevnets.set(network, devnet);
    // vitest ends a worker with SIGTERM, which skips exit hooks by default: exit instead, so that
    // anvil's exit hook (service/devnet/anvil.ts) stops the chain; the threads end with the process.
    process.once("SIGTERM", () => process.exit(0));
  }
  return devnet;
}

export async function startTestService(
  opts: {
    revision?: "A" | "B";
    env?: Record<string, string>;
    data?: DataRegistry;
    logStream?: { write(line: string): void };
    /**
     * A devnet of the service's own, stopped with it: for a test that pauses mining, stops anvil or
     * the facilitator, or pays with the devnet's own payer (its channels would outlive the file).
     * A block time (GEO402_DEVNET_BLOCK_TIME in `env`) implies one.
     */
    ownDevnet?: boolean;
  } = {},
): Promise<TestService> {
  const config = loadConfig(
    {
      GEO402_REVISION: opts.revision ?? "B",
      PORT: "0",
      GEO402_ADMIN_PORT: "0",
      LOG_LEVEL: "silent",
      GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-test-")),
      GEO402_ARTIFACTS: path.join(REPO_ROOT, "artifacts"),
      GEO402_COMPUTE_THREADS: TEST_COMPUTE_THREADS,
      ...opts.env,
    },
    REPO_ROOT,
  );
  const own = opts.ownDevnet || config.devnetBlockTimeS !== undefined;
  const service = await startService(config, {
    ...(opts.data ? { data: opts.data } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(own ? {} : { devnet: await workerDevnet(config.network) }),
  });
  const devnet = service.devnet;
  if (!devnet) throw new Error("tests run on the embedded devnet");
  // The families are checked and the compute workers start after the service listens; tests begin
  // once they have (their deadlines are short), as a load balancer waits for /readyz.
  await service.warm;
  return {
    url: service.url,
    service,
    payTo: devnet.payTo,
    async newPayer(atomic = 100_000_000n) {
      const key = generatePrivateKey();
      const account = privateKeyToAccount(key);
      await devnet.token.mint(account.address, atomic);
      return { key, address: account.address, fetch: payingFetch(key) };
    },
    balance: (who) => devnet.token.balanceOf(who),
    close: () => service.close(),
  };
}

/**
 * The service in production mode (a facilitator URL, no devnet of its own), started and warm:
 * `env` names the facilitator, PAY_TO and any auth.
 */
export async function startRemoteService(
  env: Record<string, string>,
  logStream?: { write(line: string): void },
): Promise<RunningService> {
  const config = loadConfig(
    {
      PORT: "0",
      GEO402_ADMIN_PORT: "0",
      LOG_LEVEL: logStream ? "debug" : "silent",
      GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-remote-")),
      GEO402_ARTIFACTS: path.join(REPO_ROOT, "artifacts"),
      GEO402_COMPUTE_THREADS: TEST_COMPUTE_THREADS,
      ...env,
    },
    REPO_ROOT,
  );
  const service = await startService(config, logStream ? { logStream } : {});
  await service.warm;
  return service;
}

export function payingFetch(key: `0x${string}`): typeof fetch {
  return wrapFetchWithPayment(fetch, exactClient(key));
}

/** The official x402 client, paying with `exact` (EIP-3009) signed by `key`. */
export function exactClient(key: `0x${string}`): x402Client {
  return new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(key)));
}

/** The official client's HTTP side for `key`: a 402's terms → the payment header, by hand. */
export const exactSigner = (key: `0x${string}`): x402HTTPClient => new x402HTTPClient(exactClient(key));

/** POST JSON helper. */
export function postJson(f: typeof fetch, url: string, body: unknown, headers: Record<string, string> = {}) {
  return f(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}
