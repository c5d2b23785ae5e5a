// Helpers of the execution-model end-to-end tests (test/e2e/execution*.e2e.test.ts).
import { expect } from "vitest";
import { stateOutlineBuffer } from "./heavy-inputs.ts";
import { type Payer, postJson, startTestService, type TestService } from "./service.ts";

export interface LogRecord {
  msg: string;
  route?: string;
  status?: number;
  code?: string;
  outcome?: string;
  reason?: string;
  clientGone?: boolean;
}

/** A service whose request log is captured. */
export async function startLogged(env: Record<string, string>) {
  const lines: LogRecord[] = [];
  const t = await startTestService({
    env: { LOG_LEVEL: "info", ...env },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogRecord) },
  });
  return { t, requests: () => lines.filter((l) => l.msg === "request") };
}

/** Polls `cond` every 10 ms (at most `tries` times); the test fails if it never holds. */
export async function until(cond: () => boolean, what: string, tries = 3000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * Sends a paid heavy request and abandons it once the service has it computing in the pool;
 * resolves when the request's log line has been written.
 */
export async function disconnectWhileComputing(
  t: TestService,
  requests: () => LogRecord[],
  payer: Payer,
): Promise<void> {
  const pool = t.service.app.computePool;
  const before = requests().length;
  const inFlightBefore = pool.inFlight();
  const abort = new AbortController();
  const sent = postJson(
    (url, init) => payer.fetch(url, { ...init, signal: abort.signal }),
    `${t.url}/v1/geometry/buffer`,
    stateOutlineBuffer(),
  ).catch((err: unknown) => err);
  await until(() => pool.inFlight() > inFlightBefore, "the heavy request computing in the pool");
  abort.abort();
  expect(await sent).toBeInstanceOf(Error);
  await until(
    () =>
      requests()
        .slice(before)
        .some((l) => l.route === "POST /v1/geometry/buffer" && l.clientGone),
    "the abandoned request's log line",
  );
}
