// Client side of the x402 MCP transport (coinbase/x402 specs/transports-v2/mcp.md): finding the
// PaymentRequired in a tool result, in the order the spec gives.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { PaymentRequired } from "@x402/core/types";

const isTerms = (v: unknown): v is PaymentRequired =>
  typeof v === "object" && v !== null && "x402Version" in v && Array.isArray((v as PaymentRequired).accepts);

const wrapped = (v: unknown): unknown =>
  typeof v === "object" && v !== null
    ? (v as { "x402/error"?: { data?: unknown } })["x402/error"]?.data
    : undefined;

/** The payment terms a tool result asks for, or undefined when it does not ask for payment. */
export function paymentRequiredOf(result: CallToolResult): PaymentRequired | undefined {
  if (!result.isError) return undefined;
  const structured = result.structuredContent;
  if (isTerms(structured)) return structured;
  if (isTerms(wrapped(structured))) return wrapped(structured) as PaymentRequired;
  const first = result.content[0];
  if (first?.type !== "text") return undefined;
  try {
    const parsed: unknown = JSON.parse(first.text);
    if (isTerms(parsed)) return parsed;
    const data = wrapped(parsed);
    return isTerms(data) ? data : undefined;
  } catch {
    return undefined;
  }
}
