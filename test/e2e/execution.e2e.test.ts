// The execution model on the real devnet (issue 16): heavy work in the compute pool under a
// deadline, settlement bound to delivery, load shedding before the 402. Balances are read on
// chain; no assertion depends on how long anything took. One service per file (one process).
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectWhileComputing, startLogged, until } from "../support/execution.ts";
import { stateOutlineBuffer } from "../support/heavy-inputs.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { chainRpc, exactSigner, postJson } from "../support/service.ts";

const GEOMETRY_PRICE = 10_000n;
const HELLO_PRICE = 1_000n;

describe("one worker, no queue", () => {
  let s: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    s = await startLogged(
      { GEO402_COMPUTE_THREADS: "1", GEO402_COMPUTE_QUEUE: "0", GEO402_REQUEST_TIMEOUT_MS: "1000" },
      { ownDevnet: true }, // a test pauses mining
    );
  });
  afterAll(() => s?.t.close());

  it("a client that disconnects while its paid request computes is not charged, and the log says so", async () => {
    const payer = await s.t.newPayer();
    const before = await s.t.balance(payer.address);
    await disconnectWhileComputing(s.t, s.requests, payer);
    const line = s.requests().find((l) => l.route === "POST /v1/geometry/buffer" && l.clientGone);
    expect(line).toMatchObject({ outcome: "cancelled", reason: "client_closed", code: "client_closed" });
    await until(() => s.t.service.app.computePool.inFlight() === 0, "the abandoned task stopped");
    expect(await s.t.balance(payer.address)).toBe(before);
  });

  it("with the pool saturated, a priced pool route is refused 503 overloaded before any quote; GET / and paid hello still answer", async () => {
    const pool = s.t.service.app.computePool;
    const payer = await s.t.newPayer();
    const before = await s.t.balance(payer.address);
    const abort = new AbortController();
    const heavy = postJson(
      (url, init) => payer.fetch(url, { ...init, signal: abort.signal }),
      `${s.t.url}/v1/geometry/buffer`,
      stateOutlineBuffer(),
    ).catch((err: unknown) => err);
    await until(() => pool.saturated(), "the pool saturated by the heavy request");

    const shed = await postJson(fetch, `${s.t.url}/v1/geometry/area`, {
      geojson: { type: "Point", coordinates: [0, 0] },
    });
    expect(shed.status).toBe(503);
    expect(shed.headers.get("payment-required")).toBeNull();
    expect(shed.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await shed.json();
    expectMatchesSchema("error", body);
    expect(body.error.code).toBe("overloaded");
    // A paying client is refused the same way, before verify: nothing is signed for nothing.
    const paidShed = await postJson(payer.fetch, `${s.t.url}/v1/geometry/area`, {
      geojson: { type: "Point", coordinates: [0, 0] },
    });
    expect(paidShed.status).toBe(503);

    expect((await fetch(`${s.t.url}/`)).status).toBe(200);
    const hello = await postJson(payer.fetch, `${s.t.url}/v1/hello`, { name: "still here" });
    expect(hello.status).toBe(200);

    abort.abort();
    // The heavy request is abandoned; had it finished first, its answer was delivered and paid.
    const heavyAnswer = await heavy;
    const heavyPaid = heavyAnswer instanceof Response && heavyAnswer.status === 200 ? GEOMETRY_PRICE : 0n;
    await until(() => pool.inFlight() === 0 && !pool.saturated(), "the pool free again");
    const quoted = await postJson(fetch, `${s.t.url}/v1/geometry/area`, {
      geojson: { type: "Point", coordinates: [0, 0] },
    });
    expect(quoted.status).toBe(402);
    expect(await s.t.balance(payer.address)).toBe(before - HELLO_PRICE - heavyPaid);
  });

  it("app.inject() (how MCP tool calls run): a paid answer from the pool is settled and delivered", async () => {
    const app = s.t.service.app;
    const payer = await s.t.newPayer();
    const before = await s.t.balance(payer.address);
    const signer = exactSigner(payer.key);
    const url = "/v1/geometry/area";
    const payload = { geojson: { type: "Point", coordinates: [0, 0] } };
    const unpaid = await app.inject({ method: "POST", url, payload });
    const terms = decodePaymentRequiredHeader(String(unpaid.headers["payment-required"]));
    const headers = signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms));
    const logged = s.requests().length;
    const area = await app.inject({ method: "POST", url, payload, headers });
    expect(area.statusCode).toBe(200);
    expect(area.headers["payment-response"]).toBeTruthy();
    expect(s.requests().slice(logged)).toEqual([
      expect.objectContaining({ route: "POST /v1/geometry/area", outcome: "settled", status: 200 }),
    ]);
    expect(s.requests()[logged]?.clientGone).toBeUndefined();
    expect(await s.t.balance(payer.address)).toBe(before - GEOMETRY_PRICE);
  });

  it("a paused chain: the waiting answer is not cut by the socket timeout and settles once; a client gone meanwhile is not charged", async () => {
    const rpc = chainRpc(s.t);
    const waiting = await s.t.newPayer();
    const leaving = await s.t.newPayer();
    const [waitingBefore, leavingBefore] = [
      await s.t.balance(waiting.address),
      await s.t.balance(leaving.address),
    ];
    await rpc("evm_setAutomine", [false]);
    try {
      const answered = postJson(waiting.fetch, `${s.t.url}/v1/hello`, { name: "patient" });
      await disconnectWhileComputing(s.t, s.requests, leaving);
      // Longer than GEO402_REQUEST_TIMEOUT_MS (1000): the old idle timeout would have cut `answered`.
      await new Promise((r) => setTimeout(r, 1500));
      await rpc("evm_setAutomine", [true]);
      await rpc("evm_mine");
      const r = await answered;
      expect(r.status).toBe(200);
      expect(r.headers.get("payment-response")).toBeTruthy();
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
    expect(await s.t.balance(waiting.address)).toBe(waitingBefore - HELLO_PRICE);
    expect(await s.t.balance(leaving.address)).toBe(leavingBefore);
  });
});
