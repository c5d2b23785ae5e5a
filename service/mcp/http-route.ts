// POST /mcp: the MCP Streamable HTTP transport (stateless: one server and transport per request,
// JSON answers rather than an SSE stream); the older HTTP+SSE transport beside it (sse-route.ts). The endpoint itself is free, like GET /: it only
// lists tools and carries calls; each tool call is priced and paid through its HTTP route.
// The MCP SDK (and its zod schemas) loads on the first MCP request, not at start-up.
import type { FastifyInstance } from "fastify";
import { BODY_BYTES } from "../limits.ts";
import type { CatalogEntry } from "../route-types.ts";
import type { SchemaSet } from "../schemas.ts";
import { SECURITY_HEADERS } from "../security-headers.ts";
import { registerMcpSseRoutes, SSE_MESSAGES_PATH, SSE_PATH } from "./sse-route.ts";
import { catalogTools } from "./tools.ts";

export const MCP_PATH = "/mcp";
/** The MCP endpoints and their methods (any other method answers 405). */
export const MCP_ROUTES: ReadonlyMap<string, string[]> = new Map([
  [MCP_PATH, ["POST"]],
  [SSE_PATH, ["GET"]],
  [SSE_MESSAGES_PATH, ["POST"]],
]);
const ENVELOPE_BYTES = 65_536;

let sdk: Promise<
  [typeof import("./server.ts"), typeof import("@modelcontextprotocol/sdk/server/streamableHttp.js")]
>;
const loadSdk = () =>
  (sdk ??= Promise.all([
    import("./server.ts"),
    import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
  ]));

export function registerMcpRoute(
  app: FastifyInstance,
  entries: readonly CatalogEntry[],
  schemas: SchemaSet,
  /** The service's own base URL (configured public URL or listener), never the Host header. */
  baseUrl: () => string,
): void {
  const tools = catalogTools(entries, schemas);
  const newServer = async () =>
    (await loadSdk())[0].createMcpServer(tools, { app, mcpUrl: `${baseUrl()}${MCP_PATH}` });
  // Room for the JSON-RPC envelope and a payment around arguments as large as a route's body:
  // the inner HTTP request then applies the route's own body limit.
  const bodyLimit = BODY_BYTES + ENVELOPE_BYTES;
  app.post(MCP_PATH, { bodyLimit }, async (req, reply) => {
    const [, { StreamableHTTPServerTransport }] = await loadSdk();
    const server = await newServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
  registerMcpSseRoutes(app, {
    bodyLimit,
    connect: async (transport) => {
      const server = await newServer();
      await server.connect(transport);
      return server;
    },
  });
}
