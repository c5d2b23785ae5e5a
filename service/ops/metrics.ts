// Prometheus metrics (prom-client), one registry per running service: requests by route, status
// and payment outcome; facilitator verify/settle latency; compute queue depth; process defaults.
// Served by the admin listener (service/ops/admin.ts), never on the API port.
import type { FacilitatorClient } from "@x402/core/server";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Latency buckets for facilitator calls, in seconds (loopback devnet to a remote facilitator). */
const FACILITATOR_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const REQUEST_LABELS = ["method", "route", "status", "payment"] as const;
type RequestLabel = (typeof REQUEST_LABELS)[number];

export interface Metrics {
  registry: Registry;
  requests: Counter<RequestLabel>;
  /** One request answered; read into `requests` at each scrape. */
  countRequest(method: string, route: string, status: number, payment: string): void;
  facilitator: Histogram<"operation" | "outcome">;
  /**
   * Where the compute queue depth is read from at each scrape: buildApp feeds it with the compute
   * pool's queued task count (service/compute/pool.ts); until then the gauge reads 0.
   */
  feedQueueDepth(read: () => number): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "geo402_" });
  // Counted per request in a plain map and added to the counter at each scrape: prom-client's
  // inc() with labels validates and hashes them on every call (about 2 µs, 1% of a 402).
  const counted = new Map<string, { labels: Record<RequestLabel, string>; n: number }>();
  const requests = new Counter({
    name: "geo402_http_requests_total",
    help: "HTTP requests answered, by method, route (as registered; unrouted for 404s), status and payment outcome",
    labelNames: REQUEST_LABELS,
    registers: [registry],
    collect() {
      for (const c of counted.values()) {
        if (c.n === 0) continue;
        this.inc(c.labels, c.n);
        c.n = 0;
      }
    },
  });
  const facilitator = new Histogram({
    name: "geo402_facilitator_seconds",
    help: "Facilitator call latency by operation (verify, settle) and outcome (ok, refused, error)",
    labelNames: ["operation", "outcome"] as const,
    buckets: FACILITATOR_BUCKETS,
    registers: [registry],
  });
  let readQueueDepth: () => number = () => 0;
  new Gauge({
    name: "geo402_compute_queue_depth",
    help: "Compute tasks waiting for a worker",
    registers: [registry],
    collect() {
      this.set(readQueueDepth());
    },
  });
  return {
    registry,
    requests,
    countRequest(method, route, status, payment) {
      const key = `${method} ${route} ${status} ${payment}`;
      const c = counted.get(key);
      if (c) c.n++;
      else counted.set(key, { labels: { method, route, status: String(status), payment }, n: 1 });
    },
    facilitator,
    feedQueueDepth(read) {
      readQueueDepth = read;
    },
  };
}

/** The same facilitator client, with each verify and settle timed into `metrics.facilitator`. */
export function instrumentFacilitator(client: FacilitatorClient, metrics: Metrics): FacilitatorClient {
  const timed =
    <A extends unknown[], R extends { isValid?: boolean; success?: boolean }>(
      operation: "verify" | "settle",
      call: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      const end = metrics.facilitator.startTimer({ operation });
      try {
        const result = await call(...args);
        end({ outcome: (result.isValid ?? result.success) === false ? "refused" : "ok" });
        return result;
      } catch (err) {
        end({ outcome: "error" });
        throw err;
      }
    };
  return {
    verify: timed("verify", (p, r) => client.verify(p, r)),
    settle: timed("settle", (p, r) => client.settle(p, r)),
    getSupported: () => client.getSupported(),
  };
}

/** Counts every answered request (onResponse), with the payment outcome the gate recorded. */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", (req, reply, done) => {
    const entry = req.routeOptions.config?.entry;
    metrics.countRequest(
      req.method,
      entry ? entry.path : req.routeOptions.url ? String(req.routeOptions.url) : "unrouted",
      reply.statusCode,
      req.paymentOutcome?.state ?? "none",
    );
    done();
  });
}
