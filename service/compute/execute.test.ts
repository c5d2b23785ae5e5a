// The worker boundary keeps refusals exactly what they are on the main thread, answers identical,
// and family versions pinned by the request.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../catalog.ts";
import { loadConfig } from "../config.ts";
import { openFamilies } from "../data/families.ts";
import { DataRegistry } from "../data/registry.ts";
import { crsOpener } from "../data/transform-families.ts";
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import type { CatalogEntry, PaymentTerms, RouteContext, RouteInput } from "../route-types.ts";
import { createExecutor } from "./execute.ts";
import { type ComputePool, createComputePool } from "./pool.ts";
import { SerializedAnswer, type UsedFamily } from "./task.ts";

const root = path.resolve(import.meta.dirname, "../..");
const config = loadConfig({ GEO402_COMPUTE_THREADS: "1", GEO402_ARTIFACTS: "artifacts" }, root);
const terms = {} as PaymentTerms;
const data = new DataRegistry();
let pool: ComputePool;

beforeAll(async () => {
  await openFamilies(config.artifactsDir, data, [crsOpener]);
  pool = createComputePool(config, terms);
  await pool.warm({ crs: data.version("crs") ?? "" });
});
afterAll(async () => {
  await pool?.close();
  data.closeAll();
});

const entry = (key: string): CatalogEntry => {
  const e = CATALOG.find((c) => `${c.method} ${c.path}` === key);
  if (!e) throw new Error(key);
  return e;
};
const ctx = (): RouteContext => ({
  config,
  terms,
  catalog: CATALOG,
  data: data.view(),
  log: undefined as never,
  baseUrl: "http://x",
  selfUrl: "http://x",
});

const BUDGETS = { computeMs: 30_000, queueMs: 30_000 };
const run = () => ({ client: new AbortController().signal, lane: "heavy" as const, times: () => {} });

/** Runs the entry in the pool and on the main thread; resolves with both outcomes (answers as JSON text). */
async function both(e: CatalogEntry, input: RouteInput) {
  const execute = createExecutor(pool, BUDGETS);
  const used: UsedFamily[][] = [];
  const answer = await execute(e, input, ctx(), run(), (u) => used.push(u)).catch((err: unknown) => err);
  // An answer crosses as the JSON text Fastify would have sent for the main thread's answer.
  const pooled = answer instanceof SerializedAnswer ? answer.bytes.toString("utf8") : answer;
  const inline = await Promise.resolve()
    .then(async () => JSON.stringify(await e.handler(input, ctx())))
    .catch((err: unknown) => toApiError(err));
  return { pooled, inline, used };
}

describe("the compute worker boundary", () => {
  it("an ApiError thrown in a worker arrives as the same ApiError: code, status, message, details", async () => {
    const { pooled, inline } = await both(entry("POST /v1/geometry/buffer"), {
      body: { geojson: { type: "Point", coordinates: [0, 0] }, distance: 10, steps: 129 },
      query: {},
    });
    expect(inline).toBeInstanceOf(ApiError);
    expect(pooled).toBeInstanceOf(ApiError);
    const [a, b] = [pooled as ApiError, inline as ApiError];
    expect({ code: a.code, status: a.status, message: a.message, details: a.details }).toEqual({
      code: b.code,
      status: b.status,
      message: b.message,
      details: b.details,
    });
    expect(a.code).toBe("limit_exceeded");
  });

  it("an answer computed in a worker equals the main thread's", async () => {
    const square = [
      [
        [-149.9, 61.2],
        [-149.89, 61.2],
        [-149.89, 61.21],
        [-149.9, 61.21],
        [-149.9, 61.2],
      ],
    ];
    const input = { body: { geojson: { type: "Polygon", coordinates: square } }, query: {} };
    const { pooled, inline } = await both(entry("POST /v1/geometry/area"), input);
    expect(pooled).toEqual(inline);
    // Moved from the worker, not copied into a slice of a shared buffer: the bytes own their memory.
    const answer = await createExecutor(pool, BUDGETS)(
      entry("POST /v1/geometry/area"),
      input,
      ctx(),
      run(),
      () => {},
    );
    const { bytes } = answer as SerializedAnswer;
    expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.byteLength]);
  });

  it("a worker reads the family version the request pinned and reports it", async () => {
    const { pooled, inline, used } = await both(entry("POST /v1/transform"), {
      body: { from: "EPSG:4326", to: "EPSG:3857", coordinates: [[-149.9003, 61.2181]] },
      query: {},
    });
    expect(pooled).toEqual(inline);
    expect(used).toEqual([[{ family: "crs", version: data.version("crs") }]]);
  });

  it("a pinned version the worker cannot open is refused data_unavailable, not a 500", async () => {
    const execute = createExecutor(pool, BUDGETS);
    const view = {
      has: () => true,
      require: <T>() => ({ value: undefined as T, version: "9.9-000000000000" }),
    };
    const err = await execute(
      entry("POST /v1/transform"),
      { body: { from: "EPSG:4326", to: "EPSG:3857", coordinates: [[0, 0]] }, query: {} },
      { ...ctx(), data: view },
      run(),
      () => {},
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("data_unavailable");
  });
});
