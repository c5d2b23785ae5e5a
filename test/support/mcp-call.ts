// An MCP tool call as an x402 MCP client makes it: the payment, if any, in _meta["x402/payment"].
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export const callTool = async (
  via: Client,
  name: string,
  args: Record<string, unknown>,
  payment?: unknown,
): Promise<CallToolResult> =>
  (await via.callTool({
    name,
    arguments: args,
    ...(payment ? { _meta: { "x402/payment": payment } } : {}),
  })) as CallToolResult;

/** A raw tools/call message posted to `/mcp`, so that arguments the SDK's types forbid can be sent. */
export const postToolCall = (serviceUrl: string, name: string, args: unknown): Promise<Response> =>
  fetch(`${serviceUrl}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
