// Cheap work never waits behind heavy work (issue 30, Build 2): on 2 workers, heavy tasks hold at
// most one; four payers' heavy buffers queue for it while a paid bbox (light lane) is answered at
// once on the other worker. Queue wait and compute time are in each request's log line. Balances
// read on chain: everyone is charged exactly for the answers received. A large pool answer,
// serialized in its worker (issue 30, Build 6), arrives complete and charged once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dollarsToAtomic } from "../../service/money.ts";
import { geometryEntries } from "../../service/routes/geometry.ts";
import { type LogRecord, startLogged, until } from "../support/execution.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";

const PRICE = dollarsToAtomic("0.01");
const HEAVY = 4;

let t: TestService;
let requests: () => LogRecord[];
beforeAll(async () => {
  ({ t, requests } = await startLogged({ GEO402_COMPUTE_THREADS: "2" }));
});
afterAll(() => t?.close());

const bbox = geometryEntries.find((e) => e.path === "/v1/geometry/bbox")?.example.body;

describe("compute lanes", () => {
  it("a paid bbox is answered while heavy buffers still wait for their worker", async () => {
    const attackers: Payer[] = await Promise.all(Array.from({ length: HEAVY }, () => t.newPayer()));
    const honest = await t.newPayer();
    const before = await Promise.all([...attackers, honest].map((p) => t.balance(p.address)));
    const pool = t.service.app.computePool;
    const heavy = attackers.map((a) =>
      postJson(a.fetch, `${t.url}/v1/geometry/buffer`, stateOutlineBuffer()).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
    await until(() => pool.queued() >= HEAVY - 2, "heavy buffers queued behind the one heavy worker");
    const paid = await postJson(honest.fetch, `${t.url}/v1/geometry/bbox`, bbox);
    expect(paid.status, await paid.clone().text()).toBe(200);
    await paid.arrayBuffer();
    // The bbox did not wait for them: heavy work is still queued when its answer is back.
    const stillQueued = pool.queued();
    const statuses = await Promise.all(heavy);
    console.log(`heavy: ${statuses.join(", ")}; queued when the bbox was answered: ${stillQueued}`);
    expect(stillQueued).toBeGreaterThan(0);

    const lines = requests().filter((l) => l.route?.startsWith("POST /v1/geometry/"));
    const bboxLine = lines.find((l) => l.route === "POST /v1/geometry/bbox" && l.status === 200);
    expect(bboxLine).toMatchObject({ queueMs: expect.any(Number), computeMs: expect.any(Number) });
    for (const l of lines.filter((l) => l.route === "POST /v1/geometry/buffer" && l.status === 200))
      expect(l).toMatchObject({ queueMs: expect.any(Number), computeMs: expect.any(Number) });

    const after = await Promise.all([...attackers, honest].map((p) => t.balance(p.address)));
    statuses.forEach((s, i) => {
      expect(before[i]! - after[i]!).toBe(s === 200 ? PRICE : 0n);
    });
    expect(before[HEAVY]! - after[HEAVY]!).toBe(PRICE);
  });

  it("a large answer, serialized in its worker, arrives complete as JSON and is charged once", async () => {
    const payer = await t.newPayer();
    const before = await t.balance(payer.address);
    const points = Array.from({ length: 2000 }, (_, i) => [
      -150 + (i % 50) * 0.01,
      61 + Math.floor(i / 50) * 0.01,
    ]);
    const r = await postJson(payer.fetch, `${t.url}/v1/h3/index`, {
      points,
      resolutions: [15, 12],
      includeCenter: true,
      includeBoundary: true,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const text = await r.text();
    console.log(`h3/index answer: ${(text.length / 1e6).toFixed(1)} MB`);
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
    expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic("0.005"));
  });
});
