// POST /mcp: the MCP Streamable HTTP transport (stateless: one server and transport per request,
// JSON answers rather than an SSE stream). The endpoint itself is free, like GET /: it only
// lists tools and carries calls; each tool call is priced and paid through its HTTP route.
// The MCP SDK (and its zod schemas) loads on the first MCP request, not at start-up.
import type { FastifyInstance } from "fastify";
import { BODY_BYTES } from "../limits.ts";
import type { CatalogEntry } from "../route-types.ts";
import type { SchemaSet } from "../schemas.ts";
import { SECURITY_HEADERS } from "../security-headers.ts";
import { catalogTools } from "./tools.ts";

export const MCP_PATH = "/mcp";
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
  // Room for the JSON-RPC envelope and a payment around arguments as large as a route's body:
  // the inner HTTP request then applies the route's own body limit.
  app.post(MCP_PATH, { bodyLimit: BODY_BYTES + ENVELOPE_BYTES }, async (req, reply) => {
    const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await loadSdk();
    const server = createMcpServer(tools, {
      app,
      mcpUrl: `${baseUrl()}${MCP_PATH}`,
    });
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
}
