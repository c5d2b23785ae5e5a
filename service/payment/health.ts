// "Can a payment be verified and settled right now?" — one small check per payment mode, for
// readiness probes (/readyz) and for logs. The devnet: anvil is running and answers eth_chainId
// with its chain id. A remote facilitator: GET /supported answers in time.
import { HTTPFacilitatorClient } from "@x402/core/server";
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

export function facilitatorHealth(url: string): () => Promise<PaymentHealth> {
  const client = new HTTPFacilitatorClient({ url });
  return async () => {
    try {
      await Promise.race([
        client.getSupported(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), HEALTH_TIMEOUT_MS).unref()),
      ]);
      return { ok: true };
    } catch {
      return { ok: false, reason: "facilitator /supported does not answer" };
    }
  };
}
