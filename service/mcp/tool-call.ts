// One MCP tool call = one request to the tool's HTTP route, made in process with `app.inject`, so
// pricing, pre-payment checks, verification, cancel-on-refusal, settlement and the request log are
// the HTTP path itself. The HTTP answer is then put in the x402 MCP transport's forms
// (coinbase/x402 specs/transports-v2/mcp.md):
//   402 + PAYMENT-REQUIRED   → isError result whose structuredContent is the PaymentRequired
//                              (resource = this MCP endpoint, bazaar = the MCP tool declaration)
//   200 + PAYMENT-RESPONSE   → the answer, settlement in _meta["x402/payment-response"]
//   402 + PAYMENT-RESPONSE   → settlement failed: isError, PaymentRequired form + the failure
//   other refusals           → isError with the geo402 error body (a cancellation, if any, in _meta)
// The x-data-version header (artifact versions read) rides in _meta["geo402/data-version"].
// The call's abort signal (the MCP client left) is the inner request's client leaving: a paid call
// abandoned mid-way is cancelled, not settled (delivery.ts).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import type { FastifyInstance, InjectOptions } from "fastify";
import { isJsonObject } from "../geo/json-object.ts";
import type { CatalogTool } from "./tools.ts";
import { DATA_VERSION_META, PAYMENT_RESPONSE_META } from "./x402-meta.ts";

export interface ToolCallContext {
  app: FastifyInstance;
  /** URL of the MCP endpoint as the caller sees it (the resource of every tool's terms). */
  mcpUrl: string;
}

export async function callCatalogTool(
  ctx: ToolCallContext,
  tool: CatalogTool,
  /** As sent: a value that is not an object is the route's to refuse with its own error code. */
  args: unknown,
  payment: unknown,
  /** Aborted when the MCP client goes away. */
  signal: AbortSignal,
): Promise<CallToolResult> {
  const { entry } = tool;
  // A payment that echoes another tool's terms is refused as the HTTP route refuses another
  // route's: the route is asked unpaid, and its fresh terms carry the reason.
  const mismatch = echoMismatch(tool, payment);
  const headers: Record<string, string> = { "user-agent": "geo402-mcp" };
  if (payment !== undefined && !mismatch)
    headers["payment-signature"] = encodePaymentSignatureHeader(forHttp(payment));
  const request: InjectOptions =
    entry.method === "POST"
      ? {
          method: "POST",
          url: entry.path,
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify(args),
          signal,
        }
      : { method: "GET", url: entry.path, headers, query: queryOf(args), signal };
  const res = await ctx.app.inject(request);

  const required = header(res.headers["payment-required"]);
  const settlement = header(res.headers["payment-response"]);
  const settled = settlement ? decodePaymentResponseHeader(settlement) : undefined;
  if (res.statusCode === 402 && required) {
    const terms = decodePaymentRequiredHeader(required);
    return paymentRequiredResult(asMcpTerms(ctx, tool, mismatch ? { ...terms, error: mismatch } : terms));
  }
  const body = parseBody(res.payload);
  if (res.statusCode === 402 && settled && !settled.success) {
    const accepted = (payment as Partial<PaymentPayload> | undefined)?.accepted;
    return paymentRequiredResult({
      ...asMcpTerms(ctx, tool, {
        x402Version: 2,
        error: `Payment settlement failed: ${settled.errorReason ?? "unknown"}`,
        resource: { url: ctx.mcpUrl },
        accepts: accepted ? [accepted] : [],
      }),
      [PAYMENT_RESPONSE_META]: settled,
      geo402: body,
    });
  }
  const result: CallToolResult = {
    content: [{ type: "text", text: res.payload }],
    structuredContent: body,
    ...(res.statusCode === 200 ? {} : { isError: true }),
  };
  const dataVersion = header(res.headers["x-data-version"]);
  if (settled || dataVersion)
    result._meta = {
      ...(settled ? { [PAYMENT_RESPONSE_META]: settled } : {}),
      ...(dataVersion ? { [DATA_VERSION_META]: dataVersion } : {}),
    };
  return result;
}

/** The route's HTTP terms, restated for this MCP endpoint and tool. */
function asMcpTerms(ctx: ToolCallContext, tool: CatalogTool, terms: PaymentRequired): PaymentRequired {
  return {
    ...terms,
    resource: {
      ...terms.resource,
      url: ctx.mcpUrl,
      description: tool.entry.summary,
      mimeType: "application/json",
    },
    extensions: { ...terms.extensions, ...tool.discovery },
  };
}

function paymentRequiredResult(terms: PaymentRequired & Record<string, unknown>): CallToolResult {
  const wrapped = { "x402/error": { code: 402, message: terms.error ?? "Payment required", data: terms } };
  return {
    isError: true,
    structuredContent: terms,
    content: [{ type: "text", text: JSON.stringify(wrapped) }],
  };
}

/** Checks echoed extensions against what was advertised, as the HTTP gate does (@x402/core). */
const echoCheck = new x402ResourceServer().registerExtension(bazaarResourceServerExtension);

/**
 * `extension_echo_mismatch` when the payment echoes a bazaar declaration that is not this tool's
 * (a payment quoted for another tool of the same price), as @x402/core refuses it over HTTP.
 */
function echoMismatch(tool: CatalogTool, payment: unknown): string | undefined {
  if (!isJsonObject(payment) || !isJsonObject(payment.extensions) || !("bazaar" in payment.extensions))
    return undefined;
  const echoed = { x402Version: 2, extensions: { bazaar: payment.extensions.bazaar } };
  const result = echoCheck.validateExtensions(
    { extensions: tool.discovery } as PaymentRequired,
    echoed as unknown as PaymentPayload,
  );
  return result.valid ? undefined : (result.invalidReason ?? "extension_echo_mismatch");
}

/**
 * The MCP terms advertise the tool's bazaar declaration; the HTTP route advertises its own. A
 * client echoes the MCP one (checked above against this tool's), which the HTTP route would
 * refuse as an echo mismatch, so the echo is left out (it is optional) and the payment is
 * otherwise passed on unchanged.
 */
function forHttp(payment: unknown): PaymentPayload {
  const p = payment as PaymentPayload;
  if (!p || typeof p !== "object" || !p.extensions || !("bazaar" in p.extensions)) return p;
  const { bazaar: _mcpDeclaration, ...extensions } = p.extensions;
  return { ...p, extensions };
}

function queryOf(args: unknown): Record<string, string> {
  if (!isJsonObject(args)) return {};
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return isJsonObject(v) ? v : { value: v };
  } catch {
    return { text };
  }
}

const header = (v: string | string[] | number | undefined): string | undefined =>
  typeof v === "string" ? v : Array.isArray(v) ? v[0] : undefined;
