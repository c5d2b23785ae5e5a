// POST /v1/pip end to end: the real app on the real devnet, paid with @x402/fetch. A paid answer
// costs exactly 10000 atomic units; refusals before the quote get no 402; limits crossed after
// payment are refused with the limit named and charge nothing.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

const square = (x: number, y: number, size: number): number[][][] => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];
const polygon = (coordinates: number[][][]) => ({ type: "Polygon", coordinates });
const url = () => `${t.url}/v1/pip`;

describe("POST /v1/pip, paid", () => {
  it("answers the matrix, containing lists and id columns, boundary inside, for exactly 10000 atomic units", async () => {
    const polygons = {
      type: "FeatureCollection",
      features: [
        { type: "Feature", id: "a", properties: {}, geometry: polygon(square(0, 0, 2)) },
        {
          type: "Feature",
          properties: {},
          geometry: { type: "MultiPolygon", coordinates: [square(1, 1, 2), square(10, 10, 1)] },
        },
      ],
    };
    const points = [
      [0.5, 0.5],
      [1.5, 1.5],
      [2, 1],
      [10.5, 10.5],
      [5, 5],
    ];
    const before = await t.balance(payer.address);
    const r = await postJson(payer.fetch, url(), { points, polygons });
    expect(r.status).toBe(200);
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    expect(before - (await t.balance(payer.address))).toBe(10_000n);
    const body = await r.json();
    expectMatchesSchema("pip.response", body);
    expect(body).toEqual({
      matrix: [
        [1, 0],
        [1, 1],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
      containing: [[0], [0, 1], [0, 1], [1], []],
      columns: ["a", 1],
      pointCount: 5,
      polygonCount: 2,
    });
  });

  it("with ignoreBoundary, a point on an edge is outside", async () => {
    const r = await postJson(payer.fetch, url(), {
      points: [[2, 1]],
      polygons: [polygon(square(0, 0, 2))],
      ignoreBoundary: true,
    });
    expect(r.status).toBe(200);
    expect((await r.json()).matrix).toEqual([[0]]);
  });

  it("answers the 25,000,000 point-vertex worst case (2500 points × 100 polygons of 100 positions)", async () => {
    const ring = (cx: number, cy: number): number[][] => {
      const out = Array.from({ length: 99 }, (_, i) => [
        cx + Math.cos((2 * Math.PI * i) / 99),
        cy + Math.sin((2 * Math.PI * i) / 99),
      ]);
      out.push(out[0] as number[]);
      return out;
    };
    const polygons = Array.from({ length: 100 }, (_, k) =>
      polygon([ring((k % 10) * 2, Math.floor(k / 10) * 2)]),
    );
    const points = Array.from({ length: 2500 }, (_, i) => [
      ((i * 7919) % 2000) / 100 - 0.5,
      ((i * 104729) % 2000) / 100 - 0.5,
    ]);
    const r = await postJson(payer.fetch, url(), { points, polygons });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect([body.pointCount, body.polygonCount, body.matrix.length, body.matrix[0].length]).toEqual([
      2500, 100, 2500, 100,
    ]);
  });

  it("refuses a body without polygons before a price is quoted", async () => {
    const r = await postJson(fetch, url(), { points: [[0, 0]] });
    expect(r.status).toBe(400);
    expect(r.headers.get("payment-required")).toBeNull();
    expect((await r.json()).error).toMatchObject({ code: "missing_field", field: "polygons" });
  });

  it("refuses more than 250,000 point-polygon pairs after payment, naming the limit, and charges nothing", async () => {
    const body = {
      points: Array.from({ length: 2001 }, () => [0, 0]),
      polygons: Array.from({ length: 125 }, () => polygon(square(0, 0, 1))),
    };
    expect((await postJson(fetch, url(), body)).status).toBe(402);
    const before = await t.balance(payer.address);
    const r = await postJson(payer.fetch, url(), body);
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({
      code: "limit_exceeded",
      limit: { name: "pairs", max: 250_000, actual: 250_125 },
    });
    expect(await t.balance(payer.address)).toBe(before);
  });

  it("refuses an unclosed ring after payment with its path, and charges nothing", async () => {
    const before = await t.balance(payer.address);
    const open = {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    };
    const r = await postJson(payer.fetch, url(), { points: [[0, 0]], polygons: [open] });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({
      code: "invalid_geometry",
      path: "$.polygons[0].coordinates[0]",
    });
    expect(await t.balance(payer.address)).toBe(before);
  });
});
