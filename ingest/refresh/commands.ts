// The refresh, rollback and schedule commands of geo402-ingest: run, report (text or one JSON
// line per family) and map outcomes to exit codes (0 done or nothing to do, 1 a family failed).
import type { FamilyBuilder } from "../lib/family.ts";
import { refreshChildRunner } from "./refresh-child.ts";
import { type RefreshOptions, type RefreshResult, refreshFamily } from "./refresh-family.ts";
import { type RollbackOptions, rollbackFamily } from "./rollback.ts";
import { parseRefreshCron, ScheduleSpecError } from "./schedule-spec.ts";
import { type RefreshRunLog, startScheduler } from "./scheduler.ts";

interface Out {
  write(s: string): unknown;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line describing a refresh result for people. */
export function describeRefresh(r: RefreshResult): string {
  switch (r.status) {
    case "unchanged":
      return `unchanged (${r.from}) in ${seconds(r.durationMs)}`;
    case "switched":
      return `switched ${r.from ?? "(none)"} → ${r.to}${r.found.length ? ` (new upstream: ${r.found.join(", ")})` : ""}${r.built ? "" : " (identical build kept)"} in ${seconds(r.durationMs)}${r.reason ? `; ${r.reason}` : ""}`;
    case "skipped":
      return `skipped: ${r.reason}`;
    case "failed":
      return `FAILED [${r.code}]${r.found.length ? ` (new upstream: ${r.found.join(", ")})` : ""}: ${r.reason}; current stays ${r.from ?? "(none)"}`;
  }
}

export function runLog(r: RefreshResult): RefreshRunLog {
  return { event: "refresh", at: new Date().toISOString(), ...r };
}

export async function refreshCommand(
  list: readonly FamilyBuilder[],
  opts: RefreshOptions,
  io: { stdout: Out; stderr: Out; json: boolean },
): Promise<number> {
  let failed = 0;
  for (const f of list) {
    const r = await refreshFamily(f, opts);
    if (r.status === "failed") failed++;
    if (io.json) io.stdout.write(`${JSON.stringify(runLog(r))}\n`);
    else (r.status === "failed" ? io.stderr : io.stdout).write(`${f.family}: ${describeRefresh(r)}\n`);
  }
  return failed > 0 ? 1 : 0;
}

export async function rollbackCommand(
  builder: FamilyBuilder,
  opts: RollbackOptions,
  io: { stdout: Out; stderr: Out },
): Promise<number> {
  try {
    const r = await rollbackFamily(builder, opts);
    io.stdout.write(`${builder.family}: rolled back ${r.from} → ${r.to}\n`);
    return 0;
  } catch (err) {
    io.stderr.write(`${builder.family}: rollback FAILED: ${(err as Error).message}\n`);
    return 1;
  }
}

/** Runs until SIGINT/SIGTERM (ending a refresh in progress); exit 2 when GEO402_REFRESH_CRON is missing or invalid. */
export async function scheduleCommand(
  families: readonly FamilyBuilder[],
  opts: RefreshOptions,
  spec: string | undefined,
  io: { stdout: Out; stderr: Out },
): Promise<number> {
  let schedules: ReturnType<typeof parseRefreshCron>;
  try {
    if (spec === undefined) throw new ScheduleSpecError("GEO402_REFRESH_CRON is not set");
    schedules = parseRefreshCron(
      spec,
      families.map((f) => f.family),
    );
  } catch (err) {
    if (!(err instanceof ScheduleSpecError)) throw err;
    io.stderr.write(`geo402-ingest schedule: ${err.message}\n`);
    return 2;
  }
  const runner = refreshChildRunner(
    {
      outRoot: opts.outRoot,
      ...(opts.mirror ? { mirror: opts.mirror } : {}),
      ...(opts.keep !== undefined ? { keep: opts.keep } : {}),
    },
    io.stderr,
  );
  const scheduler = startScheduler(schedules, runner.run, (line) =>
    io.stdout.write(`${JSON.stringify(line)}\n`),
  );
  for (const p of scheduler.plan())
    io.stdout.write(
      `${JSON.stringify({ event: "scheduled", family: p.family, expression: p.expression, next: p.next?.toISOString() ?? null })}\n`,
    );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await scheduler.stop();
  runner.killAll();
  return 0;
}
