// An MCP server (the SDK's low-level Server: the tools' input schemas are JSON Schemas from
// schemas/, not zod) listing the catalog tools and answering tools/call through the HTTP routes.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { isJsonObject } from "../geo/json-object.ts";
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
  // tools/call is answered by the fallback handler, which receives the request as sent: the SDK's
  // own tools/call handler refuses arguments that are not an object with a JSON-RPC error carrying
  // zod's text, where the route has its own error code (missing_field, invalid_field…) to answer
  // in the tool result, as for any other bad argument.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "tools/call") throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    const params = isJsonObject(request.params) ? request.params : {};
    const tool = typeof params.name === "string" ? tools.get(params.name) : undefined;
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(params.name)}`);
    const meta = isJsonObject(params._meta) ? params._meta : {};
    return callCatalogTool(ctx, tool, params.arguments ?? {}, meta[PAYMENT_META], extra.signal);
  };
  return server;
}
