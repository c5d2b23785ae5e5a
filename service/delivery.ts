// Binds a request to its delivery. Whether the client is still there (a response closed before it
// finished: the client went away; this also holds for app.inject() with an aborted signal), an
// abort signal for the work done on its behalf, keeping a fully received request's socket from
// being cut by the idle timeout while its handler runs, and exactly one log line per request.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "./errors.ts";
import { logRequest } from "./request-log.ts";

export class Delivery {
  readonly #client = new AbortController();
  #finished = false;
  #logged = false;
  /** A refusal written straight to the socket, outside Fastify (408 of a slow client). */
  closedWith: ApiError | null = null;

  constructor(reply: FastifyReply) {
    reply.raw.once("finish", () => {
      this.#finished = true;
    });
    reply.raw.once("close", () => {
      if (!this.#finished) this.#client.abort();
    });
  }

  /** Aborted when the client goes away before the answer is written. */
  get signal(): AbortSignal {
    return this.#client.signal;
  }

  gone(): boolean {
    return this.#client.signal.aborted;
  }

  /** Writes the request's log line unless it was written already. */
  log(req: FastifyRequest, reply: FastifyReply): void {
    if (this.#logged) return;
    this.#logged = true;
    logRequest(req, reply, this);
  }
}

declare module "fastify" {
  interface FastifyRequest {
    delivery: Delivery;
    /** The error code of the refusal answered (or, for a client gone, of the work abandoned). */
    errorCode: string | null;
  }
}

/**
 * onRequest: watch the response. A routed request that the client leaves is logged by the
 * route's last onSend hook (its payment decision is known only then: Fastify runs the lifecycle
 * to the end even for a closed socket); an unrouted one is logged when it closes.
 */
export async function watchDelivery(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const delivery = new Delivery(reply);
  req.delivery = delivery;
  if (req.routeOptions.config?.entry) return;
  reply.raw.once("close", () => {
    if (delivery.gone()) delivery.log(req, reply);
  });
}

/**
 * preValidation: the request has been received completely, so the server's idle timeout
 * (`connectionTimeout`, meant for clients that stall) no longer applies while it is handled and
 * paid; Node re-arms its keep-alive timeout when the response finishes.
 */
export async function holdSocket(req: FastifyRequest): Promise<void> {
  req.raw.socket?.setTimeout?.(0);
}

/** The route's last onSend hook: a request whose client left is logged now, outcome decided. */
export async function logIfGone(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (req.delivery.gone()) req.delivery.log(req, reply);
  return payload;
}

/** onResponse: the answer was written. */
export async function logDelivered(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  req.delivery.log(req, reply);
}
