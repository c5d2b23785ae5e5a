// The body of an unpaid 402 (x402 v2 puts the terms in the PAYMENT-REQUIRED header and leaves the
// body to the server): one sentence for clients that only speak x402 v1, which read the terms from
// the body. x402-fetch and x402-axios 1.x parse `accepts` entries with their v1 schema before
// anything else; the one entry here carries the sentence as its scheme, so the error such a client
// raises quotes it (instead of "Cannot read properties of undefined (reading 'map')" on `{}`).
// `x402Version: 2` tells every reader that the body holds no v1 terms; v2 clients (and discovery
// tools) read the header first.
export const X402_V1_NOTICE =
  "This service speaks x402 v2 only (terms in the PAYMENT-REQUIRED header, payment in PAYMENT-SIGNATURE): pay with an x402 v2 client such as @x402/fetch or @x402/axios; x402-fetch and x402-axios 1.x cannot pay it.";

/** The unpaid 402's body (the route config's `unpaidResponseBody` of @x402/core). */
export const v1NoticeBody = () => ({
  contentType: "application/json",
  body: { x402Version: 2, error: X402_V1_NOTICE, accepts: [{ scheme: X402_V1_NOTICE }] },
});
