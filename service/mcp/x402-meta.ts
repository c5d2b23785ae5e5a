// The `_meta` keys of tool calls: the x402 MCP transport's (coinbase/x402
// specs/transports-v2/mcp.md) and geo402's own.
/** Request `_meta` member carrying the PaymentPayload. */
export const PAYMENT_META = "x402/payment";
/** Result `_meta` member carrying the SettleResponse. */
export const PAYMENT_RESPONSE_META = "x402/payment-response";
/** Result `_meta` member: the artifact versions the answer read (HTTP `x-data-version`). */
export const DATA_VERSION_META = "geo402/data-version";
