// The GeoJSON forms end to end: each geographic route paid with @x402/fetch on the devnet, asked
// for GeoJSON by its `format` member or by Accept, answers application/geo+json that matches its
// schema and that our own validator (service/geo/geojson/) finds valid, for the route's one price.
// Without either, the same request answers the JSON form; a refusal stays a free JSON error.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { validateGeoJSON } from "../../service/geo/geojson/validate.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { SAN_FRANCISCO } from "../../service/routes/example-geometries.ts";
import { entryOf, GEOJSON_REQUESTS, requestInit } from "../support/geojson-requests.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

interface Collection {
  type: string;
  features: { geometry: { type: string } | null }[];
}

describe("GeoJSON forms, paid", () => {
  for (const r of GEOJSON_REQUESTS) {
    it(`${r.name}: application/geo+json, valid, ${r.geometryTypes.join(" and ")}, at the JSON price`, async () => {
      const before = await t.balance(payer.address);
      const res = await payer.fetch(`${t.url}${r.path}`, requestInit(r));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/geo\+json/);
      expect(decodePaymentResponseHeader(res.headers.get("payment-response") ?? "").success).toBe(true);
      expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(entryOf(r).price));
      const body = (await res.json()) as Collection;
      expectMatchesSchema(r.schema, body);
      expect(validateGeoJSON(body).errors.filter((e) => e.severity === "error")).toEqual([]);
      expect(body.features.length).toBe(r.featureCount);
      expect([...new Set(body.features.map((f) => f.geometry?.type))].sort()).toEqual(r.geometryTypes);
    });
  }

  it("the profile's line carries each sample's elevation as Z", async () => {
    const r = GEOJSON_REQUESTS.find((q) => q.name === "elevation-profile");
    const res = await postJson(payer.fetch, `${t.url}/v1/elevation/profile`, r?.body);
    const json = (await res.json()) as {
      samples: { longitude: number; latitude: number; elevationMeters: number }[];
    };
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const geo = (await (await payer.fetch(`${t.url}${r?.path}`, requestInit(r as never))).json()) as {
      features: { geometry: { coordinates: number[][] } }[];
    };
    expect(geo.features[0]?.geometry.coordinates).toEqual(
      json.samples.map((s) => [s.longitude, s.latitude, s.elevationMeters]),
    );
  });

  it("format=json wins over Accept, and */* gets JSON", async () => {
    const body = { points: [[-122.4194, 37.7749]], resolution: 9 };
    const asked = await postJson(
      payer.fetch,
      `${t.url}/v1/h3/index`,
      { ...body, format: "json" },
      {
        accept: "application/geo+json",
      },
    );
    expect(asked.headers.get("content-type")).toMatch(/^application\/json/);
    expectMatchesSchema("h3-index.response", await asked.json());
    const any = await postJson(payer.fetch, `${t.url}/v1/h3/index`, body, { accept: "*/*" });
    expect(any.headers.get("content-type")).toMatch(/^application\/json/);
    expectMatchesSchema("h3-index.response", await any.json());
  });

  it("a refusal asked as GeoJSON is a JSON error and charges nothing (estimateOnly has no cells)", async () => {
    const before = await t.balance(payer.address);
    const res = await postJson(payer.fetch, `${t.url}/v1/h3/polyfill`, {
      geojson: SAN_FRANCISCO,
      resolution: 7,
      estimateOnly: true,
      format: "geojson",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { code: string; field: string } }).error).toMatchObject({
      code: "invalid_field",
      field: "format",
    });
    expect(await t.balance(payer.address)).toBe(before);
  });

  it("an unknown format is refused free with the field named", async () => {
    const before = await t.balance(payer.address);
    const res = await payer.fetch(`${t.url}/v1/marine/hazards?lat=59.6033&lon=-151.4192&format=kml`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("format");
    expect(await t.balance(payer.address)).toBe(before);
  });
});
