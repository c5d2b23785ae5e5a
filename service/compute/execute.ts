// Runs a route's handler for one request: in the worker pool when the catalog says so, on the main
// thread otherwise, both abandoned when the client goes away. Two budgets (issue 30, Build 2): a
// pool task may wait GEO402_COMPUTE_QUEUE_TIMEOUT_MS for a worker, then has
// GEO402_COMPUTE_TIMEOUT_MS of compute; a main-thread handler has the compute budget. Pool work is
// really stopped (its worker is terminated); main-thread handlers are cheap lookups whose late
// result is simply dropped.
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import { type CatalogEntry, type RouteContext, type RouteInput, routeKey } from "../route-types.ts";
import { type ComputePool, type Lane, QUEUE_FULL } from "./pool.ts";
import { type ComputeResult, type SerializedAnswer, type UsedFamily, unwrapResult } from "./task.ts";

/** Where the request's time went, for its log line (milliseconds, one decimal). */
export interface ComputeTimes {
  queueMs?: number;
  computeMs: number;
}

/**
 * Runs the entry's handler and resolves with its answer or rejects with its refusal. Pool routes
 * report the families their worker read through `reportUsed` (answers and refusals alike);
 * main-thread routes read through the request's own view. A pool answer comes serialized by its
 * worker (SerializedAnswer). `times` receives the queue wait and
 * compute time however the work ended.
 */
export type Executor = (
  entry: CatalogEntry,
  input: RouteInput,
  ctx: RouteContext,
  run: { client: AbortSignal; lane: Lane; behind?: boolean; times(t: ComputeTimes): void },
  reportUsed: (used: UsedFamily[]) => void,
) => Promise<object | SerializedAnswer>;

type StopReason = "queue" | "compute" | "client";

/**
 * One AbortController for the work of one request: aborted by the budget running now (queue, then
 * compute) or by the client leaving, whichever comes first; `reason` says which. (Plain timers and
 * listeners rather than AbortSignal.timeout/any, whose composite signals Node 20 can collect while
 * still needed.)
 */
function stopSignal(client: AbortSignal) {
  const controller = new AbortController();
  let reason: StopReason | undefined;
  let timer: NodeJS.Timeout | undefined;
  const stop = (why: StopReason) => {
    reason ??= why;
    controller.abort();
  };
  const onClient = () => stop("client");
  client.addEventListener("abort", onClient, { once: true });
  return {
    signal: controller.signal,
    reason: () => reason,
    /** Starts `budget` (replacing the one running). */
    budget: (why: "queue" | "compute", ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => stop(why), ms);
    },
    dispose: () => {
      clearTimeout(timer);
      client.removeEventListener("abort", onClient);
    },
  };
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

export function createExecutor(pool: ComputePool, budgets: { computeMs: number; queueMs: number }): Executor {
  const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const refusal = (reason: StopReason | undefined): ApiError | undefined => {
    if (reason === "client") return new ApiError("client_closed", {});
    if (reason === "compute")
      return new ApiError("compute_timeout", {
        phase: "compute",
        deadlineMs: budgets.computeMs,
        retryAfterSeconds: retryAfter(budgets.computeMs),
      });
    if (reason === "queue")
      return new ApiError("compute_timeout", {
        phase: "queue",
        deadlineMs: budgets.queueMs,
        retryAfterSeconds: retryAfter(budgets.queueMs),
      });
    return undefined;
  };

  return async (entry, input, ctx, run, reportUsed) => {
    if (run.client.aborted) throw new ApiError("client_closed", {});
    const stop = stopSignal(run.client);
    const since = performance.now();
    let startedAt: number | undefined;
    const begin = () => {
      startedAt = performance.now();
      stop.budget("compute", budgets.computeMs);
    };
    try {
      if (entry.compute === "pool") {
        // Pin the versions this request reads now, so the worker answers from exactly these.
        const versions: Record<string, string> = {};
        for (const family of [...(entry.families ?? []), ...(entry.optionalFamilies ?? [])])
          if (ctx.data.has(family)) versions[family] = ctx.data.require(family).version;
        const task = { route: routeKey(entry), input, baseUrl: ctx.baseUrl, selfUrl: ctx.selfUrl, versions };
        let result: ComputeResult;
        stop.budget("queue", budgets.queueMs);
        try {
          result = await pool.run(task, stop.signal, {
            lane: run.lane,
            onStart: begin,
            ...(run.behind ? { behind: true } : {}),
          });
        } catch (err) {
          const stopped = refusal(stop.reason());
          if (stopped) throw stopped;
          if (err instanceof Error && err.message === QUEUE_FULL)
            throw new ApiError("overloaded", { retryAfterSeconds: 1 });
          if ((err as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY")
            throw new ApiError("compute_out_of_memory", { memoryMb: ctx.config.computeMemoryMb });
          throw err;
        }
        reportUsed(result.used);
        return unwrapResult(result);
      }
      // Main-thread handlers cannot be interrupted; a late result is dropped.
      begin();
      const stopped = new Promise<never>((_, reject) =>
        stop.signal.addEventListener("abort", () => reject(refusal(stop.reason())), { once: true }),
      );
      stopped.catch(() => {});
      const answer = Promise.resolve().then(() => entry.handler(input, ctx));
      return await Promise.race([answer.catch((err) => Promise.reject(toApiError(err))), stopped]);
    } finally {
      stop.dispose();
      const end = performance.now();
      run.times(
        entry.compute === "pool"
          ? {
              queueMs: tenths((startedAt ?? end) - since),
              computeMs: startedAt === undefined ? 0 : tenths(end - startedAt),
            }
          : { computeMs: tenths(end - since) },
      );
    }
  };
}
