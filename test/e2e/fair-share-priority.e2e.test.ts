// Repeated free refusals cost priority (issue 30, Build 1): a payer whose buffers ran out of
// compute twice (refused 503 compute_timeout, free) has its next buffer queued behind everyone
// else's, while another payer's first buffer, queued after it, runs first. Both are answered and
// charged once; the refusals charged nothing (balances read on chain). One worker, held by a task
// of the test's own while both wait, so the order does not depend on how long they take.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComputePool } from "../../service/compute/pool.ts";
import type { ComputeTask, WarmTask } from "../../service/compute/task.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { startLogged, until } from "../support/execution.ts";
import { postJson, type TestService } from "../support/service.ts";

const PRICE = dollarsToAtomic("0.01");
let t: TestService;
beforeAll(async () => {
  // A 2 s compute budget: the clustered MultiPoint buffer (seconds of CPU) runs out of it,
  // a point's buffer does not; the queue budget is long enough for the tasks the test holds back.
  ({ t } = await startLogged({
    GEO402_COMPUTE_THREADS: "1",
    GEO402_COMPUTE_TIMEOUT_MS: "2000",
    GEO402_COMPUTE_QUEUE_TIMEOUT_MS: "120000",
  }));
});
afterAll(() => t?.close());

/** Issue 30's heavy legal buffer: 2,000 clustered points (a 45 × 45 grid 50 m apart), 2 km, steps 128. */
const clusteredBuffer = () => ({
  geojson: {
    type: "MultiPoint",
    coordinates: Array.from({ length: 2000 }, (_, i) => [
      -150 + (i % 45) * 5e-4,
      61 + Math.floor(i / 45) * 5e-4,
    ]),
  },
  distance: 2000,
  steps: 128,
});
const pointBuffer = (lon: number) => ({ geojson: { type: "Point", coordinates: [lon, 61] }, distance: 10 });

/** Records which buffer (by its point's longitude) leaves the queue for the worker, in order. */
function recordStarts(pool: ComputePool): number[] {
  const started: number[] = [];
  const run = pool.run.bind(pool);
  pool.run = (task, signal, opts) =>
    run(task, signal, {
      lane: opts?.lane ?? "heavy",
      ...opts,
      onStart: () => {
        const body = task.input?.body as undefined | { geojson?: { type?: string; coordinates?: number[] } };
        if (body?.geojson?.type === "Point") started.push(body.geojson.coordinates?.[0] ?? Number.NaN);
        opts?.onStart?.();
      },
    });
  return started;
}

describe("priority after repeated free refusals", () => {
  it("two compute_timeout refusals of buffers put the payer's next buffer behind another payer's first", async () => {
    const [repeat, honest] = [await t.newPayer(), await t.newPayer()];
    const before = { repeat: await t.balance(repeat.address), honest: await t.balance(honest.address) };
    for (let i = 0; i < 2; i++) {
      const r = await postJson(repeat.fetch, `${t.url}/v1/geometry/buffer`, clusteredBuffer());
      const body = (await r.json()) as { error: { code: string; phase: string }; payment: unknown };
      expect([r.status, body.error.code, body.error.phase]).toEqual([503, "compute_timeout", "compute"]);
      expect(body.payment).toEqual({ charged: false, outcome: "cancelled" });
    }
    expect(await t.balance(repeat.address)).toBe(before.repeat);

    // Hold the only worker with a task of the test's own (the workers' warm-up task, which holds its
    // worker for holdMs and ends normally: an aborted task's replacement worker would start inside
    // the next task's compute budget), queue both buffers meanwhile.
    const pool = t.service.app.computePool;
    const started = recordStarts(pool);
    const hold: WarmTask = { warm: true, holdMs: 10_000, versions: {} };
    const held = pool.run(hold as unknown as ComputeTask, new AbortController().signal);
    await until(() => pool.inFlight() === 1, "the test's task holds the worker");
    const behind = postJson(repeat.fetch, `${t.url}/v1/geometry/buffer`, pointBuffer(-150));
    await until(() => pool.queued() === 1, "the repeat payer's buffer queued");
    const first = postJson(honest.fetch, `${t.url}/v1/geometry/buffer`, pointBuffer(-149));
    await until(() => pool.queued() === 2, "the honest payer's buffer queued after it");
    await held;
    const [b, f] = await Promise.all([behind, first]);
    expect([b.status, f.status], `${await b.clone().text()} ${await f.clone().text()}`).toEqual([200, 200]);
    await Promise.all([b.arrayBuffer(), f.arrayBuffer()]);
    // Without the penalty both are light and FIFO: -150 first. With it the honest first request runs first.
    expect(started).toEqual([-149, -150]);
    expect(before.repeat - (await t.balance(repeat.address))).toBe(PRICE);
    expect(before.honest - (await t.balance(honest.address))).toBe(PRICE);
  });
});
