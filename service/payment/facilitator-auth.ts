// Authentication to a hosted facilitator, configured from the environment: Coinbase CDP
// (CDP_API_KEY_ID / CDP_API_KEY_SECRET, a JWT per call built by @coinbase/x402), PayAI
// (PAYAI_API_KEY_ID / PAYAI_API_KEY_SECRET, a JWT built by @payai/facilitator), or static headers
// for any other (FACILITATOR_HEADERS, a JSON object). The makers' packages build the headers; they
// are loaded only when their facilitator is configured. Secrets stay in the configuration object
// and the headers of the facilitator calls: never in a log line, a metric or an error body.
import type { FacilitatorConfig } from "@x402/core/server";

export type FacilitatorAuth =
  | { kind: "cdp"; apiKeyId: string; apiKeySecret: string }
  | { kind: "payai"; apiKeyId: string; apiKeySecret: string }
  | { kind: "headers"; headers: Record<string, string> };

/** The facilitator URL each maker's package configures (createFacilitatorConfig().url). */
export const HOSTED_FACILITATOR_URL = {
  cdp: "https://api.cdp.coinbase.com/platform/v2/x402",
  payai: "https://facilitator.payai.network",
} as const;

/** The public x402.org facilitator: testnets only (Base Sepolia among them), no auth. */
const TESTNET_ONLY_FACILITATORS = ["https://x402.org/facilitator", "https://www.x402.org/facilitator"];
export const isTestnetOnlyFacilitator = (url: string): boolean => TESTNET_ONLY_FACILITATORS.includes(url);

/**
 * A CDP API key secret as CDP issues it: a PEM private key (ES256, "ECDSA" keys) or the base64 of
 * an Ed25519 seed and public key, 64 bytes (EdDSA, the default key type).
 */
function isCdpSecret(secret: string): boolean {
  if (/^-----BEGIN (EC )?PRIVATE KEY-----/.test(secret.trim())) return true;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(secret) && Buffer.from(secret, "base64").length === 64;
}

/** Reads the facilitator's auth from the environment; problems name variables, never values. */
export function facilitatorAuthFromEnv(
  env: NodeJS.ProcessEnv,
  problems: string[],
): FacilitatorAuth | undefined {
  const found: FacilitatorAuth[] = [];
  for (const kind of ["cdp", "payai"] as const) {
    const prefix = kind.toUpperCase();
    const apiKeyId = env[`${prefix}_API_KEY_ID`];
    const apiKeySecret = env[`${prefix}_API_KEY_SECRET`];
    if (!apiKeyId && !apiKeySecret) continue;
    if (!apiKeyId || !apiKeySecret) {
      problems.push(`${prefix}_API_KEY_ID and ${prefix}_API_KEY_SECRET must be set together`);
      continue;
    }
    if (kind === "cdp" && !isCdpSecret(apiKeySecret))
      problems.push(
        "CDP_API_KEY_SECRET must be a PEM private key or a base64 Ed25519 key (64 bytes), as CDP issues it",
      );
    found.push({ kind, apiKeyId, apiKeySecret });
  }
  if (env.FACILITATOR_HEADERS) {
    let headers: unknown;
    try {
      headers = JSON.parse(env.FACILITATOR_HEADERS);
    } catch {}
    const ok =
      typeof headers === "object" &&
      headers !== null &&
      !Array.isArray(headers) &&
      Object.entries(headers).every(
        ([k, v]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) && typeof v === "string",
      );
    if (ok) found.push({ kind: "headers", headers: headers as Record<string, string> });
    else
      problems.push(
        'FACILITATOR_HEADERS must be a JSON object of header names to string values, e.g. {"X-Api-Key":"…"}',
      );
  }
  if (found.length > 1)
    problems.push("set one facilitator auth only: CDP_API_KEY_*, PAYAI_API_KEY_* or FACILITATOR_HEADERS");
  return found[0];
}

/** The `createAuthHeaders` of an x402 facilitator client for the configured auth. */
export async function authHeadersFor(auth: FacilitatorAuth): Promise<FacilitatorConfig["createAuthHeaders"]> {
  switch (auth.kind) {
    case "cdp": {
      const { createCdpAuthHeaders } = await import("@coinbase/x402");
      return createCdpAuthHeaders(auth.apiKeyId, auth.apiKeySecret);
    }
    case "payai": {
      const { createPayAIAuthHeaders } = await import("@payai/facilitator");
      return createPayAIAuthHeaders(auth.apiKeyId, auth.apiKeySecret);
    }
    case "headers": {
      const headers = auth.headers;
      return async () => ({ verify: headers, settle: headers, supported: headers });
    }
  }
}
