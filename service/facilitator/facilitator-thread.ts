// The devnet facilitator in its own thread: verify and settle (two signature recoveries in
// @x402/evm's pure-JavaScript ECDSA, signing the settlement transaction, and the JSON-RPC calls)
// and its supported kinds are answered by a worker (facilitator-worker.ts), off the thread that
// serves requests, which never constructs a facilitator itself. The client here only passes each
// call's payload and requirements over and the answer back. The worker starts with the devnet, so
// it has loaded while the app is built (the app's first supported-kinds call waits for it). A chain
// fault inside the worker comes back as a FacilitatorResponseError (502 facilitator_unavailable,
// free), as in process; a worker that ends fails its calls the same way and the next call starts a
// new one.
import { Worker } from "node:worker_threads";
import { type FacilitatorClient, FacilitatorResponseError } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { LocalFacilitatorOptions } from "./facilitator.ts";

/** What the thread is asked: a verify or settle of a payment, or its supported kinds. */
export type FacilitatorRequest =
  | { op: "verify" | "settle"; payload: PaymentPayload; requirements: PaymentRequirements }
  | { op: "supported" };
export type FacilitatorCall = FacilitatorRequest & { id: number };
export type FacilitatorAnswer =
  | { id: number; result: unknown }
  /** `fault`: the chain could not be reached (FacilitatorResponseError); otherwise an unexpected error. */
  | { id: number; error: string; fault: boolean };

export interface FacilitatorThread {
  /** Verify, settle and the supported kinds, each answered by the thread. */
  client: FacilitatorClient;
  /** Ends the worker (calls still pending fail as facilitator faults). */
  close(): Promise<void>;
}

export function startFacilitatorThread(opts: LocalFacilitatorOptions): FacilitatorThread {
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let worker: Worker | undefined;
  const failAll = (why: string) => {
    for (const p of pending.values()) p.reject(new FacilitatorResponseError(why));
    pending.clear();
  };
  const started = (): Worker => {
    if (worker) return worker;
    // In the bundle this is build/service/facilitator-entry.mjs; in the sources it bundles the worker.
    const w = new Worker(new URL("./facilitator-entry.mjs", import.meta.url), { workerData: opts });
    // The thread does not keep the process alive by itself: the requests waiting for it do.
    w.unref();
    w.on("message", (answer: FacilitatorAnswer) => {
      const p = pending.get(answer.id);
      if (!p) return;
      pending.delete(answer.id);
      if ("result" in answer) p.resolve(answer.result);
      else p.reject(answer.fault ? new FacilitatorResponseError(answer.error) : new Error(answer.error));
    });
    const ended = (why: string) => {
      if (worker === w) worker = undefined;
      failAll(why);
    };
    w.on("error", (err) => ended(`the facilitator thread failed: ${err.message}`));
    w.on("exit", (code) => ended(`the facilitator thread exited (${code})`));
    worker = w;
    return w;
  };
  const call = <T>(request: FacilitatorRequest) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        started().postMessage({ id, ...request } satisfies FacilitatorCall);
      } catch (err) {
        // A payload that cannot be copied to the thread (not plain data) is never sent.
        pending.delete(id);
        reject(err);
      }
    });
  started();
  const client: FacilitatorClient = {
    verify: (payload, requirements) => call({ op: "verify", payload, requirements }),
    settle: (payload, requirements) => call({ op: "settle", payload, requirements }),
    getSupported: () => call({ op: "supported" }),
  };
  return {
    client,
    async close() {
      const w = worker;
      worker = undefined;
      failAll("the facilitator thread was closed");
      await w?.terminate();
    },
  };
}
