// One structured log line per request: route, price, status, payment outcome, settlement
// transaction, duration. Never headers, keys or signatures.
import type { FastifyReply, FastifyRequest } from "fastify";

export function logRequest(req: FastifyRequest, reply: FastifyReply): void {
  const entry = req.routeOptions.config?.entry;
  const outcome = req.paymentOutcome;
  req.log.info(
    {
      route: entry
        ? `${entry.method} ${entry.path}`
        : `${req.method} ${req.routeOptions.url ?? "(unrouted)"}`,
      price: entry ? `$${entry.price}` : null,
      status: reply.statusCode,
      outcome: outcome?.state ?? "none",
      ...(outcome?.state === "settled" ? { transaction: outcome.transaction } : {}),
      ...(outcome && "reason" in outcome ? { reason: outcome.reason } : {}),
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    },
    "request",
  );
}
