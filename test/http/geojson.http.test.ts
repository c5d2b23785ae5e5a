// POST /v1/geojson/validate and /repair through the real app on the real devnet, paid with
// @x402/fetch: balances move by exactly the price for answers, by nothing for refusals.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { routeVerdict } from "../conformance/route-verdict.ts";
import { checkGeojsonCases, geojsonhintCases } from "../conformance/suites.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

const square = [
  [10, 10],
  [11, 10],
  [11, 11],
  [10, 11],
  [10, 10],
];
const feature = (ring: number[][]) => ({
  type: "Feature",
  id: 7,
  properties: { name: "x" },
  geometry: { type: "Polygon", coordinates: [ring] },
});

async function paid(path: string, body: unknown) {
  const before = await t.balance(payer.address);
  const r = await postJson(payer.fetch, `${t.url}${path}`, body);
  const json = await r.json();
  const charged = before - (await t.balance(payer.address));
  return { r, json, charged };
}

describe("POST /v1/geojson/validate", () => {
  it("is quoted at 5000 atomic units with its limits in the discovery schema", async () => {
    const r = await postJson(fetch, `${t.url}/v1/geojson/validate`, feature(square));
    expect(r.status).toBe(402);
    const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
    expect(terms.accepts[0]?.amount).toBe("5000");
  });
  it("a valid document: 200, valid:true, charged exactly the price", async () => {
    const { r, json, charged } = await paid("/v1/geojson/validate", {
      type: "FeatureCollection",
      features: [feature(square)],
    });
    expect(r.status).toBe(200);
    expect(json).toEqual({ valid: true, errorCount: 0, warningCount: 0, errors: [], checksSkipped: [] });
    expectMatchesSchema("geojson-validate.response", json);
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    expect(charged).toBe(5000n);
  });
  it("an invalid document: 200 with located errors in document order, charged the price", async () => {
    const bowtie = [
      [10, 10],
      [11, 11],
      [11, 10],
      [10, 11],
      [10, 10],
    ];
    const doc = {
      type: "FeatureCollection",
      features: [feature([...square].reverse()), feature(bowtie)],
      crs: {},
    };
    const { r, json, charged } = await paid("/v1/geojson/validate", doc);
    expect(r.status).toBe(200);
    expectMatchesSchema("geojson-validate.response", json);
    expect(json).toMatchObject({ valid: false, errorCount: 2, warningCount: 1 });
    expect(json.errors.map((e: { code: string; path: string }) => [e.code, e.path])).toEqual([
      ["ring_winding", "$.features[0].geometry.coordinates[0]"],
      ["self_intersection", "$.features[1].geometry.coordinates[0][2]"],
      ["obsolete_crs", "$.crs"],
    ]);
    expect(charged).toBe(5000n);
  });
  it("a type outside the enum: quoted, then refused 400 invalid_field after payment, not charged", async () => {
    const { r, json, charged } = await paid("/v1/geojson/validate", {
      type: "featurecollection",
      features: [],
    });
    expect(r.status).toBe(400);
    expect(json.error).toMatchObject({ code: "invalid_field", field: "type", path: "$.type" });
    expect(charged).toBe(0n);
  });
  it("no type member: 400 missing_field before any 402, nothing charged", async () => {
    const { r, json, charged } = await paid("/v1/geojson/validate", { features: [] });
    expect(r.status).toBe(400);
    expect(r.headers.get("payment-required")).toBeNull();
    expect(json.error).toMatchObject({ code: "missing_field", field: "type" });
    expect(charged).toBe(0n);
  });
});

describe("POST /v1/geojson/repair", () => {
  it("repairs winding and repeats, keeps members, charged 10000; the answer validates clean", async () => {
    const ring = [...square].reverse();
    ring.splice(2, 0, [...(ring[1] as number[])]);
    const doc = {
      type: "Feature",
      id: 7,
      properties: { name: "x" },
      geometry: { type: "Polygon", coordinates: [ring] },
      foo: [1],
    };
    const { r, json, charged } = await paid("/v1/geojson/repair", doc);
    expect(r.status).toBe(200);
    expectMatchesSchema("geojson-repair.response", json);
    expect(json).toMatchObject({ changed: true, changeCount: 2, unrepaired: [] });
    expect(json.changes.map((c: { code: string }) => c.code)).toEqual(["deduped_vertices", "rewound_ring"]);
    expect(json.geojson).toEqual({ ...doc, geometry: { type: "Polygon", coordinates: [square] } });
    expect(charged).toBe(10000n);
    const again = await paid("/v1/geojson/validate", json.geojson);
    expect(again.json.valid).toBe(true);
  });
  it("a self-intersection comes back in unrepaired", async () => {
    const { json } = await paid("/v1/geojson/repair", {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ],
      ],
    });
    expectMatchesSchema("geojson-repair.response", json);
    expect(json).toMatchObject({ changed: false, unrepaired: [{ code: "self_intersection" }] });
  });
});

describe("the suites through the real app agree with the kernel's route verdict", () => {
  it("geojsonhint and check-geojson bad fixtures: each refused with the same code or answered the same", async () => {
    const cases = [...geojsonhintCases(), ...checkGeojsonCases()].filter((c) => !c.expectValid);
    const before = await t.balance(payer.address);
    let answered = 0;
    for (const c of cases) {
      const r = await payer.fetch(`${t.url}/v1/geojson/validate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: c.text,
      });
      const body = await r.json();
      const want = routeVerdict(c.text);
      if (want.kind === "refused") {
        expect([c.name, r.status, body.error?.code]).toEqual([c.name, 400, want.code]);
      } else {
        expect([c.name, r.status]).toEqual([c.name, 200]);
        expect(body).toEqual(want.result);
        answered++;
      }
    }
    expect(before - (await t.balance(payer.address))).toBe(BigInt(answered) * 5000n);
  });
});
