// Runs refresh on each family's cron schedule (node-cron). A family's run never overlaps its
// previous one (a tick that finds it still going is logged as skipped); every run is logged as
// one JSON line: found, built, switched, skipped, failed, duration.
import cron, { type ScheduledTask } from "node-cron";
import type { RefreshResult } from "./refresh-family.ts";
import type { FamilySchedule } from "./schedule-spec.ts";

/** One log line per run: the run's result, stamped. */
export type RefreshRunLog = { event: "refresh"; at: string } & RefreshResult;

export interface Scheduler {
  /** Each family's expression and next run. */
  plan(): { family: string; expression: string; next: Date | null }[];
  /** Stops the timers; a run in progress finishes. */
  stop(): Promise<void>;
}

export function startScheduler(
  schedules: readonly FamilySchedule[],
  run: (family: string) => Promise<RefreshResult>,
  log: (line: RefreshRunLog) => void,
): Scheduler {
  const tasks: { schedule: FamilySchedule; task: ScheduledTask }[] = [];
  const write = (r: Omit<RefreshRunLog, "event" | "at">) =>
    log({ event: "refresh", at: new Date().toISOString(), ...r });
  const quiet = {
    info: () => {},
    warn: () => {},
    debug: () => {},
    error: () => {},
  };
  for (const schedule of schedules) {
    const task = cron.schedule(
      schedule.expression,
      async () => {
        const started = performance.now();
        try {
          const { family: _f, ...r } = await run(schedule.family);
          write({ family: schedule.family, ...r });
        } catch (err) {
          write({
            family: schedule.family,
            status: "failed",
            found: [],
            built: false,
            switched: false,
            reason: (err as Error).message,
            code: "refresh_crashed",
            durationMs: Math.round(performance.now() - started),
          });
        }
      },
      { name: `refresh-${schedule.family}`, noOverlap: true, logger: quiet },
    );
    task.on("execution:overlap", () =>
      write({
        family: schedule.family,
        status: "skipped",
        found: [],
        built: false,
        switched: false,
        reason: "the previous run is still going",
        durationMs: 0,
      }),
    );
    tasks.push({ schedule, task });
  }
  return {
    plan: () => tasks.map(({ schedule, task }) => ({ ...schedule, next: task.getNextRun() })),
    async stop() {
      for (const { task } of tasks) await task.destroy();
    },
  };
}
