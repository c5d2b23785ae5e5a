// GEO402_REFRESH_CRON syntax, and the scheduler's promise: a family's run never overlaps its
// previous one, and every tick is logged (a run with its outcome, an overlapping tick as skipped).
import { describe, expect, it } from "vitest";
import { runCli } from "../cli-commands.ts";
import type { RefreshResult } from "./refresh-family.ts";
import { parseRefreshCron } from "./schedule-spec.ts";
import { type RefreshRunLog, startScheduler } from "./scheduler.ts";

const FAMILIES = ["timezone", "crs", "datum-grids"];

describe("GEO402_REFRESH_CRON", () => {
  it("one expression schedules every family", () => {
    expect(parseRefreshCron("0 3 * * *", FAMILIES)).toEqual(
      FAMILIES.map((family) => ({ family, expression: "0 3 * * *" })),
    );
  });

  it("family=expression pairs; all= is the default of families not named; unnamed families are not scheduled", () => {
    expect(parseRefreshCron(" crs=0 4 * * 1 ; timezone=30 2 * * * ", FAMILIES)).toEqual([
      { family: "timezone", expression: "30 2 * * *" },
      { family: "crs", expression: "0 4 * * 1" },
    ]);
    expect(parseRefreshCron("all=0 3 * * *;crs=*/10 * * * * *", FAMILIES)).toEqual([
      { family: "timezone", expression: "0 3 * * *" },
      { family: "crs", expression: "*/10 * * * * *" },
      { family: "datum-grids", expression: "0 3 * * *" },
    ]);
  });

  it("reports every problem at once", () => {
    expect(() => parseRefreshCron("census=0 3 * * *;crs=61 * * * *;crs=0 1 * * *;oops", FAMILIES)).toThrow(
      /unknown family "census".*crs= is given twice.*"oops" is not family=expression.*"61 \* \* \* \*" is not a cron expression/,
    );
    expect(() => parseRefreshCron("every day", FAMILIES)).toThrow(/not a cron expression/);
  });

  it("geo402-ingest schedule exits 2 without a valid GEO402_REFRESH_CRON", async () => {
    const sink = { write: () => true };
    for (const env of [{}, { GEO402_REFRESH_CRON: "crs=never" }]) {
      expect(await runCli(["schedule", "--out", "/nonexistent"], { env, stdout: sink, stderr: sink })).toBe(
        2,
      );
    }
  });
});

describe("startScheduler", () => {
  it("never runs a family twice at once; a tick during a run is logged as skipped", async () => {
    const lines: RefreshRunLog[] = [];
    let running = 0;
    let most = 0;
    const run = async (family: string): Promise<RefreshResult> => {
      running++;
      most = Math.max(most, running);
      // A run longer than the one-second schedule, so that ticks arrive while it is going.
      await new Promise((resolve) => setTimeout(resolve, 1600));
      running--;
      return {
        family,
        status: "unchanged",
        found: [],
        built: false,
        switched: false,
        from: "1.0-aaaaaaaaaaaa",
        durationMs: 1600,
      };
    };
    const scheduler = startScheduler([{ family: "crs", expression: "* * * * * *" }], run, (l) =>
      lines.push(l),
    );
    expect(scheduler.plan()[0]).toMatchObject({
      family: "crs",
      expression: "* * * * * *",
      next: expect.any(Date),
    });
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (lines.some((l) => l.status === "skipped") && lines.some((l) => l.status === "unchanged")) {
          clearInterval(check);
          resolve();
        }
      }, 50);
    });
    await scheduler.stop();
    expect(most).toBe(1);
    expect(lines.find((l) => l.status === "skipped")).toMatchObject({
      event: "refresh",
      family: "crs",
      reason: "the previous run is still going",
      built: false,
    });
    expect(lines.find((l) => l.status === "unchanged")).toMatchObject({
      family: "crs",
      durationMs: 1600,
      switched: false,
    });
  });
});
