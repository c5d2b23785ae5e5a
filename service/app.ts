// buildApp(deps) → a ready-to-listen Fastify instance (never listens itself). Routes, prices,
// schemas and limits all come from the catalog; payment comes from the x402 gate.

import type { FacilitatorClient } from "@x402/core/server";
import type { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/server";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from "fastify";
import pino from "pino";
import { answerFormat, GEOJSON_MEDIA_TYPE } from "./answer-format.ts";
import { CATALOG, catalogFor } from "./catalog.ts";
import { admitPoolWork } from "./compute/cost.ts";
import { type ComputeTimes, createExecutor } from "./compute/execute.ts";
import { refuseKernelsOnThisThread } from "./compute/kernel.ts";
import { createPayerShare, type PayerHold, ranOutOfCompute } from "./compute/payer-share.ts";
import { type ComputePool, createComputePool, type Lane } from "./compute/pool.ts";
import { SerializedAnswer, type UsedFamily } from "./compute/task.ts";
import type { Config } from "./config.ts";
import { capConnectionsPerAddress } from "./connections-per-address.ts";
import { DataRegistry } from "./data/registry.ts";
import { holdSocket, logDelivered, logIfGone, watchDelivery } from "./delivery.ts";
import { ApiError, errorBody } from "./errors.ts";
import { fromFastifyError } from "./fastify-errors.ts";
import { checkLimit } from "./geo/limit.ts";
import { registerHttpConventions, requestId } from "./http-conventions.ts";
import { jsonDepth } from "./json-depth.ts";
import { BODY_BYTES, NESTING_DEPTH, NESTING_DEPTH_LIMIT } from "./limits.ts";
import { MCP_ROUTES, registerMcpRoute } from "./mcp/http-route.ts";
import { countRequests, instrumentFacilitator, type Metrics } from "./ops/metrics.ts";
import { registerBasemap } from "./pages/basemap.ts";
import { registerExplorer } from "./pages/explorer.ts";
import { registerPageScripts } from "./pages/page-scripts.ts";
import { AUTHORIZATIONS_REMEMBERED, MemoryAuthorizationStore } from "./payment/authorization-store.ts";
import { MemoryPaidAnswerStore } from "./payment/paid-answer-store.ts";
import { PaidAnswers } from "./payment/paid-answers.ts";
import type { PayerCoverage } from "./payment/payer-coverage.ts";
import { createPaywall, PAYWALL_CSP } from "./payment/paywall.ts";
import { ReplayGuard } from "./payment/replay-guard.ts";
import { unknownCharge } from "./payment/settled-on-chain.ts";
import { createPaymentGate } from "./payment/x402-gate.ts";
import { prePaymentCheck } from "./pre-payment.ts";
import { toApiError } from "./refusals.ts";
import { type CatalogEntry, isFree, type PaymentTerms, type RouteContext, routeKey } from "./route-types.ts";
import { createSchemaSet, type SchemaSet } from "./schemas.ts";
import { securityHeaders } from "./security-headers.ts";
import { serviceUrls } from "./service-url.ts";
import { answerClientError, requestDeadline } from "./slow-clients.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    entry: CatalogEntry;
  }
  interface FastifyRequest {
    /** The pool lane of this request's work, from its estimated cost (compute/cost.ts). */
    computeLane: Lane | null;
    /** Queue wait and compute time of this request's work, for its log line. */
    computeTimes: ComputeTimes | null;
  }
}

export interface AppDeps {
  config: Config;
  terms: PaymentTerms;
  facilitatorClient: FacilitatorClient;
  /** The batch-settlement server scheme when `terms.schemes` offers it (service/runtime.ts). */
  batch?: BatchSettlementEvmScheme;
  data?: DataRegistry;
  catalog?: readonly CatalogEntry[];
  schemas?: SchemaSet;
  /** The compute worker pool; by default the app starts one from the config and closes it on close. */
  pool?: ComputePool;
  /** Where log lines go (default stdout); tests capture them here. */
  logStream?: { write(line: string): void };
  /** Prometheus metrics the admin listener serves (service/ops); absent: nothing is counted. */
  metrics?: Metrics;
  /** Paid answers kept for retries; by default in this process, with no chain to ask. */
  answers?: PaidAnswers;
  /** Payers' in-flight payments checked against their balance; absent (no chain to ask): not checked. */
  coverage?: PayerCoverage;
}

const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, terms } = deps;
  const data = deps.data ?? new DataRegistry();
  const schemas = deps.schemas ?? createSchemaSet();
  const entries = catalogFor(config.revision, deps.catalog ?? CATALOG);
  const priced = entries.filter((e) => !isFree(e));

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers", "headers"],
      // stdout written asynchronously in batches (flushed on exit): the request log line stays cheap.
      stream: deps.logStream ?? pino.destination({ dest: 1, sync: false }),
    },
    // A connection idle this long is closed; a body still arriving is cut by requestDeadline; a
    // request received completely is never cut while it is handled and paid (holdSocket).
    connectionTimeout: config.requestTimeoutMs,
    // Idle keep-alive sockets are closed after this: longer than a balancer's idle timeout (a
    // balancer must close first, or it reuses a socket the server is closing). Idle sockets are
    // bounded by the per-address cap below, not by a short timeout.
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Slowloris: a request's line and headers must arrive within headersTimeout (Node answers 408
    // through clientErrorHandler); Node checks it every connectionsCheckingInterval.
    // Node's whole-request timeout stays off (Fastify's default): requestDeadline bounds the body.
    http: {
      requestTimeout: 0,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_BYTES,
    // HEAD on every GET route; the payment gate answers a priced HEAD with the quote only.
    exposeHeadRoutes: true,
    // x-request-id: the caller's when well-formed, else generated; returned and logged as reqId.
    requestIdHeader: false,
    genReqId: requestId,
    return503OnClosing: true,
    // Errors raised before routing (a URL that does not decode): answered in our error format.
    frameworkErrors: (err, _req, reply) => {
      const known = fromFastifyError(err) ?? new ApiError("not_found", { reason: "the URL does not decode" });
      void (reply as FastifyReply).code(known.status).send(errorBody(known));
    },
  });
  // Connections beyond the cap are closed by Node as soon as they are accepted, so idle sockets
  // cannot exhaust the process's file descriptors (docs/configuration.md).
  app.server.maxConnections = config.maxConnections;
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  app.decorateRequest("payment", null);
  app.decorateRequest("paymentOutcome", null);
  app.decorateRequest("delivery", null as never);
  app.decorateRequest("errorCode", null);
  app.decorateRequest("computeLane", null);
  app.decorateRequest("computeTimes", null);
  const pool = deps.pool ?? createComputePool(config, terms);
  if (!deps.pool) app.addHook("onClose", async () => pool.close());
  app.decorate("computePool", pool);
  // Prometheus reads the compute queue depth from the pool at each scrape.
  deps.metrics?.feedQueueDepth(() => pool.queued());
  const execute = createExecutor(pool, {
    computeMs: config.computeTimeoutMs,
    queueMs: config.computeQueueTimeoutMs,
  });
  refuseKernelsOnThisThread();
  const shares = createPayerShare(config.computePayerShare);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPES, { parseAs: "string" }, (_req, text, done) => {
    try {
      // Nesting is bounded before parsing: no recursion (reviver, GeoJSON walks) meets a deeper body.
      const depth = jsonDepth(text as string, NESTING_DEPTH);
      checkLimit(
        NESTING_DEPTH_LIMIT,
        depth,
        { field: "body", path: "$" },
        {
          reason: "checked on the raw body, up to the first level past the limit",
        },
      );
      done(null, parseJsonBody(text as string));
    } catch (err) {
      const known = toApiError(err);
      done(known instanceof ApiError ? known : new ApiError("invalid_json", {}), undefined);
    }
  });
  const cutSlowBody = requestDeadline(config.requestTimeoutMs);
  // The app's own request-start work in one hook (each hook is a pass through Fastify's runner on
  // every request, the 402 included), callback-style: an async hook costs a promise per request.
  app.addHook("onRequest", (req, reply, done) => {
    // A body sent without a Content-Type is read as JSON; a declared non-JSON type is refused.
    if (req.method === "POST" && req.headers["content-type"] === undefined)
      req.headers["content-type"] = "application/json";
    cutSlowBody(req);
    watchDelivery(req, reply, done);
  });
  app.addHook("preValidation", holdSocket);
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.headers(securityHeaders(reply.getHeader("content-security-policy")));
    // A quote's body ({}) carries no error code: not parsed for one on every 402.
    if (reply.statusCode >= 400 && req.errorCode === null && req.paymentOutcome?.state !== "quoted")
      req.errorCode = errorCodeOf(payload);
    done(null, payload);
  });
  app.addHook("onResponse", logDelivered);

  if (deps.metrics) countRequests(app, deps.metrics);
  const urls = serviceUrls(app, config);
  const gate = createPaymentGate({
    facilitatorClient: deps.metrics
      ? instrumentFacilitator(deps.facilitatorClient, deps.metrics)
      : deps.facilitatorClient,
    replays: new ReplayGuard(
      new MemoryAuthorizationStore(AUTHORIZATIONS_REMEMBERED),
      config.requestTimeoutMs,
    ),
    answers:
      deps.answers ??
      new PaidAnswers(new MemoryPaidAnswerStore(), config.paidAnswerTtlS * 1000, unknownCharge),
    terms,
    entries: priced,
    schemas,
    baseUrl: urls.base,
    ...(deps.batch ? { batch: deps.batch } : {}),
    ...(deps.coverage ? { coverage: deps.coverage } : {}),
    paywall: { provider: createPaywall(priced), csp: PAYWALL_CSP },
  });
  app.decorate("paymentGate", gate);
  // The gate settles in onSend: added to the root before compression so it sees the plain payload.
  app.addHook("onSend", gate.onSend);
  await registerHttpConventions(app, config);
  // The facilitator's supported kinds are asked for once the app is ready, without holding the
  // listener: free routes answer at once, and a 402 or payment before the answer waits for it
  // (the devnet's facilitator thread is still loading its code; a remote one may be slow). /readyz
  // says ready only once they have been read (runtime.ts).
  app.addHook("onReady", async () => {
    gate
      .initialize()
      .catch((err: unknown) =>
        app.log.warn({ err }, "facilitator not reachable yet; will retry per request"),
      );
  });

  // Before the routes: GET / answers the HTML explorer to a browser (its onRequest hook).
  registerExplorer(app, entries, terms);
  for (const entry of entries) {
    const check = prePaymentCheck(entry, schemas, data);
    const validateBody = entry.schemas.body ? schemas.body(entry.schemas.body) : null;
    const validateQuery = entry.schemas.query ? schemas.query(entry.schemas.query) : null;
    const free = isFree(entry);
    app.route({
      method: entry.method,
      url: entry.path,
      config: { entry },
      preValidation: [
        (req, reply, done) => {
          if (free) req.paymentOutcome = { state: "free" };
          try {
            check(req.body, (req.query ?? {}) as Record<string, unknown>);
            // Nobody is asked to sign for work that cannot finish or that the pool cannot take now.
            if (!free && entry.compute === "pool")
              req.computeLane = admitPoolWork(entry, req.body, config.computeTimeoutMs, pool);
          } catch (err) {
            done(err as Error);
            return;
          }
          // An unpaid request whose 402 is built is answered here, and the request ends with it
          // (a hook that sends and never calls done). Everything else goes on to the gate.
          if (!free && gate.quoteAtOnce(entry, req, reply)) return;
          done();
        },
        ...(free ? [] : [gate.preValidation]),
      ],
      // The gate's onSend is on the root (before compression); logIfGone stays the route's last.
      onSend: [logIfGone],
      handler: async (req, reply) => {
        const query = { ...((req.query ?? {}) as Record<string, unknown>) };
        validateQuery?.(query);
        validateBody?.(req.body);
        // The request reads each family at one version, named in x-data-version (also on refusals).
        const view = data.view();
        const ctx: RouteContext = {
          config,
          terms,
          catalog: entries,
          data: view,
          log: req.log,
          baseUrl: urls.base(),
          selfUrl: urls.self(),
        };
        let workerUsed: UsedFamily[] | undefined;
        let hold: PayerHold | undefined;
        const kind = routeKey(entry);
        try {
          if (entry.compute === "pool" && req.payment) hold = shares.hold(req.payment.paymentPayload, kind);
          const member = entry.schemas.query
            ? query.format
            : (req.body as { format?: unknown } | null)?.format;
          const format = answerFormat(entry, member, req.headers.accept);
          const input = { body: req.body, query, format };
          const run = {
            client: req.delivery.signal,
            lane: req.computeLane ?? "heavy",
            behind: hold?.behind ?? false,
            times: (t: ComputeTimes) => {
              req.computeTimes = t;
            },
          };
          const answer = await execute(entry, input, ctx, run, (used) => {
            workerUsed = used;
          });
          // Set only with the answer: a refusal keeps its application/json error body.
          if (format === "geojson") reply.type(GEOJSON_MEDIA_TYPE);
          if (!(answer instanceof SerializedAnswer)) return answer;
          // Serialized by its worker: its bytes sent as they are (Fastify sends a Buffer with its
          // type set; the settlement step and the paid-answer record keep that same Buffer).
          if (format !== "geojson") reply.type("application/json; charset=utf-8");
          return answer.bytes;
        } catch (err) {
          noteReadFailure(data, err, workerUsed ?? view.used());
          if (req.payment && ranOutOfCompute(err)) shares.refused(req.payment.paymentPayload, kind);
          throw err;
        } finally {
          hold?.release();
          const used = workerUsed ?? view.used();
          if (used.length > 0)
            reply.header("x-data-version", used.map((u) => `${u.family}@${u.version}`).join(", "));
          view.release();
        }
      },
    });
  }

  registerMcpRoute(app, entries, schemas, urls.base);
  registerPageScripts(app);
  registerBasemap(app, data);

  const knownPaths = new Map<string, string[]>(MCP_ROUTES);
  // GET routes answer HEAD too (exposeHeadRoutes).
  for (const e of entries) {
    const methods = e.method === "GET" ? ["GET", "HEAD"] : [e.method];
    knownPaths.set(e.path, [...(knownPaths.get(e.path) ?? []), ...methods]);
  }
  app.setNotFoundHandler(async (req, reply) => {
    const allowed = knownPaths.get(req.url.split("?")[0] ?? "");
    if (allowed) {
      reply.header("allow", allowed.join(", "));
      return reply.code(405).send(errorBody(new ApiError("method_not_allowed", { allowed })));
    }
    return reply.code(404).send(errorBody(new ApiError("not_found", {})));
  });

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    const known = err instanceof ApiError ? err : fromFastifyError(err);
    // Data that failed a read or an integrity check after start: refused (503, free) and logged.
    if (known?.code === "data_unavailable" && known.details.reason !== undefined)
      req.log.error({ family: known.details.family, reason: known.details.reason }, "artifact read failed");
    if (known) {
      req.errorCode = known.code;
      const retryAfter = known.details.retryAfterSeconds;
      if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return reply.code(known.status).send(errorBody(known));
    }
    req.log.error({ err }, "unhandled error");
    const internal = new ApiError("internal_error", {});
    return reply.code(internal.status).send(errorBody(internal));
  });

  return app;
}

/**
 * A family read that failed after start (a data_unavailable with a reason: an integrity check or
 * the read itself) marks the version this request read as damaged, so /readyz names the family
 * until another version is switched in (docs/operations.md).
 */
function noteReadFailure(data: DataRegistry, err: unknown, used: readonly UsedFamily[]): void {
  if (!(err instanceof ApiError) || err.code !== "data_unavailable") return;
  const { family, reason } = err.details;
  if (typeof family !== "string" || reason === undefined) return;
  const version = used.find((u) => u.family === family)?.version ?? data.version(family);
  if (version !== undefined) data.readFailed(family, version, String(reason));
}

/** The `error.code` of a serialized error body, or null. */
function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== "string") return null;
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

/**
 * JSON.parse, refusing `__proto__` members (prototype-pollution attempts) as invalid JSON. A reviver
 * is a call per value and was a tenth of the 402's CPU (docs/performance.md), so it runs only on a
 * text that can hold such a member: one that spells `__proto__` or has a `\u` escape (the only other
 * way to write that name).
 */
function parseJsonBody(text: string): unknown {
  return text.includes("__proto__") || text.includes("\\u")
    ? JSON.parse(text, rejectProtoKeys)
    : JSON.parse(text);
}

/** JSON.parse reviver refusing `__proto__` members. */
function rejectProtoKeys(key: string, value: unknown): unknown {
  if (key === "__proto__")
    throw new ApiError("invalid_json", { reason: "a member named __proto__ is not accepted" });
  return value;
}
