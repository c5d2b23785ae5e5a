// Geometry routes end to end on the real devnet: a real x402 client pays for buffer, union and
// area (balances move by exactly the price), an empty intersection is a paid 200 answer, and
// post-payment refusals (a line among overlay members, a crossed limit) charge nothing.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { DEG, gaussianRadius, MEAN_RADIUS } from "../../service/geo/geometry/ellipsoid.ts";
import { v1NoticeBody } from "../../service/payment/v1-notice.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

const PRICE = 10_000n;

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

const square = (x: number, y: number, s: number) => ({
  type: "Polygon",
  coordinates: [
    [
      [x, y],
      [x + s, y],
      [x + s, y + s],
      [x, y + s],
      [x, y],
    ],
  ],
});
const collection = (...geometries: unknown[]) => ({ type: "GeometryCollection", geometries });

async function paid(
  op: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown>; charged: bigint }> {
  const before = await t.balance(payer.address);
  const r = await postJson(payer.fetch, `${t.url}/v1/geometry/${op}`, body);
  const json = (await r.json()) as Record<string, unknown>;
  if (r.status === 200) {
    expectMatchesSchema(`geometry-${op}.response`, json);
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
  }
  return { status: r.status, body: json, charged: before - (await t.balance(payer.address)) };
}

describe("paid geometry answers", () => {
  it("buffer: a 500 m disk about a point in Anchorage, charged 0.01", async () => {
    const r = await paid("buffer", {
      geojson: { type: "Point", coordinates: [-149.9, 61.2] },
      distance: 500,
    });
    expect(r.status).toBe(200);
    expect(r.charged).toBe(PRICE);
    expect(r.body).toMatchObject({
      op: "buffer",
      inputVertices: 1,
      empty: false,
      distanceMeters: 500,
      steps: 24,
    });
    expect(r.body.accuracy).toMatch(/GeographicLib/);
    expect(r.body.radiusScale).toBeCloseTo(MEAN_RADIUS / gaussianRadius(61.2 * DEG), 12);
  });

  it("union: two overlapping squares make one Polygon, charged 0.01", async () => {
    const r = await paid("union", { geojson: collection(square(10, 50, 0.02), square(10.01, 50.01, 0.02)) });
    expect(r.status).toBe(200);
    expect(r.charged).toBe(PRICE);
    expect(r.body).toMatchObject({ op: "union", inputGeometries: 2, empty: false, outputVertices: 9 });
    expect((r.body.geojson as { geometry: { type: string } }).geometry.type).toBe("Polygon");
  });

  it("area: a 0.01° cell at 61.2° N on the ellipsoid, charged 0.01", async () => {
    const r = await paid("area", { geojson: square(-149.9, 61.2, 0.01) });
    expect(r.status).toBe(200);
    expect(r.charged).toBe(PRICE);
    expect(r.body.areaSquareMeters).toBeCloseTo(599_370, -3);
  });

  it("intersect: disjoint squares are a 200 answer with geojson null and empty true (paid)", async () => {
    const r = await paid("intersect", { geojson: collection(square(0, 0, 1), square(5, 5, 1)) });
    expect(r.status).toBe(200);
    expect(r.charged).toBe(PRICE);
    expect(r.body).toMatchObject({ geojson: null, empty: true, outputVertices: 0 });
  });
});

describe("refusals after payment charge nothing", () => {
  it("union with a LineString member: 400 unsupported_geometry naming the member, not charged", async () => {
    const r = await paid("union", {
      geojson: collection(square(0, 0, 1), {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: "unsupported_geometry",
      field: "geojson",
      path: "$.geojson.geometries[1]",
    });
    expect(r.charged).toBe(0n);
  });

  it("buffer over the distance limit: 400 limit_exceeded with field, path and limit, not charged", async () => {
    const r = await paid("buffer", { geojson: { type: "Point", coordinates: [0, 0] }, distance: 2_000_000 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: "limit_exceeded",
      field: "distance",
      path: "$.distance",
      limit: { name: "distanceMeters", min: -1_000_000, max: 1_000_000, unit: "m", actual: 2_000_000 },
    });
    expect(r.charged).toBe(0n);
  });

  it("union with one polygon: 400 limit_exceeded (at least two polygonal geometries), not charged", async () => {
    const r = await paid("union", { geojson: collection(square(0, 0, 1)) });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: "limit_exceeded",
      limit: { name: "polygonalGeometries", min: 2, actual: 1 },
    });
    expect(r.charged).toBe(0n);
  });

  it("bbox over the position cap: 400 limit_exceeded with the count of positions, not charged", async () => {
    const coordinates = Array.from({ length: 100_001 }, (_, i) => [(i % 360) - 180, 0]);
    const r = await paid("bbox", { geojson: { type: "MultiPoint", coordinates } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: "limit_exceeded",
      field: "geojson",
      path: "$.geojson",
      limit: { name: "positions", max: 100_000, actual: 100_001 },
    });
    expect(r.charged).toBe(0n);
  });

  it("simplify with both tolerances: 400 conflicting_fields, not charged", async () => {
    const r = await paid("simplify", {
      geojson: {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      tolerance: 1,
      toleranceMeters: 1,
    });
    expect(r.status).toBe(400);
    expect((r.body.error as { code: string }).code).toBe("conflicting_fields");
    expect(r.charged).toBe(0n);
  });
});

describe("before payment", () => {
  it("a missing required member (distance) is refused with 400 and no 402", async () => {
    const r = await postJson(fetch, `${t.url}/v1/geometry/buffer`, {
      geojson: { type: "Point", coordinates: [0, 0] },
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({ code: "missing_field", field: "distance" });
  });

  it("a complete request is quoted at 10000 atomic units", async () => {
    const r = await postJson(fetch, `${t.url}/v1/geometry/centroid`, {
      geojson: { type: "Point", coordinates: [0, 0] },
    });
    expect(r.status).toBe(402);
    expect(await r.json()).toEqual(v1NoticeBody().body);
    expect(decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "").accepts[0]?.amount).toBe(
      "10000",
    );
  });
});
