// The production facilitator client. A facilitator that cannot be reached, times out or answers
// with an HTTP error is a facilitator fault (502 facilitator_unavailable), not a bad signature:
// transport failures are surfaced as FacilitatorResponseError, which the x402 server rethrows
// instead of turning into a 402. A hosted facilitator's auth headers (facilitator-auth.ts) go with
// every call.
import { type FacilitatorClient, FacilitatorResponseError, HTTPFacilitatorClient } from "@x402/core/server";
import { authHeadersFor, type FacilitatorAuth } from "./facilitator-auth.ts";

function asFacilitatorFault(op: string, err: unknown): never {
  if (err instanceof FacilitatorResponseError) throw err;
  throw new FacilitatorResponseError(
    `facilitator ${op} failed: ${err instanceof Error ? err.message : String(err)}`,
  );
}

export async function remoteFacilitatorClient(
  url: string,
  auth?: FacilitatorAuth,
): Promise<FacilitatorClient> {
  const createAuthHeaders = auth ? await authHeadersFor(auth) : undefined;
  const inner = new HTTPFacilitatorClient({ url, ...(createAuthHeaders ? { createAuthHeaders } : {}) });
  return {
    verify: (payload, requirements) =>
      inner.verify(payload, requirements).catch((e: unknown) => asFacilitatorFault("verify", e)),
    settle: (payload, requirements) =>
      inner.settle(payload, requirements).catch((e: unknown) => asFacilitatorFault("settle", e)),
    getSupported: () => inner.getSupported().catch((e: unknown) => asFacilitatorFault("supported", e)),
  };
}
