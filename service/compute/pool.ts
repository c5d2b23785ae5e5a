// The worker-thread pool CPU-heavy handlers run in (Piscina). Sized by GEO402_COMPUTE_THREADS,
// with a bounded queue per lane (GEO402_COMPUTE_QUEUE) that load shedding reads before a price is
// quoted, and a heap cap per worker (resourceLimits). Two lanes (issue 30, Build 2): a task whose
// estimated cost is small (cost.ts) is `light` and is handed to a worker before any waiting
// `heavy` task; with two or more threads, heavy tasks hold at most all but one worker, so light
// work never waits behind heavy work. The lanes are ours, in front of Piscina: a task is handed
// to Piscina only when a worker is free for its lane, so Piscina's own queue stays (nearly) empty. Aborting a task that is running terminates its
// worker; Piscina starts a replacement, so abandoned work never keeps a CPU busy.
// The workers start on the first warm() or run(), not when the pool is made: the service listens
// first (free routes answer at once) and warms the pool behind it; a task arriving earlier waits
// in the queue for the workers like any other, under its deadline.
import { Piscina } from "piscina";
import type { Config } from "../config.ts";
import type { PaymentTerms } from "../route-types.ts";
import type { ComputeResult, ComputeTask, WarmTask } from "./task.ts";
import type { WorkerSetup } from "./worker.ts";

/** `light`: estimated cheap, served first and never behind heavy work; `heavy`: everything else. */
export type Lane = "light" | "heavy";

export interface RunOptions {
  lane: Lane;
  /** Called when the task leaves its lane's queue for a worker (the compute budget starts there). */
  onStart?: () => void;
  /**
   * Queued behind every task of both lanes, taking a worker as heavy work does, only when none
   * waits (a payer's repeated free refusals of this kind, payer-share.ts).
   */
  behind?: boolean;
}

export interface ComputePool {
  readonly threads: number;
  /** True when a new task of `lane` would be refused: no worker free for it and its queue full. */
  saturated(lane?: Lane): boolean;
  /** Tasks waiting for a worker, both lanes (for metrics and tests). */
  queued(): number;
  /** Tasks handed to the pool and not finished yet, queued or running (for metrics and tests). */
  inFlight(): number;
  run(task: ComputeTask, signal: AbortSignal, opts?: RunOptions): Promise<ComputeResult>;
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

/** The error a task gets when its lane's queue is full (execute.ts answers it 503 overloaded). */
export const QUEUE_FULL = "compute queue is full";

interface Waiting {
  start(): void;
  cancel(): void;
}

export function createComputePool(config: Config, terms: PaymentTerms): ComputePool {
  const threads = config.computeThreads;
  let piscina: Piscina<ComputeTask | WarmTask, ComputeResult> | undefined;
  const started = () =>
    (piscina ??= new Piscina<ComputeTask | WarmTask, ComputeResult>({
      filename: new URL("./worker-entry.mjs", import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      // Piscina counts a task handed to a worker as running, not queued: one task per worker at a time.
      concurrentTasksPerWorker: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Workers run at a lower CPU priority than the main thread (Linux: per-thread nice, through
      // Piscina's optional @napi-rs/nice), so HTTP, payment and lookups stay responsive under load.
      niceIncrement: 10,
      resourceLimits: { maxOldGenerationSizeMb: config.computeMemoryMb },
      workerData: { config, terms } satisfies WorkerSetup,
    }));
  // Heavy work holds at most all workers but one (with one thread it may hold that one).
  const heavyCap = Math.max(1, threads - 1);
  const waiting: Record<Lane | "behind", Waiting[]> = { light: [], heavy: [], behind: [] };
  const running: Record<Lane, number> = { light: 0, heavy: 0 };
  const busy = () => running.light + running.heavy;
  const workerFor = (lane: Lane) => busy() < threads && (lane === "light" || running.heavy < heavyCap);
  const pump = () => {
    for (;;) {
      const queue: Lane | "behind" | undefined =
        waiting.light.length > 0 && workerFor("light")
          ? "light"
          : waiting.heavy.length > 0 && workerFor("heavy")
            ? "heavy"
            : waiting.behind.length > 0 && workerFor("heavy")
              ? "behind"
              : undefined;
      if (!queue) return;
      running[queue === "light" ? "light" : "heavy"]++;
      waiting[queue].shift()?.start();
    }
  };
  let inFlight = 0;
  let warming: Promise<void> | undefined;
  let warmed = false;
  return {
    threads,
    saturated: (lane = "heavy") =>
      piscina !== undefined && !workerFor(lane) && waiting[lane].length >= config.computeQueue,
    queued: () => waiting.light.length + waiting.heavy.length + waiting.behind.length,
    inFlight: () => inFlight,
    run: async (task, signal, opts = { lane: "heavy" }) => {
      // A task behind the others takes a worker as heavy work does.
      const lane: Lane = opts.behind ? "heavy" : opts.lane;
      const queue = waiting[opts.behind ? "behind" : lane];
      const pool = started();
      inFlight++;
      try {
        if (signal.aborted) throw signal.reason;
        if (!workerFor(lane) && queue.length >= config.computeQueue) throw new Error(QUEUE_FULL);
        // Wait in the lane until pump() hands this task a worker, or the signal gives up on it.
        await new Promise<void>((resolve, reject) => {
          const entry: Waiting = {
            start: () => {
              signal.removeEventListener("abort", entry.cancel);
              resolve();
            },
            cancel: () => {
              const at = queue.indexOf(entry);
              if (at >= 0) queue.splice(at, 1);
              reject(signal.reason);
            },
          };
          signal.addEventListener("abort", entry.cancel, { once: true });
          queue.push(entry);
          pump();
        });
        try {
          opts.onStart?.();
          return await pool.run(task, { signal });
        } finally {
          running[lane]--;
          pump();
        }
      } finally {
        inFlight--;
      }
    },
    start: () => {
      started();
    },
    warm: (versions) => {
      const task: WarmTask = { warm: true, holdMs: 50, versions };
      warming ??= Promise.all(Array.from({ length: threads }, () => started().run(task))).then(() => {
        warmed = true;
      });
      return warming;
    },
    ready: () => warmed,
    close: async () => {
      await piscina?.destroy();
    },
  };
}
