// A throwaway Redis for tests, started like the devnet: Debian's redis-server on a free loopback
// port, no persistence, stopped with the test. Absent binary → null, and the caller skips.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { freePort } from "../../service/devnet/anvil.ts";

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

export function redisServerMissing(): string | null {
  const probe = spawnSync("redis-server", ["--version"], { stdio: "ignore" });
  return probe.error || probe.status !== 0
    ? "redis-server is not installed (apt-get install -y redis-server)"
    : null;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
