// Binds a request to its delivery. Whether the client is still there (a response closed before it
// finished: the client went away; for a request made in process with app.inject(), the abort
// signal its caller gave: see injectedSignal), an
// abort signal for the work done on its behalf, keeping a fully received request's socket from
// being cut by the idle timeout while its handler runs, and exactly one log line per request.
// The hooks are callback-style: an async hook costs a promise and a microtask turn per request.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "./errors.ts";
import { logRequest } from "./request-log.ts";
import type { CatalogEntry } from "./route-types.ts";

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
  /**
   * The catalog route answering, read once per request: Fastify's `request.routeOptions` builds a
   * new object at each read, which the log line would otherwise pay for again.
   */
  readonly entry: CatalogEntry | null;

  constructor(req: FastifyRequest, reply: FastifyReply) {
    this.entry = req.routeOptions.config?.entry ?? null;
    reply.raw.once("finish", () => {
      this.#finished = true;
    });
    const leave = () => {
      if (this.#finished || this.#gone) return;
      this.#gone = true;
      this.#client?.abort();
    };
    reply.raw.once("close", leave);
    const injected = injectedSignal(req);
    if (injected?.aborted) leave();
    else injected?.addEventListener("abort", leave, { once: true });
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

/**
 * The `signal` given to app.inject() (how an MCP tool call reaches its route). light-my-request
 * only destroys the request stream with it, which does nothing once the body has been read, and
 * its response has no socket to close: the signal, kept on the request as `_lightMyRequest.signal`
 * (light-my-request 6), is the only news that the caller left. delivery.test.ts pins this.
 */
function injectedSignal(req: FastifyRequest): AbortSignal | undefined {
  return (req.raw as { _lightMyRequest?: { signal?: AbortSignal } })._lightMyRequest?.signal;
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
  const delivery = new Delivery(req, reply);
  req.delivery = delivery;
  if (!delivery.entry)
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
