// GET /v1/timezone end to end on the real devnet with the built artifact: paid answers, refusals
// that charge nothing (the corrupted-artifact case is in timezone-corrupt.e2e.test.ts).
import { decodePaymentResponseHeader } from "@x402/core/http";
import { beforeAll, describe, expect, it } from "vitest";
import { builtFamily } from "../support/built-artifacts.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import type { Payer, TestService } from "../support/service.ts";
import { sharedTestService } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;
beforeAll(async () => {
  await builtFamily("timezone");
  t = await sharedTestService();
  payer = await t.newPayer();
});

const tz = (f: typeof fetch, base: string, query: string) => f(`${base}/v1/timezone?${query}`);

describe("GET /v1/timezone (paid)", () => {
  it("answers Anchorage just after the 2026 spring transition and charges 5000 atomic units", async () => {
    const before = await t.balance(payer.address);
    const r = await tz(payer.fetch, t.url, "lat=61.2181&lon=-149.9003&at=2026-03-08T11:00:00Z");
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("timezone.response", body);
    expect(body).toEqual({
      vintage: {
        boundaries: expect.stringContaining("timezone-boundary-builder"),
        rules: expect.stringMatching(/^IANA tzdata \d{4}[a-z]$/),
      },
      timeZone: "America/Anchorage",
      utcOffsetSeconds: -28800,
      utcOffset: "-08:00",
      standardOffsetSeconds: -32400,
      dst: true,
      dstOffsetSeconds: 3600,
      localTime: "2026-03-08T03:00:00-08:00",
      at: "2026-03-08T11:00:00Z",
      source: "boundary",
    });
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    expect(before - (await t.balance(payer.address))).toBe(5000n);
  });

  it("refuses a latitude out of range and an `at` before 1900 without charging", async () => {
    const before = await t.balance(payer.address);
    const lat = await tz(payer.fetch, t.url, "lat=91&lon=0");
    expect(lat.status).toBe(400);
    expect((await lat.json()).error).toMatchObject({ code: "coordinate_out_of_range", field: "lat" });
    const at = await tz(payer.fetch, t.url, "lat=0&lon=0&at=1850-06-01T00:00:00Z");
    expect(at.status).toBe(400);
    expect((await at.json()).error).toMatchObject({ code: "limit_exceeded", field: "at" });
    expect(await t.balance(payer.address)).toBe(before);
  });

  it("a missing lon is refused before any price is quoted", async () => {
    const r = await tz(fetch, t.url, "lat=10");
    expect(r.status).toBe(400);
    expect(r.headers.get("payment-required")).toBeNull();
    expect((await r.json()).error.code).toBe("missing_field");
  });
});
