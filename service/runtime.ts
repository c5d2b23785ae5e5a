// Starts the whole service for a configuration: the devnet (when no facilitator is configured) or
// the production facilitator client, the artifacts, and the app listening on HOST:PORT.
// Used by server.ts and by the end-to-end tests alike.
import type { FacilitatorClient } from "@x402/core/server";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type BatchOffer, startBatchOffer } from "./batch-settlement/batch-offer.ts";
import type { Config } from "./config.ts";
import { FAMILY_OPENERS, openFamilies } from "./data/families.ts";
import { type FamilyWatcher, type ReloadEvent, watchFamilies } from "./data/family-watcher.ts";
import { startRefreshProcess } from "./data/refresh-process.ts";
import { DataRegistry } from "./data/registry.ts";
import type { AnvilNode } from "./devnet/anvil.ts";
import { type Devnet, startDevnet } from "./devnet/devnet.ts";
import { buildAdminApp } from "./ops/admin.ts";
import { createMetrics, type Metrics } from "./ops/metrics.ts";
import { usdcFor } from "./payment/assets.ts";
import { remoteFacilitatorClient } from "./payment/facilitator-client.ts";
import { devnetHealth, type PaymentHealth, supportedHealth } from "./payment/health.ts";
import { openPaidAnswers } from "./payment/open-paid-answers.ts";
import { balanceOnChain, createPayerCoverage } from "./payment/payer-coverage.ts";
import { offeredSchemes, type PaymentTerms } from "./route-types.ts";

export interface RunningService {
  app: FastifyInstance;
  url: string;
  config: Config;
  terms: PaymentTerms;
  data: DataRegistry;
  /** Present when the embedded devnet runs. */
  devnet?: Devnet;
  /** Present when batch-settlement is offered (devnet, or GEO402_RECEIVER_AUTHORIZER_KEY set). */
  batch?: BatchOffer;
  /** Path of the devnet file written for clients (devnet only). */
  devnetFile?: string;
  /** The admin listener's base URL (/healthz, /readyz, /metrics), unless GEO402_ADMIN_PORT=off. */
  adminUrl?: string;
  /** The Prometheus metrics; the worker pool feeds the queue depth with metrics.feedQueueDepth. */
  metrics: Metrics;
  /** Whether payments can be verified and settled now (chain / facilitator reachable), for /readyz. */
  paymentHealth(): Promise<PaymentHealth>;
  /**
   * Resolves once the artifact families are checked and open (or recorded unavailable) and the
   * compute workers have started: what /readyz waits for besides payments. The service listens
   * before this (free routes and 402s answer at once; a family's routes answer 503 until it is open).
   */
  warm: Promise<void>;
  /** Re-checks every family's `current` now (SIGHUP) and swaps in switched versions. */
  reloadData(): Promise<ReloadEvent[]>;
  /**
   * Stops gracefully: /readyz answers 503 at once while the API keeps serving for `ms`, so a load
   * balancer polling readiness stops sending; then close() lets the answers in flight finish.
   */
  drain(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startService(
  config: Config,
  opts: {
    data?: DataRegistry;
    logStream?: { write(line: string): void };
    /** The devnet's chain, launched early by the caller (server.ts); started here otherwise. */
    anvil?: Promise<AnvilNode>;
    /**
     * A devnet the caller started and keeps running after close (the e2e tests' one devnet per test
     * worker, test/support/service.ts); the service starts its own otherwise.
     */
    devnet?: Devnet;
  } = {},
): Promise<RunningService> {
  const asset = usdcFor(config.network);
  const remote =
    config.facilitatorUrl && config.payTo ? { url: config.facilitatorUrl, payTo: config.payTo } : undefined;
  // The artifact families are opened and checked after the service listens (below), never on the
  // path to its first answer; the devnet chain (anvil is its own process) starts before it.
  const data = opts.data ?? new DataRegistry();
  const devnet = remote
    ? undefined
    : (opts.devnet ??
      (await startDevnet({
        network: config.network,
        home: config.home,
        ...(opts.anvil ? { anvil: opts.anvil } : {}),
        ...(config.devnetBlockTimeS === undefined ? {} : { blockTimeS: config.devnetBlockTimeS }),
      })));
  // Without a devnet, `remote` is set (startDevnet ran otherwise).
  const facilitatorUrl = devnet ? devnet.facilitatorUrl : (remote?.url as string);
  const remoteFacilitator = devnet
    ? undefined
    : await remoteFacilitatorClient(facilitatorUrl, config.facilitatorAuth);
  const facilitatorClient: FacilitatorClient =
    remoteFacilitator?.client ?? (devnet as Devnet).facilitator.client;
  /** Closes the connections to the remote facilitator, or stops the devnet unless it was handed in (opts.devnet outlives the service). */
  const stopPayments = async () => {
    await remoteFacilitator?.close();
    if (!opts.devnet) await devnet?.stop();
  };
  const authorizerKey = config.receiverAuthorizerKey ?? devnet?.receiverAuthorizerKey;
  const authorizerAddress = config.receiverAuthorizerKey ? undefined : devnet?.receiverAuthorizerAddress;
  const terms: PaymentTerms = {
    network: config.network,
    asset: devnet ? devnet.token.address : asset.address,
    assetName: devnet ? devnet.token.name : asset.name,
    assetVersion: devnet ? devnet.token.version : asset.version,
    payTo: devnet ? devnet.payTo : (remote?.payTo as `0x${string}`),
    facilitatorUrl,
    // batch-settlement is offered second on the devnet, and in production with an authorizer key.
    ...(authorizerKey ? { schemes: ["exact", "batch-settlement"] as const } : {}),
  };
  // Declared before the claim scheduler starts: its error log goes through the app once built.
  let app: FastifyInstance | undefined;
  let batch: BatchOffer | undefined;
  if (authorizerKey) {
    try {
      batch = await startBatchOffer({
        config,
        terms,
        facilitatorClient,
        receiverAuthorizerKey: authorizerKey,
        ...(authorizerAddress ? { receiverAuthorizerAddress: authorizerAddress } : {}),
        freshChain: devnet !== undefined,
        onError: (err) => app?.log.error({ err }, "batch-settlement claim round failed"),
      });
    } catch (err) {
      await stopPayments();
      throw err;
    }
  }
  // On the devnet, GET /demo pays with the devnet payer unless a demo payer key is configured.
  const appConfig: Config =
    devnet && !config.demoPayerKey ? { ...config, demoPayerKey: devnet.payerKey } : config;
  const metrics = createMetrics();
  const chainHealth = devnet ? devnetHealth(devnet.anvil) : undefined;
  const supported = supportedHealth(
    facilitatorClient,
    offeredSchemes(terms).map((scheme) => ({ scheme, network: terms.network })),
  );
  // Ready only once the chain answers (devnet), the facilitator lists every kind the 402s offer,
  // and the gate has read those kinds: the first paid call after readiness waits for no start-up.
  const paymentHealth = async (): Promise<PaymentHealth> => {
    const chain = chainHealth ? await chainHealth() : { ok: true as const };
    if (!chain.ok) return chain;
    const kinds = await supported();
    if (!kinds.ok || !app) return kinds;
    if (app.paymentGate.initialized()) return kinds;
    app.paymentGate.initialize().catch(() => {});
    return { ok: false, reason: "the payment gate has not read the facilitator's supported kinds yet" };
  };
  let admin: FastifyInstance | undefined;
  let draining = false;
  // The chain payers' balances are read from (payer-coverage.ts): the configured one or the devnet's.
  const chainRpcUrl = config.rpcUrl ?? devnet?.anvil.rpcUrl;
  const answers = await openPaidAnswers(config, devnet?.anvil.rpcUrl).catch(async (err: unknown) => {
    await batch?.close();
    await stopPayments();
    throw err;
  });
  try {
    const built = await buildApp({
      config: appConfig,
      terms,
      facilitatorClient,
      ...(batch ? { batch: batch.scheme } : {}),
      data,
      metrics,
      answers: answers.answers,
      ...(chainRpcUrl ? { coverage: createPayerCoverage(balanceOnChain(chainRpcUrl)) } : {}),
      ...(opts.logStream ? { logStream: opts.logStream } : {}),
    });
    app = built;
    // Listen at once: the families are checked and the compute workers start behind it (seconds,
    // once) and /readyz says when they have; a pool route asked for before then waits for the
    // workers under its deadline, a route whose family is not open yet answers 503 data_unavailable.
    await app.listen({ host: config.host, port: config.port });
    if (config.adminPort !== null) {
      admin = buildAdminApp({
        data,
        paymentHealth,
        computeReady: () => built.computePool.ready(),
        metrics,
        draining: () => draining,
      });
      await admin.listen({ host: config.adminHost, port: config.adminPort });
    }
  } catch (err) {
    await admin?.close();
    await answers.close();
    await batch?.close();
    await stopPayments();
    throw err;
  }
  let closing = false;
  let watcher: FamilyWatcher | undefined;
  // Without a registry handed in, every artifact family under config.artifactsDir is opened once
  // each of its files matched its manifest's SHA-256 (docs/performance.md#start-up): until then it
  // is "verifying" and its routes answer 503; a family that is missing or fails its checks only
  // makes its own routes answer 503.
  const opened = opts.data
    ? Promise.resolve()
    : openFamilies(config.artifactsDir, data).then((families) => {
        if (closing) return data.closeAll();
        for (const f of families) {
          if (f.state === "ready")
            app.log.info({ family: f.family, version: f.version }, "artifact family opened");
          else
            app.log.warn(
              { family: f.family, version: f.version, reason: f.reason },
              "artifact family unavailable: its routes answer 503",
            );
        }
        // Families the service opened itself follow their `current` pointers (refresh, rollback).
        watcher = watchFamilies(config.artifactsDir, data, FAMILY_OPENERS, {
          pollMs: config.dataPollMs,
          log: (e) =>
            e.state === "switched"
              ? app.log.info(e, "data version switched")
              : app.log.error(e, "new data version not opened; the family keeps its version"),
        });
      });
  // The workers load their code meanwhile; they open the families' versions once those are open.
  app.computePool.start();
  const warm = opened.then(() => (closing ? undefined : app.computePool.warm(data.openVersions())));
  warm.catch((err: unknown) => {
    if (!closing) app.log.error({ err }, "compute workers did not start: pool routes will fail");
  });
  const refresher = config.refreshInService
    ? startRefreshProcess(
        config.artifactsDir,
        {
          run: (line) => app.log.info(line, "data refresh"),
          detail: (text) => app.log.debug({ detail: text }, "data refresh"),
          exited: (code, signal, restartInMs) =>
            app.log.error({ code, signal, restartInMs }, "data refresh scheduler ended"),
        },
        { ...process.env, GEO402_REFRESH_CRON: config.refreshCron },
      )
    : undefined;
  // The devnet chain lives in memory: if anvil ends, its token and balances are gone and no
  // payment can be made until the service restarts. Say so loudly; paid requests answer 502.
  const chainListener = devnet?.anvil.onUnexpectedExit((code, signal) =>
    app.log.error(
      { code, signal, rpcUrl: devnet?.anvil.rpcUrl },
      "devnet chain (anvil) exited: paid requests answer 502 facilitator_unavailable until the service is restarted",
    ),
  );
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  const devnetFile = devnet?.writeFile(config.home, url);
  const adminAddr = admin?.server.address();
  const adminHost = config.adminHost.includes(":") ? `[${config.adminHost}]` : config.adminHost;
  const adminUrl =
    typeof adminAddr === "object" && adminAddr ? `http://${adminHost}:${adminAddr.port}` : undefined;
  const close = async () => {
    closing = true;
    watcher?.close();
    await refresher?.stop();
    await admin?.close();
    await app.close();
    await answers.close();
    await batch?.close();
    if (!opts.data) data.closeAll();
    // A devnet handed in outlives the service: its listener would keep the closed service alive.
    chainListener?.();
    await stopPayments();
  };
  return {
    app,
    url,
    config: appConfig,
    terms,
    data,
    ...(devnet ? { devnet } : {}),
    ...(batch ? { batch } : {}),
    ...(devnetFile ? { devnetFile } : {}),
    ...(adminUrl ? { adminUrl } : {}),
    metrics,
    paymentHealth,
    warm,
    reloadData: async () => {
      await opened;
      return watcher ? watcher.reload() : [];
    },
    async drain(ms) {
      draining = true;
      app.log.info({ drainMs: ms }, "draining: /readyz answers 503, the API still serves");
      await new Promise((resolve) => setTimeout(resolve, ms));
      await close();
    },
    close,
  };
}
