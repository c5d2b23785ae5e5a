// POST /v1/h3/index and POST /v1/h3/polyfill end to end: the real app on the real devnet, paid
// with @x402/fetch. Answers are charged exactly their price; refusals before the quote get no
// 402, and refusals after payment are cancelled and charge nothing.
import fs from "node:fs";
import path from "node:path";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { normalizeLongitude, readCenterVectors } from "../reference/h3-vectors.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

const shared = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");
const suite = JSON.parse(
  fs.readFileSync(path.join(shared, "testsuites/h3/polygon_to_cells_counts.json"), "utf8"),
) as {
  resolution: number;
  cases: { name: string; geojson: unknown; expected: Record<string, number> }[];
};

async function paid(route: string, body: unknown, price: bigint): Promise<Record<string, unknown>> {
  const before = await t.balance(payer.address);
  const r = await postJson(payer.fetch, `${t.url}${route}`, body);
  expect(r.status).toBe(200);
  expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
  expect(before - (await t.balance(payer.address))).toBe(price);
  return (await r.json()) as Record<string, unknown>;
}

async function refusedBeforeQuote(route: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await postJson(fetch, `${t.url}${route}`, body);
  expect(r.status).toBe(400);
  expect(r.headers.get("payment-required")).toBeNull();
  return (await r.json()).error;
}

async function refusedUncharged(route: string, body: unknown): Promise<Record<string, unknown>> {
  const unpaid = await postJson(fetch, `${t.url}${route}`, body);
  expect(unpaid.status).toBe(402);
  const before = await t.balance(payer.address);
  const r = await postJson(payer.fetch, `${t.url}${route}`, body);
  expect(r.status).toBe(400);
  expect(await t.balance(payer.address)).toBe(before);
  return (await r.json()).error;
}

describe("POST /v1/h3/index, paid", () => {
  it("indexes the 5000 uber/h3 resolution-15 centre vectors to their cells for 5000 atomic units", async () => {
    const vectors = readCenterVectors("rand15centers.txt");
    const body = await paid(
      "/v1/h3/index",
      { points: vectors.map((v) => [normalizeLongitude(v.lng), v.lat]), resolution: 15 },
      5000n,
    );
    expectMatchesSchema("h3-index.response", body);
    const cells = (body.cells as { results: { cell: string }[] }[]).map((c) => c.results[0]?.cell);
    expect(cells).toEqual(vectors.map((v) => v.cell));
  });

  it("returns centre and closed boundary when asked", async () => {
    const body = await paid(
      "/v1/h3/index",
      {
        points: [[-122.0553238, 37.3615593]],
        resolutions: [7, 9],
        includeCenter: true,
        includeBoundary: true,
      },
      5000n,
    );
    expectMatchesSchema("h3-index.response", body);
    const [r] = (body.cells as { results: { cell: string; boundary: number[][] }[] }[])[0]?.results ?? [];
    expect(r?.cell).toBe("87283472bffffff");
    expect(r?.boundary[0]).toEqual(r?.boundary.at(-1));
  });

  it("refuses a body carrying geojson, or without points, before a price is quoted", async () => {
    const geojson = { type: "Point", coordinates: [0, 0] };
    expect(
      await refusedBeforeQuote("/v1/h3/index", { points: [[0, 0]], resolution: 5, geojson }),
    ).toMatchObject({
      code: "unexpected_field",
      field: "geojson",
    });
    expect((await refusedBeforeQuote("/v1/h3/index", { resolution: 5 })).code).toBe("missing_field");
  });

  it("refuses after payment without charging: both resolution and resolutions, an out-of-range latitude", async () => {
    expect(
      (await refusedUncharged("/v1/h3/index", { points: [[0, 0]], resolution: 5, resolutions: [6] })).code,
    ).toBe("conflicting_fields");
    expect(await refusedUncharged("/v1/h3/index", { points: [[0, 91]], resolution: 5 })).toMatchObject({
      code: "coordinate_out_of_range",
      path: "$.points[0]",
    });
  });
});

describe("POST /v1/h3/polyfill, paid", () => {
  for (const c of suite.cases) {
    it(`${c.name} at res 9 gives the uber/h3 counts for center, full and overlapping`, async () => {
      for (const containment of ["center", "full", "overlapping"]) {
        const body = await paid(
          "/v1/h3/polyfill",
          { geojson: c.geojson, resolution: 9, containment },
          10_000n,
        );
        expectMatchesSchema("h3-polyfill.response", body);
        expect(body.totalCount).toBe(c.expected[containment]);
      }
    });
  }

  it("refuses a body carrying points before a price is quoted", async () => {
    const err = await refusedBeforeQuote("/v1/h3/polyfill", {
      geojson: suite.cases[0]?.geojson,
      resolution: 5,
      points: [],
    });
    expect(err).toMatchObject({ code: "unexpected_field", field: "points" });
  });

  it("refuses an estimate over 100000 cells after payment without charging, naming the finest resolution", async () => {
    const geojson = {
      type: "Polygon",
      coordinates: [
        [
          [-10, -10],
          [10, -10],
          [10, 10],
          [-10, 10],
          [-10, -10],
        ],
      ],
    };
    const err = await refusedUncharged("/v1/h3/polyfill", { geojson, resolution: 10 });
    expect(err).toMatchObject({ code: "limit_exceeded", limit: { name: "cells", max: 100_000 } });
    expect(err.finestResolution).toBeTypeOf("number");
  });

  it("refuses non-areal geometry by name after payment without charging", async () => {
    const err = await refusedUncharged("/v1/h3/polyfill", {
      geojson: {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      resolution: 5,
    });
    expect(err).toMatchObject({ code: "unsupported_geometry", type: "LineString" });
  });

  it("estimateOnly is priced and answers the estimates", async () => {
    const body = await paid(
      "/v1/h3/polyfill",
      { geojson: suite.cases[0]?.geojson, resolutions: [9, 11], estimateOnly: true },
      10_000n,
    );
    expectMatchesSchema("h3-polyfill.response", body);
    expect(body).toMatchObject({ estimateOnly: true, withinCap: true });
  });
});
