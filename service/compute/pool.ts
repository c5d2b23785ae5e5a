// The worker-thread pool CPU-heavy handlers run in (Piscina). Sized by GEO402_COMPUTE_THREADS,
// with a bounded queue (GEO402_COMPUTE_QUEUE) that load shedding reads before a price is quoted,
// and a heap cap per worker (resourceLimits). Aborting a task that is running terminates its
// worker; Piscina starts a replacement, so abandoned work never keeps a CPU busy.
// The workers start on the first warm() or run(), not when the pool is made: the service listens
// first (free routes answer at once) and warms the pool behind it; a task arriving earlier waits
// in the queue for the workers like any other, under its deadline.
import { Piscina } from "piscina";
import type { Config } from "../config.ts";
import type { PaymentTerms } from "../route-types.ts";
import type { ComputeResult, ComputeTask, WarmTask } from "./task.ts";
import type { WorkerSetup } from "./worker.ts";

export interface ComputePool {
  readonly threads: number;
  /** True when a new task would be refused: every worker busy and the queue full. */
  saturated(): boolean;
  /** Tasks waiting for a worker (for metrics and tests). */
  queued(): number;
  /** Tasks handed to the pool and not finished yet, queued or running (for metrics and tests). */
  inFlight(): number;
  run(task: ComputeTask, signal: AbortSignal): Promise<ComputeResult>;
  /** Starts the workers (they load their routes) without waiting for them. */
  start(): void;
  /**
   * Starts the workers if not yet started; resolves once every one has loaded its routes and
   * opened `versions` (the families open in the main thread).
   */
  warm(versions: Record<string, string>): Promise<void>;
  /** Whether warm() has finished: every worker started (for /readyz). */
  ready(): boolean;
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's compute pool (metrics, tests). */
    computePool: ComputePool;
  }
}

export function createComputePool(config: Config, terms: PaymentTerms): ComputePool {
  let piscina: Piscina<ComputeTask | WarmTask, ComputeResult> | undefined;
  const started = () =>
    (piscina ??= new Piscina<ComputeTask | WarmTask, ComputeResult>({
      filename: new URL("./worker-entry.mjs", import.meta.url).href,
      minThreads: config.computeThreads,
      maxThreads: config.computeThreads,
      // Piscina counts a task handed to a worker as running, not queued: one task per worker at a time.
      concurrentTasksPerWorker: 1,
      maxQueue: config.computeQueue,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Workers run at a lower CPU priority than the main thread (Linux: per-thread nice, through
      // Piscina's optional @napi-rs/nice), so HTTP, payment and lookups stay responsive under load.
      niceIncrement: 10,
      resourceLimits: { maxOldGenerationSizeMb: config.computeMemoryMb },
      workerData: { config, terms } satisfies WorkerSetup,
    }));
  let inFlight = 0;
  let warming: Promise<void> | undefined;
  let warmed = false;
  return {
    threads: config.computeThreads,
    saturated: () =>
      piscina !== undefined && piscina.queueSize >= config.computeQueue && piscina.idleThreads === 0,
    queued: () => piscina?.queueSize ?? 0,
    inFlight: () => inFlight,
    run: async (task, signal) => {
      inFlight++;
      try {
        return await started().run(task, { signal });
      } finally {
        inFlight--;
      }
    },
    start: () => {
      started();
    },
    warm: (versions) => {
      const task: WarmTask = { warm: true, holdMs: 50, versions };
      warming ??= Promise.all(Array.from({ length: config.computeThreads }, () => started().run(task))).then(
        () => {
          warmed = true;
        },
      );
      return warming;
    },
    ready: () => warmed,
    close: async () => {
      await piscina?.destroy();
    },
  };
}
