// The `_meta` keys of the x402 MCP transport (coinbase/x402 specs/transports-v2/mcp.md).
/** Request `_meta` member carrying the PaymentPayload. */
export const PAYMENT_META = "x402/payment";
/** Result `_meta` member carrying the SettleResponse. */
export const PAYMENT_RESPONSE_META = "x402/payment-response";
