// Issue 30's zig-zag cliff on the real devnet: the 800-position LineString of 10° teeth whose
// vertices are 0.001° apart, buffered 10 m with steps 128, ran to the compute deadline and was
// refused free (the answer's following tolerance was loosened for ever). It is now answered and
// paid for, exactly once, on chain. The compute deadline is set far above its few seconds of CPU
// so that the outcome does not depend on the machine's load; nothing here asserts a duration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

/** The buffer's price in atomic USDC ($0.01). */
const PRICE = 10_000n;

let t: TestService;
let payer: Payer;
beforeAll(async () => {
  t = await startTestService({ env: { GEO402_COMPUTE_TIMEOUT_MS: "300000" } });
  payer = await t.newPayer();
});
afterAll(() => t?.close());

describe("the 800-position zig-zag buffer (issue 30)", () => {
  it("is quoted, answered with every tip's arc, and charged the price once", async () => {
    const coordinates = Array.from({ length: 800 }, (_, i) => [i * 0.001, i % 2 ? 10 : 0]);
    const body = { geojson: { type: "LineString", coordinates }, distance: 10, steps: 128 };
    const quote = await postJson(fetch, `${t.url}/v1/geometry/buffer`, body);
    expect(quote.status).toBe(402);
    const before = await t.balance(payer.address);
    const r = await postJson(payer.fetch, `${t.url}/v1/geometry/buffer`, body);
    expect(r.status).toBe(200);
    const answer = await r.json();
    expectMatchesSchema("geometry-buffer.response", answer);
    expect(answer.geojson.geometry.type).toBe("Polygon");
    // a half circle of 2·128 pieces round each of the 798 tips and both ends
    expect(answer.geojson.geometry.coordinates.flat().length).toBeGreaterThan(800 * 2 * 128);
    expect(await t.balance(payer.address)).toBe(before - PRICE);
  }, 600_000);
});
