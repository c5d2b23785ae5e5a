// The admin listener: operational endpoints on their own port (GEO402_ADMIN_PORT, loopback by
// default), as Kubernetes probes and Prometheus expect, so that every route of the API port
// other than the free discovery routes stays priced. Free, unauthenticated, never paid.
//   GET /healthz  200 while the process serves (liveness)
//   GET /readyz   200 when every artifact family is open and the facilitator answers; else 503
//   GET /metrics  Prometheus text exposition (service/ops/metrics.ts)
import type { FacilitatorClient } from "@x402/core/server";
import Fastify, { type FastifyInstance } from "fastify";
import type { DataRegistry } from "../data/registry.ts";
import type { Metrics } from "./metrics.ts";

/** How long /readyz waits for the facilitator before calling it unreachable. */
export const FACILITATOR_PROBE_MS = 2_000;

export interface Readiness {
  ready: boolean;
  families: { family: string; state: "ready" | "unavailable"; version?: string; reason?: string }[];
  facilitator: { reachable: boolean; reason?: string };
}

/** Small reachability probe: the facilitator's GET /supported answers in time. */
export async function probeFacilitator(
  client: FacilitatorClient,
  timeoutMs = FACILITATOR_PROBE_MS,
): Promise<Readiness["facilitator"]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([client.getSupported(), timeout]);
    return { reachable: true };
  } catch (err) {
    return { reachable: false, reason: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(data: DataRegistry, facilitator: FacilitatorClient): Promise<Readiness> {
  const families = data.status();
  const probe = await probeFacilitator(facilitator);
  const ready = families.length > 0 && families.every((f) => f.state === "ready") && probe.reachable;
  return { ready, families, facilitator: probe };
}

export function buildAdminApp(deps: {
  data: DataRegistry;
  facilitatorClient: FacilitatorClient;
  metrics: Metrics;
}): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    const state = await readiness(deps.data, deps.facilitatorClient);
    return reply.code(state.ready ? 200 : 503).send(state);
  });
  app.get("/metrics", async (_req, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );
  return app;
}
