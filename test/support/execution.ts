// Helpers of the execution-model end-to-end tests (test/e2e/execution*.e2e.test.ts).
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { expect } from "vitest";
import { stateOutlineBuffer } from "./heavy-inputs.ts";
import { exactSigner, type Payer, postJson, startTestService, type TestService } from "./service.ts";

export interface LogRecord {
  msg: string;
  route?: string;
  status?: number;
  code?: string;
  outcome?: string;
  reason?: string;
  clientGone?: boolean;
  queueMs?: number;
  computeMs?: number;
}

/** A service whose request log is captured. */
export async function startLogged(env: Record<string, string>, opts: { ownDevnet?: boolean } = {}) {
  const lines: LogRecord[] = [];
  const t = await startTestService({
    ...opts,
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
 * Sends a paid heavy request and abandons it the moment the service hands it to the compute pool
 * (the pool's `run` is wrapped for that one call, so no polling interval lets the answer win);
 * resolves when the request's log line has been written. The payment is signed with the official
 * x402 client, and the paid request is sent with the abort signal itself: through @x402/fetch the
 * signal reaches undici only by way of `Request.clone()` followers, which did not always abort the
 * request under load.
 */
export async function disconnectWhileComputing(
  t: TestService,
  requests: () => LogRecord[],
  payer: Payer,
): Promise<void> {
  const pool = t.service.app.computePool;
  const url = `${t.url}/v1/geometry/buffer`;
  const input = stateOutlineBuffer();
  const unpaid = await postJson(fetch, url, input);
  expect(unpaid.status).toBe(402);
  const signer = exactSigner(payer.key);
  const terms = decodePaymentRequiredHeader(String(unpaid.headers.get("payment-required")));
  const payment = signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms));
  const before = requests().length;
  const abort = new AbortController();
  const run = pool.run;
  pool.run = (task, signal, opts) => {
    pool.run = run;
    const running = run(task, signal, opts);
    abort.abort();
    return running;
  };
  try {
    const sent = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...payment },
      body: JSON.stringify(input),
      signal: abort.signal,
    }).catch((err: unknown) => err);
    expect(sent).toBeInstanceOf(Error);
  } finally {
    pool.run = run;
  }
  await until(
    () =>
      requests()
        .slice(before)
        .some((l) => l.route === "POST /v1/geometry/buffer" && l.clientGone),
    "the abandoned request's log line",
  );
}
