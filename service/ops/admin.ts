// The admin listener: operational endpoints on their own port (GEO402_ADMIN_PORT, loopback by
// default), as Kubernetes probes and Prometheus expect, so that every route of the API port
// other than the free discovery routes stays priced. Free, unauthenticated, never paid.
//   GET /healthz  200 while the process serves (liveness)
//   GET /readyz   200 when every artifact family is open and payments can be verified and
//                 settled now (service/payment/health.ts: the devnet chain answers, the facilitator's
//                 /supported lists every (scheme, network) the 402s offer, and the payment gate has
//                 read them), the compute workers have started and the replica is not draining;
//                 else 503 with the reason in `payment.reason`
//   GET /metrics  Prometheus text exposition (service/ops/metrics.ts)
import Fastify, { type FastifyInstance } from "fastify";
import type { DataRegistry, FamilyStatus } from "../data/registry.ts";
import type { PaymentHealth } from "../payment/health.ts";
import type { Metrics } from "./metrics.ts";

export interface Readiness {
  ready: boolean;
  /** Present while the replica drains before stopping (SIGTERM, GEO402_DRAIN_MS). */
  draining?: true;
  families: FamilyStatus[];
  payment: PaymentHealth;
  /** Whether the compute pool's workers have started (they start after the API listens). */
  compute: boolean;
}

export async function readiness(
  data: DataRegistry,
  paymentHealth: () => Promise<PaymentHealth>,
  computeReady: () => boolean,
  draining = false,
): Promise<Readiness> {
  const families = data.status();
  const payment = await paymentHealth();
  const compute = computeReady();
  const ready =
    !draining && families.length > 0 && families.every((f) => f.state === "ready") && payment.ok && compute;
  return { ready, ...(draining ? { draining: true as const } : {}), families, payment, compute };
}

export function buildAdminApp(deps: {
  data: DataRegistry;
  paymentHealth: () => Promise<PaymentHealth>;
  computeReady: () => boolean;
  metrics: Metrics;
  draining: () => boolean;
}): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    const state = await readiness(deps.data, deps.paymentHealth, deps.computeReady, deps.draining());
    return reply.code(state.ready ? 200 : 503).send(state);
  });
  app.get("/metrics", async (_req, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );
  return app;
}
