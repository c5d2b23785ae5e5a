// GET /mcp/sse and POST /mcp/messages: MCP's older HTTP+SSE transport (protocol 2024-11-05), through
// the SDK's SSEServerTransport, for clients that speak only it — x402's Python MCP client connects
// with `sse_client(f"{url}/sse")`. A GET opens a stream: the server announces the messages URL
// with its session id, the client POSTs JSON-RPC messages there (202), and the answers come back
// on the stream. Same tools and payment path as POST /mcp; a stream that closes aborts its calls
// in flight, which are then cancelled, not charged (delivery.ts). Streams are capped: each holds
// a connection for as long as the client keeps it.
import type { FastifyInstance } from "fastify";
import { ApiError, errorBody } from "../errors.ts";
import { SECURITY_HEADERS } from "../security-headers.ts";

export const SSE_PATH = "/mcp/sse";
export const SSE_MESSAGES_PATH = "/mcp/messages";
/** Open streams at most; one more is refused 503 overloaded. */
export const MAX_SSE_STREAMS = 64;

type SseTransport = import("@modelcontextprotocol/sdk/server/sse.js").SSEServerTransport;

export function registerMcpSseRoutes(
  app: FastifyInstance,
  opts: {
    /** An MCP server for one stream (connect() starts the transport). */
    connect: (transport: SseTransport) => Promise<{ close(): Promise<void> }>;
    bodyLimit: number;
  },
): void {
  const streams = new Map<string, SseTransport>();
  // The streams would keep the listener from closing: they are ended first.
  app.addHook("preClose", async () => {
    await Promise.all([...streams.values()].map((t) => t.close()));
  });

  // No HEAD: it would open a stream with nothing to read.
  app.get(SSE_PATH, { exposeHeadRoute: false }, async (_req, reply) => {
    if (streams.size >= MAX_SSE_STREAMS)
      return reply
        .code(503)
        .header("retry-after", "5")
        .send(errorBody(new ApiError("overloaded", { retryAfterSeconds: 5, reason: "MCP SSE streams" })));
    const { SSEServerTransport } = await import("@modelcontextprotocol/sdk/server/sse.js");
    reply.hijack();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    const transport = new SSEServerTransport(SSE_MESSAGES_PATH, reply.raw);
    streams.set(transport.sessionId, transport);
    const server = await opts.connect(transport);
    reply.raw.once("close", () => {
      streams.delete(transport.sessionId);
      void server.close();
    });
  });

  app.post(SSE_MESSAGES_PATH, { bodyLimit: opts.bodyLimit }, async (req, reply) => {
    const { sessionId } = req.query as { sessionId?: string };
    const transport = sessionId === undefined ? undefined : streams.get(sessionId);
    if (!transport)
      return reply
        .code(404)
        .send(errorBody(new ApiError("not_found", { reason: "no open MCP SSE stream has this sessionId" })));
    reply.hijack();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    await transport.handlePostMessage(req.raw, reply.raw, req.body);
  });
}
