// Runs a route's handler for one request: in the worker pool when the catalog says so, on the main
// thread otherwise — both under the compute deadline (GEO402_COMPUTE_TIMEOUT_MS, queue wait
// included) and both abandoned when the client goes away. Pool work is really stopped (its worker
// is terminated); main-thread handlers are cheap lookups whose late result is simply dropped.
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import { type CatalogEntry, type RouteContext, type RouteInput, routeKey } from "../route-types.ts";
import type { ComputePool } from "./pool.ts";
import { type ComputeResult, type UsedFamily, unwrapResult } from "./task.ts";

/**
 * Runs the entry's handler and resolves with its answer or rejects with its refusal. Pool routes
 * report the families their worker read through `reportUsed` (answers and refusals alike);
 * main-thread routes read through the request's own view.
 */
export type Executor = (
  entry: CatalogEntry,
  input: RouteInput,
  ctx: RouteContext,
  client: AbortSignal,
  reportUsed: (used: UsedFamily[]) => void,
) => Promise<object>;

/**
 * One AbortController for the work of one request: aborted by the deadline or by the client
 * leaving, whichever comes first; `reason` says which. (Plain timers and listeners rather than
 * AbortSignal.timeout/any, whose composite signals Node 20 can collect while still needed.)
 */
function stopSignal(timeoutMs: number, client: AbortSignal) {
  const controller = new AbortController();
  let reason: "deadline" | "client" | undefined;
  const stop = (why: "deadline" | "client") => {
    reason ??= why;
    controller.abort();
  };
  const timer = setTimeout(() => stop("deadline"), timeoutMs);
  const onClient = () => stop("client");
  client.addEventListener("abort", onClient, { once: true });
  return {
    signal: controller.signal,
    reason: () => reason,
    dispose: () => {
      clearTimeout(timer);
      client.removeEventListener("abort", onClient);
    },
  };
}

export function createExecutor(pool: ComputePool, timeoutMs: number): Executor {
  const retryAfterSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const refusal = (reason: "deadline" | "client" | undefined): ApiError | undefined => {
    if (reason === "client") return new ApiError("client_closed", {});
    if (reason === "deadline")
      return new ApiError("compute_timeout", { deadlineMs: timeoutMs, retryAfterSeconds });
    return undefined;
  };

  return async (entry, input, ctx, client, reportUsed) => {
    if (client.aborted) throw new ApiError("client_closed", {});
    const stop = stopSignal(timeoutMs, client);
    try {
      if (entry.compute === "pool") {
        // Pin the versions this request reads now, so the worker answers from exactly these.
        const versions: Record<string, string> = {};
        for (const family of [...(entry.families ?? []), ...(entry.optionalFamilies ?? [])])
          if (ctx.data.has(family)) versions[family] = ctx.data.require(family).version;
        const task = { route: routeKey(entry), input, baseUrl: ctx.baseUrl, selfUrl: ctx.selfUrl, versions };
        let result: ComputeResult;
        try {
          result = await pool.run(task, stop.signal);
        } catch (err) {
          const stopped = refusal(stop.reason());
          if (stopped) throw stopped;
          if (err instanceof Error && err.message === "Task queue is at limit")
            throw new ApiError("overloaded", { retryAfterSeconds });
          if ((err as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY")
            throw new ApiError("compute_out_of_memory", { memoryMb: ctx.config.computeMemoryMb });
          throw err;
        }
        reportUsed(result.used);
        return unwrapResult(result);
      }
      // Main-thread handlers cannot be interrupted; a late result is dropped.
      const stopped = new Promise<never>((_, reject) =>
        stop.signal.addEventListener("abort", () => reject(refusal(stop.reason())), { once: true }),
      );
      stopped.catch(() => {});
      const answer = Promise.resolve().then(() => entry.handler(input, ctx));
      return await Promise.race([answer.catch((err) => Promise.reject(toApiError(err))), stopped]);
    } finally {
      stop.dispose();
    }
  };
}
