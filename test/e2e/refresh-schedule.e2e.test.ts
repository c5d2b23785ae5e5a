// GEO402_REFRESH_IN_SERVICE=1: the service runs `geo402-ingest schedule`, which refreshes crs on
// its cron schedule in child processes (here every 2 s, against the ../shared/data mirror) and
// logs each run; the service writes those lines to its own log and stops the scheduler with it.
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import { REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

let root: string;
let t: TestService | undefined;
let seed: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-schedule-"));
  const built = await resolveCurrent(path.join(REPO_ROOT, "artifacts"), "crs").catch((e: Error) => {
    throw new Error(`crs artifacts are not built (${e.message}); run \`make artifacts\``);
  });
  seed = built.version;
  await cp(built.dir, path.join(root, "crs", seed), { recursive: true });
  await symlink(seed, path.join(root, "crs", "current"));
  t = await startTestService({
    revision: "A",
    env: {
      GEO402_ARTIFACTS: root,
      GEO402_REFRESH_IN_SERVICE: "1",
      GEO402_REFRESH_CRON: "crs=*/2 * * * * *",
      LOG_LEVEL: "info",
    },
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe("the scheduler inside the service", () => {
  it("runs refresh on the schedule and logs each run with its outcome", async () => {
    const refreshLines = () => lines.filter((l) => l.msg === "data refresh");
    while (!refreshLines().some((l) => l.event === "refresh" && l.status !== "skipped"))
      await new Promise((r) => setTimeout(r, 100));
    expect(refreshLines().find((l) => l.event === "scheduled")).toMatchObject({
      family: "crs",
      expression: "*/2 * * * * *",
    });
    const run = refreshLines().find((l) => l.event === "refresh" && l.status !== "skipped");
    expect(run).toMatchObject({
      family: "crs",
      status: "unchanged",
      found: [],
      built: false,
      switched: false,
      from: seed,
      durationMs: expect.any(Number),
    });
    for (const skipped of refreshLines().filter((l) => l.status === "skipped"))
      expect(skipped.reason).toBe("the previous run is still going");
    await t?.close();
    t = undefined;
    expect(lines.some((l) => l.msg === "data refresh scheduler ended")).toBe(false);
  });
});
