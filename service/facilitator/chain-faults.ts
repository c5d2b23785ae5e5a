// Telling "the chain could not be reached" apart from "the payment is invalid". @x402/evm's exact
// facilitator catches RPC failures inside verify (a signature check that cannot run reads as
// invalid_exact_evm_signature), so every chain call it makes is watched here: a transport fault
// during one verify or settle turns that operation into a FacilitatorResponseError, which the x402
// server rethrows and the gate answers 502 facilitator_unavailable (free), logged at error level.
import { AsyncLocalStorage } from "node:async_hooks";
import { FacilitatorResponseError } from "@x402/core/server";
import { BaseError, HttpRequestError, SocketClosedError, TimeoutError } from "viem";

const watch = new AsyncLocalStorage<{ fault?: string }>();

/** True when `err` is the chain (or its RPC endpoint) being unreachable, not a contract answer. */
export function isTransportFault(err: unknown): boolean {
  if (err instanceof BaseError)
    return (
      err.walk(
        (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof SocketClosedError,
      ) !== null
    );
  return false;
}

/** Wraps one chain call: a transport fault is noted for the operation in progress, then rethrown. */
export async function chainCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const ctx = watch.getStore();
    if (ctx && isTransportFault(err)) ctx.fault = err instanceof BaseError ? err.shortMessage : String(err);
    throw err;
  }
}

/** Runs one facilitator operation; if any chain call inside it hit a transport fault, it throws. */
export async function watchChain<T>(op: string, run: () => Promise<T>): Promise<T> {
  const ctx: { fault?: string } = {};
  const result = await watch.run(ctx, run).catch((err: unknown) => {
    if (ctx.fault === undefined && !isTransportFault(err)) throw err;
    ctx.fault ??= "chain unreachable";
    return undefined;
  });
  if (ctx.fault !== undefined) throw new FacilitatorResponseError(`chain unavailable during ${op}`);
  return result as T;
}
