// A scheduled refresh runs as its own `geo402-ingest refresh <family> --json` process: a build's
// memory is returned when it ends, a crash cannot take the scheduler down, and stopping the
// scheduler can end a build at once (its staging folder is removed by the next run).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { RefreshResult } from "./refresh-family.ts";

const INGEST_BIN = fileURLToPath(new URL("../../bin/geo402-ingest.mjs", import.meta.url));

export interface ChildRunner {
  run(family: string): Promise<RefreshResult>;
  /** Ends every running refresh (SIGTERM). */
  killAll(): void;
}

export function refreshChildRunner(
  args: { outRoot: string; mirror?: string; keep?: number },
  stderr: { write(s: string): unknown },
): ChildRunner {
  const running = new Set<ChildProcess>();
  return {
    run(family) {
      const started = performance.now();
      const argv = [
        INGEST_BIN,
        "refresh",
        family,
        "--json",
        "--out",
        args.outRoot,
        ...(args.mirror ? ["--mirror", args.mirror] : ["--no-mirror"]),
        ...(args.keep !== undefined ? ["--keep", String(args.keep)] : []),
      ];
      return new Promise((resolve) => {
        const child = spawn(process.execPath, argv, { stdio: ["ignore", "pipe", "pipe"] });
        running.add(child);
        let out = "";
        child.stdout?.on("data", (d: Buffer) => {
          out += d.toString("utf8");
        });
        child.stderr?.on("data", (d: Buffer) => stderr.write(d.toString("utf8")));
        child.on("close", (code, signal) => {
          running.delete(child);
          const last = out.trim().split("\n").pop() ?? "";
          try {
            const line = JSON.parse(last) as RefreshResult & { event?: string; at?: string };
            const { event: _e, at: _a, ...result } = line;
            if (result.family === family) return resolve(result);
          } catch {
            // no result line: the process died before it could report
          }
          resolve({
            family,
            status: "failed",
            found: [],
            built: false,
            switched: false,
            reason: `refresh process ended with ${signal ?? `exit code ${code}`} before reporting`,
            code: "refresh_crashed",
            durationMs: Math.round(performance.now() - started),
          });
        });
      });
    },
    killAll() {
      for (const c of running) c.kill("SIGTERM");
    },
  };
}
