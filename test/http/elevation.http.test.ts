// Elevation end to end: the real service opens the dem artifact `make artifacts` built (manifest,
// hashes, opener) at start-up, and a real x402 client pays on the devnet. Paid answers move
// exactly the price; refusals after payment move nothing.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../artifacts/format/manifest.ts";
import { builtFamily } from "../support/built-artifacts.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, type TestService } from "../support/service.ts";
import { sharedTestService } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
let demDir: string;
beforeAll(async () => {
  demDir = (await builtFamily("dem")).dir;
  t = await sharedTestService();
  payer = await t.newPayer();
});

const balances = async () => ({ payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) });
const elevationUrl = (lat: number, lon: number, extra = "") =>
  `${t.url}/v1/elevation?lat=${lat}&lon=${lon}${extra}`;

describe("GET /v1/elevation, paid", () => {
  it("answers a point of the .hgt tile and moves exactly 5000 atomic units", async () => {
    const before = await balances();
    const r = await payer.fetch(elevationUrl(59.654321, -150.123456));
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("elevation.response", body);
    expect(body.elevationMeters).toBeCloseTo(416.052338560577, 6); // GDAL, test/dem/fixtures
    expect(body).toMatchObject({ verticalDatum: "EGM96", pixelsUsed: 4, interpolation: "bilinear" });
    // Which of the spec's 3DEP blocks this build serves: the manifest's lists, none of them invented.
    const { specified, unnamed, served, missing, rule } = (await readManifest(demDir)).coverage ?? {};
    expect(body.coverage.specCoverage).toEqual({ specified, unnamed, served, missing, rule });
    expect(body.coverage.specCoverage.served.length + body.coverage.specCoverage.missing.length).toBe(
      specified,
    );
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    const after = await balances();
    expect(before.payer - after.payer).toBe(5000n);
    expect(after.payTo - before.payTo).toBe(5000n);
  });

  it("outside the coverage: 422 outside_coverage and nothing charged", async () => {
    const before = await balances();
    const r = await payer.fetch(elevationUrl(61.2, -149.9));
    expect(r.status).toBe(422);
    expect((await r.json()).error.code).toBe("outside_coverage");
    expect(await balances()).toEqual(before);
  });

  it("quotes 402 without payment, and refuses a missing lon before quoting", async () => {
    const quoted = await fetch(elevationUrl(59.7, -150.5));
    expect(quoted.status).toBe(402);
    const missing = await fetch(`${t.url}/v1/elevation?lat=59.7`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe("missing_field");
  });

  it("an unknown interpolation is a 400 after payment, not charged", async () => {
    const before = await balances();
    const r = await payer.fetch(elevationUrl(59.7, -150.5, "&interpolation=cubic"));
    expect(r.status).toBe(400);
    expect((await r.json()).error.code).toBe("invalid_field");
    expect(await balances()).toEqual(before);
  });
});

describe("POST /v1/elevation/profile, paid", () => {
  it("answers a profile and moves exactly 10000 atomic units", async () => {
    const before = await balances();
    const r = await postJson(payer.fetch, `${t.url}/v1/elevation/profile`, {
      path: [
        [-150.6, 59.75],
        [-150.4, 59.8],
      ],
    });
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("elevation-profile.response", body);
    expect(body.spacingMeters).toBeLessThanOrEqual(60);
    expect(body.stats.voidSamples).toBe(0);
    expect(body.source[0].verticalDatum).toBe("EGM96");
    const after = await balances();
    expect(before.payer - after.payer).toBe(10000n);
    expect(after.payTo - before.payTo).toBe(10000n);
  });

  it("a sample outside the coverage: 422 naming it, nothing charged", async () => {
    const before = await balances();
    const r = await postJson(payer.fetch, `${t.url}/v1/elevation/profile`, {
      path: [
        [-150.5, 59.6],
        [-150.5, 59.05],
      ],
      samples: 100,
    });
    expect(r.status).toBe(422);
    const err = (await r.json()).error;
    expect(err.code).toBe("outside_coverage");
    expect(err.index).toBeGreaterThan(0);
    expect(err.sample.index).toBe(err.index);
    expect(await balances()).toEqual(before);
  });

  it("2001 samples: 400 limit_exceeded, nothing charged", async () => {
    const before = await balances();
    const r = await postJson(payer.fetch, `${t.url}/v1/elevation/profile`, {
      path: [
        [-150.6, 59.75],
        [-150.4, 59.8],
      ],
      samples: 2001,
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error.limit).toMatchObject({ name: "samples", max: 2000, actual: 2001 });
    expect(await balances()).toEqual(before);
  });
});
