// An MCP server (the SDK's low-level Server: the tools' input schemas are JSON Schemas from
// schemas/, not zod) listing the catalog tools and answering tools/call through the HTTP routes.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { callCatalogTool, type ToolCallContext } from "./tool-call.ts";
import type { CatalogTool } from "./tools.ts";
import { PAYMENT_META } from "./x402-meta.ts";

const MCP_SERVER_INFO = { name: "geo402", version: "0.2.0" };

export function createMcpServer(tools: ReadonlyMap<string, CatalogTool>, ctx: ToolCallContext): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      "Geospatial primitives paid per call in USDC with x402 v2. An unpaid tool call answers with the " +
      "payment terms (isError, x402 PaymentRequired); retry with the signed payment in " +
      `_meta["${PAYMENT_META}"]. Nothing is charged for a refused call.`,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.values()].map((t) => t.tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"`);
    return callCatalogTool(
      ctx,
      tool,
      request.params.arguments ?? {},
      request.params._meta?.[PAYMENT_META],
      extra.signal,
    );
  });
  return server;
}
