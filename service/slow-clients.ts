// Connection-level refusals that happen outside Fastify's request lifecycle: a client that does
// not finish sending its request in time, and bytes that are not HTTP at all. Both get our error
// body and the connection is closed.
import type { Socket } from "node:net";
import type { FastifyRequest } from "fastify";
import { ApiError, errorBody } from "./errors.ts";

function rawAnswer(socket: Socket, err: ApiError): void {
  // An in-process request (app.inject: MCP tool calls) has a stand-in socket with nothing to end.
  if (socket.destroyed || typeof socket.end !== "function") return;
  const body = JSON.stringify(errorBody(err));
  const reason = err.status === 408 ? "Request Timeout" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${err.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify `clientErrorHandler`: headers not received within headersTimeout → 408 request_timeout;
 * unparseable HTTP → 400 malformed_request. */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  const timedOut = err.code === "ERR_HTTP_REQUEST_TIMEOUT";
  rawAnswer(socket, new ApiError(timedOut ? "request_timeout" : "malformed_request", {}));
}

/** Cuts a request whose body is still arriving after `ms` (408 request_timeout); called on request. */
export function requestDeadline(ms: number) {
  // The request is looked at a microtask later, once the chunk that carried its headers has been
  // parsed, so a body that came with them (most) needs no timer.
  return (req: FastifyRequest): void => {
    queueMicrotask(() => {
      if (req.raw.complete) return;
      const timer = setTimeout(() => {
        if (req.raw.complete) return;
        const err = new ApiError("request_timeout", {});
        req.delivery.closedWith = err;
        rawAnswer(req.raw.socket, err);
      }, ms);
      timer.unref();
      req.raw.once("end", () => clearTimeout(timer));
      req.raw.once("close", () => clearTimeout(timer));
    });
  };
}
