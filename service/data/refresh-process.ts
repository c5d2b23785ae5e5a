// GEO402_REFRESH_IN_SERVICE=1: the service supervises `geo402-ingest schedule` as a child process
// (the service never imports ingest code, and builds never block its event loop). The child's
// JSON run lines go to the service log; a switched version reaches the routes through the family
// watcher. The child stops with the service; if it dies otherwise it is restarted after a minute.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const INGEST_BIN = fileURLToPath(new URL("../../bin/geo402-ingest.mjs", import.meta.url));
const RESTART_MS = 60_000;

export interface RefreshProcessLog {
  /** A JSON line of the scheduler (scheduled runs and their outcomes). */
  run(line: Record<string, unknown>): void;
  /** Build progress and other text on the child's stderr. */
  detail(text: string): void;
  /** The child ended on its own (code 2: GEO402_REFRESH_CRON is invalid; not restarted). */
  exited(code: number | null, signal: string | null, restartInMs: number | null): void;
}

export function startRefreshProcess(
  artifactsDir: string,
  log: RefreshProcessLog,
  env: NodeJS.ProcessEnv = process.env,
): { stop(): Promise<void> } {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const launch = () => {
    const c = spawn(process.execPath, [INGEST_BIN, "schedule", "--out", artifactsDir], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = c;
    createInterface({ input: c.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      try {
        log.run(JSON.parse(line) as Record<string, unknown>);
      } catch {
        log.detail(line);
      }
    });
    createInterface({ input: c.stderr as NodeJS.ReadableStream }).on("line", (line) => log.detail(line));
    c.on("exit", (code, signal) => {
      child = undefined;
      if (stopping) return;
      const again = code === 2 ? null : RESTART_MS;
      log.exited(code, signal, again);
      if (again !== null) {
        restart = setTimeout(launch, again);
        restart.unref();
      }
    });
  };
  launch();

  return {
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      const c = child;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once("exit", () => resolve());
        c.kill("SIGTERM");
      });
    },
  };
}
