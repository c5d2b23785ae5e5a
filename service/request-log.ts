// One structured log line per request: route, price, status, error code, payment outcome,
// settlement transaction, whether the client was gone, duration. Never headers, keys or
// signatures. Written once per request by service/delivery.ts, aborted requests included.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "./errors.ts";
import type { CatalogEntry } from "./route-types.ts";

/** What the line reads of the request's delivery (delivery.ts's Delivery). */
export interface DeliveryOutcome {
  readonly closedWith: ApiError | null;
  /** The catalog route answering, if any. */
  readonly entry: CatalogEntry | null;
  gone(): boolean;
}

export function logRequest(req: FastifyRequest, reply: FastifyReply, delivery: DeliveryOutcome): void {
  const entry = delivery.entry;
  const outcome = req.paymentOutcome;
  const closedWith = delivery.closedWith;
  const code = closedWith?.code ?? req.errorCode;
  req.log.info(
    {
      route: entry
        ? `${entry.method} ${entry.path}`
        : `${req.method} ${req.routeOptions.url ?? "(unrouted)"}`,
      price: entry ? `$${entry.price}` : null,
      status: closedWith?.status ?? reply.statusCode,
      ...(code ? { code } : {}),
      outcome: outcome?.state ?? "none",
      ...(outcome?.state === "settled" || outcome?.state === "recovered"
        ? { transaction: outcome.transaction }
        : {}),
      ...(outcome && "reason" in outcome ? { reason: outcome.reason } : {}),
      ...(delivery.gone() ? { clientGone: true } : {}),
      ...(req.computeTimes ?? {}),
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    },
    "request",
  );
}
