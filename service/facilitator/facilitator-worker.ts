// The facilitator thread's body (facilitator-thread.ts): the restricted devnet facilitator of
// facilitator.ts, answering one message per call (verify, settle, its supported kinds).
import { parentPort, workerData } from "node:worker_threads";
import { FacilitatorResponseError } from "@x402/core/server";
import { createLocalFacilitator, type LocalFacilitatorOptions } from "./facilitator.ts";
import type { FacilitatorAnswer, FacilitatorCall } from "./facilitator-thread.ts";

const port = parentPort;
if (!port) throw new Error("facilitator-worker.ts runs as a worker thread");
const { client } = createLocalFacilitator(workerData as LocalFacilitatorOptions);

port.on("message", async (call: FacilitatorCall) => {
  const { id } = call;
  let answer: FacilitatorAnswer;
  try {
    const result =
      call.op === "supported"
        ? await client.getSupported()
        : await client[call.op](call.payload, call.requirements);
    answer = { id, result };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    answer = { id, error, fault: err instanceof FacilitatorResponseError };
  }
  port.postMessage(answer);
});
