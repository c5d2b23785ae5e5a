// "Can a payment be verified and settled right now?" — one small check per payment mode, for
// readiness probes (/readyz) and for logs. The devnet: anvil is running and answers eth_chainId
// with its chain id. Either way: the facilitator's /supported answers in time and lists what the
// 402s offer.
import type { FacilitatorClient } from "@x402/core/server";
import type { SupportedResponse } from "@x402/core/types";
import { type AnvilNode, rpcCall } from "../devnet/anvil.ts";

export type PaymentHealth = { ok: true } | { ok: false; reason: string };

/** How long one health check may take before it counts as a failure. */
export const HEALTH_TIMEOUT_MS = 2_000;

export function devnetHealth(anvil: AnvilNode): () => Promise<PaymentHealth> {
  return async () => {
    if (!anvil.running()) return { ok: false, reason: "devnet chain (anvil) has exited" };
    try {
      const id = await rpcCall(anvil.rpcUrl, "eth_chainId", [], HEALTH_TIMEOUT_MS);
      return Number(id) === anvil.chainId
        ? { ok: true }
        : { ok: false, reason: `devnet chain answers chain id ${String(id)}` };
    } catch {
      return { ok: false, reason: "devnet chain does not answer" };
    }
  };
}

/** A (scheme, network) the service's 402s offer. */
export interface OfferedKind {
  scheme: string;
  network: string;
}

/**
 * The facilitator (remote, or the devnet's thread) answers /supported in time and lists every
 * (scheme, network) the 402s offer, for x402 version 2: otherwise nothing offered can be paid,
 * and the reason names what is missing or what the facilitator answered (its HTTP status, never
 * its body or the request's headers).
 */
export function supportedHealth(
  client: FacilitatorClient,
  offered: readonly OfferedKind[],
): () => Promise<PaymentHealth> {
  return async () => {
    let supported: SupportedResponse;
    try {
      supported = await Promise.race([
        client.getSupported(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("timeout")), HEALTH_TIMEOUT_MS).unref(),
        ),
      ]);
    } catch (err) {
      const status = err instanceof Error ? /failed \((\d{3})\)/.exec(err.message)?.[1] : undefined;
      return {
        ok: false,
        reason: status
          ? `facilitator /supported answered HTTP ${status}`
          : "facilitator /supported does not answer",
      };
    }
    const missing = offered.filter(
      (o) =>
        !supported.kinds.some((k) => k.x402Version === 2 && k.scheme === o.scheme && k.network === o.network),
    );
    if (missing.length === 0) return { ok: true };
    return {
      ok: false,
      reason: `facilitator does not support ${missing.map((m) => `${m.scheme} on ${m.network}`).join(", ")}`,
    };
  };
}
