// The admin listener: operational endpoints on their own port (GEO402_ADMIN_PORT, loopback by
// default), as Kubernetes probes and Prometheus expect, so that every route of the API port
// other than the free discovery routes stays priced. Free, unauthenticated, never paid.
//   GET /healthz  200 while the process serves (liveness)
//   GET /readyz   200 when every artifact family is open and payments can be verified and
//                 settled now (service/payment/health.ts: the devnet chain answers, or the remote
//                 facilitator's /supported does), and the compute workers have started; else 503
//   GET /metrics  Prometheus text exposition (service/ops/metrics.ts)
import Fastify, { type FastifyInstance } from "fastify";
import type { DataRegistry, FamilyStatus } from "../data/registry.ts";
import type { PaymentHealth } from "../payment/health.ts";
import type { Metrics } from "./metrics.ts";

export interface Readiness {
  ready: boolean;
  families: FamilyStatus[];
  payment: PaymentHealth;
  /** Whether the compute pool's workers have started (they start after the API listens). */
  compute: boolean;
}

export async function readiness(
  data: DataRegistry,
  paymentHealth: () => Promise<PaymentHealth>,
  computeReady: () => boolean,
): Promise<Readiness> {
  const families = data.status();
  const payment = await paymentHealth();
  const compute = computeReady();
  const ready = families.length > 0 && families.every((f) => f.state === "ready") && payment.ok && compute;
  return { ready, families, payment, compute };
}

export function buildAdminApp(deps: {
  data: DataRegistry;
  paymentHealth: () => Promise<PaymentHealth>;
  computeReady: () => boolean;
  metrics: Metrics;
}): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    const state = await readiness(deps.data, deps.paymentHealth, deps.computeReady);
    return reply.code(state.ready ? 200 : 503).send(state);
  });
  app.get("/metrics", async (_req, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );
  return app;
}
