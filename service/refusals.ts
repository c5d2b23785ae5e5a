// The route layer's one mapping from what kernels throw to what callers see: a Refusal of
// service/geo becomes the ApiError of the same code (status and message from the error table).
// Applied where handlers run: on the main thread (compute/execute.ts) and in a compute worker
// before the refusal crosses the worker boundary (compute/task.ts).
import { ApiError } from "./errors.ts";
import { Refusal } from "./geo/refusal.ts";

/** A Refusal as its ApiError; any other thrown value unchanged. */
export function toApiError(err: unknown): unknown {
  return err instanceof Refusal ? new ApiError(err.code, err.details) : err;
}
