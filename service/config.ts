// Configuration from the environment, checked once at start-up with every problem reported at once.
import { availableParallelism } from "node:os";
import path from "node:path";
import { dollarsToAtomic } from "./money.ts";
import {
  type FacilitatorAuth,
  facilitatorAuthFromEnv,
  HOSTED_FACILITATOR_URL,
  isTestnetOnlyFacilitator,
} from "./payment/facilitator-auth.ts";

export type Revision = "A" | "B";

/** CAIP-2 network of each revision (spec: "Two revisions of the service catalog"). */
export const REVISION_NETWORK: Record<Revision, `eip155:${number}`> = {
  A: "eip155:84532",
  B: "eip155:8453",
};

export interface Config {
  revision: Revision;
  network: `eip155:${number}`;
  host: string;
  port: number;
  /** Set in production; absent → the embedded devnet runs chain, token and facilitator. */
  facilitatorUrl?: string;
  /** How the service authenticates to a hosted facilitator (CDP, PayAI, static headers). */
  facilitatorAuth?: FacilitatorAuth;
  /** Set in production; on the devnet a dev account receives. */
  payTo?: `0x${string}`;
  /** Public base URL used in payment terms and OpenAPI `servers` (behind a proxy). */
  publicUrl?: string;
  /** Key the service pays /demo purchases with in production (devnet: the devnet payer). */
  demoPayerKey?: `0x${string}`;
  /** Root of built artifacts (`<family>/current` pointers below it). */
  artifactsDir: string;
  /** Where the devnet file and compiled contracts go. */
  home: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "silent";
  /** Whole-request deadline for reading a request (slow clients get 408). */
  requestTimeoutMs: number;
  /** Worker threads of the compute pool (GEO402_COMPUTE_THREADS; default: the CPU count). */
  computeThreads: number;
  /** Tasks that may wait for a worker before priced pool routes are refused 503 overloaded. */
  computeQueue: number;
  /** Deadline of one priced computation once a worker runs it, queue wait excluded (GEO402_COMPUTE_TIMEOUT_MS). */
  computeTimeoutMs: number;
  /** How long a pool task may wait for a worker (GEO402_COMPUTE_QUEUE_TIMEOUT_MS). */
  computeQueueTimeoutMs: number;
  /** Old-generation heap cap of each worker in MiB (GEO402_COMPUTE_MEMORY_MB). */
  computeMemoryMb: number;
  /** Pool tasks (running or queued) one payer may hold at once (GEO402_COMPUTE_PAYER_SHARE). */
  computePayerShare: number;
  /** Open client connections at most (GEO402_MAX_CONNECTIONS); one more is closed at once. */
  maxConnections: number;
  /** Open connections from one remote address at most (GEO402_MAX_CONNECTIONS_PER_ADDRESS; 0: no cap). */
  maxConnectionsPerAddress: number;
  /** A request's line and headers must arrive within this many milliseconds (GEO402_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many milliseconds (GEO402_KEEPALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Milliseconds between checks of the families' `current` pointers (0: fs.watch and SIGHUP only). */
  dataPollMs: number;
  /** GEO402_REFRESH_IN_SERVICE=1: run `geo402-ingest schedule` (GEO402_REFRESH_CRON) beside the service. */
  refreshInService: boolean;
  /** GEO402_REFRESH_CRON, handed to the scheduler process (which checks its syntax). */
  refreshCron?: string;
  /** GEO402_DRAIN_MS: on SIGTERM, /readyz answers 503 this long while the API serves, then it closes. */
  drainMs: number;
  /** Admin listener (/healthz, /readyz, /metrics): GEO402_ADMIN_PORT (default 4021; "off": none). */
  adminPort: number | null;
  /** GEO402_ADMIN_HOST, loopback by default: probes and scrapers reach it, callers do not. */
  adminHost: string;
  /** GEO402_CORS_ORIGINS: "*" (default) or a comma-separated list of allowed origins. */
  corsOrigins: "*" | string[];
  /**
   * GEO402_REDIS_URL: shared state of replicas (paid answers kept for retries, batch-settlement
   * channels and the claim leader lease); absent: in-process, channels in files under home.
   */
  redisUrl?: string;
  /** GEO402_RPC_URL: a read-only JSON-RPC endpoint of the network, to look up past settlements (devnet: its chain). */
  rpcUrl?: string;
  /** Seconds a paid answer is kept for a retry of the same payment (GEO402_PAID_ANSWER_TTL_S). */
  paidAnswerTtlS: number;
  /**
   * GEO402_RECEIVER_AUTHORIZER_KEY: the key that signs the service's batch-settlement claims and
   * refunds. The devnet uses a dev account; in production batch-settlement is offered only with it.
   */
  receiverAuthorizerKey?: `0x${string}`;
  /** GEO402_BATCH_CLAIM_PERIOD_S: seconds between claim rounds (1..300, default 60). */
  batchClaimPeriodS: number;
  /** GEO402_BATCH_CLAIM_THRESHOLD: dollars unclaimed on a channel before a round claims it (default 0). */
  batchClaimThreshold: string;
  /**
   * GEO402_DEVNET_BLOCK_TIME: seconds between the devnet chain's blocks (decimals allowed, 0.01..12),
   * as a real chain mines (Base: 2 s). Absent: a block per transaction, at once.
   */
  devnetBlockTimeS?: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A 32-byte private key as 0x and 64 hex digits. */
export const KEY = /^0x[0-9a-fA-F]{64}$/;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "silent"] as const;

/** Reads and checks the environment; throws ConfigError listing every problem found. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const revision = (env.GEO402_REVISION ?? "B").toUpperCase();
  if (revision !== "A" && revision !== "B")
    problems.push(`GEO402_REVISION must be A or B, got "${env.GEO402_REVISION}"`);
  const rev: Revision = revision === "A" ? "A" : "B";
  const network = REVISION_NETWORK[rev];
  if (env.NETWORK && env.NETWORK !== network) {
    problems.push(`NETWORK "${env.NETWORK}" does not match revision ${rev}, which settles on ${network}`);
  }
  const port = env.PORT === undefined || env.PORT === "" ? 4020 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be an integer 0..65535, got "${env.PORT}"`);
  const host = env.HOST || "127.0.0.1";

  const facilitatorAuth = facilitatorAuthFromEnv(env, problems);
  // CDP's and PayAI's keys bring their maker's facilitator URL unless FACILITATOR_URL names another.
  const facilitatorUrlRaw =
    env.FACILITATOR_URL ||
    (facilitatorAuth && facilitatorAuth.kind !== "headers"
      ? HOSTED_FACILITATOR_URL[facilitatorAuth.kind]
      : "");
  let facilitatorUrl: string | undefined;
  if (facilitatorUrlRaw) {
    try {
      const u = new URL(facilitatorUrlRaw);
      if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error("scheme");
      facilitatorUrl = facilitatorUrlRaw.replace(/\/+$/, "");
    } catch {
      problems.push(`FACILITATOR_URL must be an http(s) URL, got "${env.FACILITATOR_URL}"`);
    }
  }
  if (facilitatorAuth?.kind === "headers" && !env.FACILITATOR_URL)
    problems.push("FACILITATOR_HEADERS needs FACILITATOR_URL (the facilitator they are sent to)");
  if (facilitatorUrl && isTestnetOnlyFacilitator(facilitatorUrl) && network !== REVISION_NETWORK.A)
    problems.push(
      `FACILITATOR_URL ${facilitatorUrl} settles testnets only, but revision ${rev} settles on ${network}: use revision A (Base Sepolia) or a mainnet facilitator (CDP_API_KEY_ID/CDP_API_KEY_SECRET)`,
    );
  const payTo = env.PAY_TO;
  if (payTo !== undefined && !ADDRESS.test(payTo))
    problems.push(`PAY_TO must be a 0x-prefixed 20-byte address, got "${payTo}"`);
  else if (payTo !== undefined && /^0x0{40}$/.test(payTo))
    problems.push("PAY_TO is the zero address: every payment would be burned; set the address that receives");
  if (facilitatorUrl && !payTo) problems.push("PAY_TO is required when a facilitator is configured");
  if (payTo && !facilitatorUrlRaw)
    problems.push("FACILITATOR_URL is required when PAY_TO is set (without both, the devnet runs)");

  const demoKey = env.GEO402_DEMO_PAYER_KEY;
  if (demoKey !== undefined && !KEY.test(demoKey))
    problems.push("GEO402_DEMO_PAYER_KEY must be a 0x-prefixed 32-byte hex key");

  let publicUrl: string | undefined;
  if (env.GEO402_PUBLIC_URL) {
    try {
      new URL(env.GEO402_PUBLIC_URL);
      publicUrl = env.GEO402_PUBLIC_URL.replace(/\/+$/, "");
    } catch {
      problems.push(`GEO402_PUBLIC_URL must be a URL, got "${env.GEO402_PUBLIC_URL}"`);
    }
  }
  const logLevel = (env.LOG_LEVEL ?? "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);

  const requestTimeoutMs = env.GEO402_REQUEST_TIMEOUT_MS ? Number(env.GEO402_REQUEST_TIMEOUT_MS) : 30_000;
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 100) {
    problems.push(
      `GEO402_REQUEST_TIMEOUT_MS must be an integer ≥ 100, got "${env.GEO402_REQUEST_TIMEOUT_MS}"`,
    );
  }

  const int = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    const value = raw === undefined || raw === "" ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min)
      problems.push(`${name} must be an integer ≥ ${min}, got "${raw}"`);
    return value;
  };
  const paidAnswerTtlS = int("GEO402_PAID_ANSWER_TTL_S", 900, 1);
  const urlOf = (name: string, schemes: readonly string[]): string | undefined => {
    const raw = env[name];
    if (!raw) return undefined;
    try {
      if (schemes.includes(new URL(raw).protocol)) return raw;
    } catch {}
    problems.push(`${name} must be a ${schemes.join(" or ")} URL, got "${raw}"`);
    return undefined;
  };
  const redisUrl = urlOf("GEO402_REDIS_URL", ["redis:", "rediss:"]);
  const rpcUrl = urlOf("GEO402_RPC_URL", ["http:", "https:"]);
  const computeThreads = int("GEO402_COMPUTE_THREADS", Math.max(1, availableParallelism()), 1);
  const computeQueue = int("GEO402_COMPUTE_QUEUE", 4 * computeThreads, 0);
  const computeTimeoutMs = int("GEO402_COMPUTE_TIMEOUT_MS", 10_000, 1);
  const computeQueueTimeoutMs = int("GEO402_COMPUTE_QUEUE_TIMEOUT_MS", 10_000, 1);
  const computeMemoryMb = int("GEO402_COMPUTE_MEMORY_MB", 1024, 64);
  // Half the workers: one payer never holds every worker, so others' tasks always find one.
  const computePayerShare = int("GEO402_COMPUTE_PAYER_SHARE", Math.max(1, Math.floor(computeThreads / 2)), 1);
  const maxConnections = env.GEO402_MAX_CONNECTIONS ? Number(env.GEO402_MAX_CONNECTIONS) : 8_192;
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    problems.push(`GEO402_MAX_CONNECTIONS must be an integer ≥ 1, got "${env.GEO402_MAX_CONNECTIONS}"`);
  // Longer than the 60 s idle timeout of common balancers, so the server never closes a socket a
  // balancer is about to reuse (docs/configuration.md#keep-alive-behind-a-balancer).
  const keepAliveTimeoutMs = int("GEO402_KEEPALIVE_TIMEOUT_MS", 75_000, 1);
  const maxConnectionsPerAddress = int("GEO402_MAX_CONNECTIONS_PER_ADDRESS", 256, 0);
  const headersTimeoutMs = int("GEO402_HEADERS_TIMEOUT_MS", 10_000, 100);

  const dataPollMs = env.GEO402_DATA_POLL_MS ? Number(env.GEO402_DATA_POLL_MS) : 5_000;
  if (!Number.isInteger(dataPollMs) || dataPollMs < 0)
    problems.push(`GEO402_DATA_POLL_MS must be an integer ≥ 0, got "${env.GEO402_DATA_POLL_MS}"`);
  const drainMs = env.GEO402_DRAIN_MS ? Number(env.GEO402_DRAIN_MS) : 0;
  if (!Number.isInteger(drainMs) || drainMs < 0)
    problems.push(`GEO402_DRAIN_MS must be an integer ≥ 0, got "${env.GEO402_DRAIN_MS}"`);
  const inService = env.GEO402_REFRESH_IN_SERVICE ?? "0";
  if (inService !== "0" && inService !== "1")
    problems.push(`GEO402_REFRESH_IN_SERVICE must be 0 or 1, got "${inService}"`);
  if (inService === "1" && !env.GEO402_REFRESH_CRON)
    problems.push("GEO402_REFRESH_IN_SERVICE=1 needs GEO402_REFRESH_CRON (docs/refresh.md)");

  const adminRaw = env.GEO402_ADMIN_PORT ?? "4021";
  const adminPort = adminRaw === "off" ? null : Number(adminRaw);
  if (
    adminPort !== null &&
    (adminRaw === "" || !Number.isInteger(adminPort) || adminPort < 0 || adminPort > 65535)
  )
    problems.push(`GEO402_ADMIN_PORT must be an integer 0..65535 or "off", got "${adminRaw}"`);
  const corsRaw = (env.GEO402_CORS_ORIGINS ?? "*").trim();
  const corsOrigins =
    corsRaw === "*"
      ? "*"
      : corsRaw
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean);
  if (corsOrigins !== "*") {
    for (const origin of corsOrigins) {
      let ok = false;
      try {
        ok = new URL(origin).origin === origin;
      } catch {
        // not a URL
      }
      if (!ok)
        problems.push(
          `GEO402_CORS_ORIGINS entries must be origins like https://app.example, got "${origin}"`,
        );
    }
    if (corsOrigins.length === 0) problems.push('GEO402_CORS_ORIGINS must be "*" or a list of origins');
  }

  const authorizerKey = env.GEO402_RECEIVER_AUTHORIZER_KEY;
  if (authorizerKey !== undefined && !KEY.test(authorizerKey))
    problems.push("GEO402_RECEIVER_AUTHORIZER_KEY must be a 0x-prefixed 32-byte hex key");
  const batchClaimPeriodS = int("GEO402_BATCH_CLAIM_PERIOD_S", 60, 1);
  if (batchClaimPeriodS > 300)
    problems.push(
      `GEO402_BATCH_CLAIM_PERIOD_S must be at most 300 (a third of the channels' withdraw delay), got "${env.GEO402_BATCH_CLAIM_PERIOD_S}"`,
    );
  const batchClaimThreshold = env.GEO402_BATCH_CLAIM_THRESHOLD || "0";
  try {
    dollarsToAtomic(batchClaimThreshold);
  } catch {
    problems.push(
      `GEO402_BATCH_CLAIM_THRESHOLD must be dollars with at most 6 decimals, got "${batchClaimThreshold}"`,
    );
  }

  // At most Ethereum's 12 s slot: the devnet facilitator waits 30 s for a settlement's receipt.
  const blockTimeRaw = env.GEO402_DEVNET_BLOCK_TIME;
  const devnetBlockTimeS = blockTimeRaw ? Number(blockTimeRaw) : undefined;
  if (devnetBlockTimeS !== undefined && !(devnetBlockTimeS >= 0.01 && devnetBlockTimeS <= 12))
    problems.push(`GEO402_DEVNET_BLOCK_TIME must be seconds 0.01..12 (e.g. 2 or 0.2), got "${blockTimeRaw}"`);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    revision: rev,
    network,
    host,
    port,
    ...(facilitatorUrl ? { facilitatorUrl } : {}),
    ...(facilitatorUrl && facilitatorAuth ? { facilitatorAuth } : {}),
    ...(payTo ? { payTo: payTo as `0x${string}` } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(demoKey ? { demoPayerKey: demoKey as `0x${string}` } : {}),
    artifactsDir: path.resolve(cwd, env.GEO402_ARTIFACTS || "artifacts"),
    home: path.resolve(cwd, env.GEO402_HOME || ".geo402"),
    logLevel,
    requestTimeoutMs,
    computeThreads,
    computeQueue,
    computeTimeoutMs,
    computeQueueTimeoutMs,
    computeMemoryMb,
    computePayerShare,
    maxConnections,
    maxConnectionsPerAddress,
    headersTimeoutMs,
    keepAliveTimeoutMs,
    dataPollMs,
    drainMs,
    refreshInService: inService === "1",
    ...(env.GEO402_REFRESH_CRON ? { refreshCron: env.GEO402_REFRESH_CRON } : {}),
    adminPort,
    adminHost: env.GEO402_ADMIN_HOST || "127.0.0.1",
    corsOrigins,
    ...(redisUrl ? { redisUrl } : {}),
    ...(rpcUrl ? { rpcUrl } : {}),
    paidAnswerTtlS,
    ...(authorizerKey ? { receiverAuthorizerKey: authorizerKey as `0x${string}` } : {}),
    batchClaimPeriodS,
    batchClaimThreshold,
    ...(devnetBlockTimeS === undefined ? {} : { devnetBlockTimeS }),
  };
}
