// Headers every response carries: the API serves JSON to programs; its CSP allows nothing.
export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
};

/**
 * The headers of one answer: a page that set its own CSP (the paywall, service/payment/paywall.ts)
 * keeps it; every other answer gets the API's.
 */
export function securityHeaders(pageCsp: unknown): Record<string, string> {
  return typeof pageCsp === "string"
    ? { ...SECURITY_HEADERS, "content-security-policy": pageCsp }
    : SECURITY_HEADERS;
}
