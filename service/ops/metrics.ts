// Prometheus metrics (prom-client), one registry per running service: requests by route, status
// and payment outcome; facilitator verify/settle latency; compute queue depth; process defaults.
// Served by the admin listener (service/ops/admin.ts), never on the API port.
import type { FacilitatorClient } from "@x402/core/server";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Latency buckets for facilitator calls, in seconds (loopback devnet to a remote facilitator). */
const FACILITATOR_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  requests: Counter<"method" | "route" | "status" | "payment">;
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
  const requests = new Counter({
    name: "geo402_http_requests_total",
    help: "HTTP requests answered, by method, route (as registered; unrouted for 404s), status and payment outcome",
    labelNames: ["method", "route", "status", "payment"] as const,
    registers: [registry],
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
    metrics.requests.inc({
      method: req.method,
      route: entry ? entry.path : req.routeOptions.url ? String(req.routeOptions.url) : "unrouted",
      status: String(reply.statusCode),
      payment: req.paymentOutcome?.state ?? "none",
    });
    done();
  });
}
