// Binds a request to its delivery. Whether the client is still there (a response closed before it
// finished: the client went away; this also holds for app.inject() with an aborted signal), an
// abort signal for the work done on its behalf, keeping a fully received request's socket from
// being cut by the idle timeout while its handler runs, and exactly one log line per request.
// The hooks are callback-style: an async hook costs a promise and a microtask turn per request.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "./errors.ts";
import { logRequest } from "./request-log.ts";

export class Delivery {
  // The AbortController (an EventTarget) is made only when a handler asks for the signal: most
  // answers (402s, refusals) never need one, and making one per request was a measurable part of
  // the 402's cost (docs/performance.md).
  #client: AbortController | null = null;
  #gone = false;
  #finished = false;
  #logged = false;
  /** A refusal written straight to the socket, outside Fastify (408 of a slow client). */
  closedWith: ApiError | null = null;

  constructor(reply: FastifyReply) {
    reply.raw.once("finish", () => {
      this.#finished = true;
    });
    reply.raw.once("close", () => {
      if (this.#finished) return;
      this.#gone = true;
      this.#client?.abort();
    });
  }

  /** Aborted when the client goes away before the answer is written. */
  get signal(): AbortSignal {
    if (!this.#client) {
      this.#client = new AbortController();
      if (this.#gone) this.#client.abort();
    }
    return this.#client.signal;
  }

  gone(): boolean {
    return this.#gone;
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
export function watchDelivery(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const delivery = new Delivery(reply);
  req.delivery = delivery;
  if (!req.routeOptions.config?.entry)
    reply.raw.once("close", () => {
      if (delivery.gone()) delivery.log(req, reply);
    });
  done();
}

/**
 * preValidation: the request has been received completely, so the server's idle timeout
 * (`connectionTimeout`, meant for clients that stall) no longer applies while it is handled and
 * paid; Node re-arms its keep-alive timeout when the response finishes.
 */
export function holdSocket(req: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  req.raw.socket?.setTimeout?.(0);
  done();
}

/** The route's last onSend hook: a request whose client left is logged now, outcome decided. */
export function logIfGone(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  if (req.delivery.gone()) req.delivery.log(req, reply);
  done(null, payload);
}

/** onResponse: the answer was written. */
export function logDelivered(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  req.delivery.log(req, reply);
  done();
}
