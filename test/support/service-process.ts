// A geo402 process started from the command line (the bundle, or BENCH_SERVICE_ARGS): its
// environment, and the wait for its admin listener's /readyz (compute workers started too).
import type { ChildProcess } from "node:child_process";

export function serviceProcessEnv(port: number, adminPort: number, home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    GEO402_ADMIN_PORT: String(adminPort),
    LOG_LEVEL: "warn",
    GEO402_HOME: home,
  };
}

/** Resolves with /readyz's body once it says the compute workers have started. */
export async function untilComputeReady(
  adminPort: number,
  proc: ChildProcess,
): Promise<{ ready: boolean; compute: boolean }> {
  for (;;) {
    const state = await fetch(`http://127.0.0.1:${adminPort}/readyz`)
      .then((r) => r.json() as Promise<{ ready: boolean; compute: boolean }>)
      .catch(() => undefined);
    if (state?.compute) return state;
    if (proc.exitCode !== null) throw new Error(`the service exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
