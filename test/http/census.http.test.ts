// GET /v1/us/geographies end to end: the real app on the devnet with the built census artifact,
// paid with @x402/fetch; balances checked on chain.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { expectMatchesSchema } from "../support/schemas.ts";
import type { Payer, TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

let t: TestService;
let payer: Payer;

withSharedServiceAndPayer((service, funded) => {
  t = service;
  payer = funded;
});

const geographies = (f: typeof fetch, query: string) => f(`${t.url}/v1/us/geographies?${query}`);
const balances = async () => ({ payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) });

describe("GET /v1/us/geographies", () => {
  it("quotes 10000 atomic units before payment", async () => {
    const r = await geographies(fetch, "lat=38.8977&lon=-77.0365");
    expect(r.status).toBe(402);
    const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
    expect(terms.accepts[0]?.amount).toBe("10000");
  });

  it("answers the DC delegate district for a paid lookup and charges exactly the price", async () => {
    const before = await balances();
    const r = await geographies(payer.fetch, "lat=38.8977&lon=-77.0365");
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("us-geographies.response", body);
    expect(body).toMatchObject({
      found: true,
      stateCode: "11",
      stateAbbr: "DC",
      countyGeoid: "11001",
      congressionalDistrictGeoid: "1198",
      congressionalDistrict: 98,
      vintage: { boundaryYear: 2024, congress: 119 },
    });
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    const after = await balances();
    expect(before.payer - after.payer).toBe(10_000n);
    expect(after.payTo - before.payTo).toBe(10_000n);
  });

  it("answers found:false with null codes in Mexico, a paid 200", async () => {
    const before = await balances();
    const r = await geographies(payer.fetch, "lat=19.4326&lon=-99.1332");
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("us-geographies.response", body);
    expect(body).toMatchObject({
      found: false,
      stateCode: null,
      countyGeoid: null,
      congressionalDistrictGeoid: null,
    });
    expect(before.payer - (await balances()).payer).toBe(10_000n);
  });

  it("refuses an out-of-range latitude with 400 after payment and charges nothing", async () => {
    const before = await balances();
    const r = await geographies(payer.fetch, "lat=91&lon=-77");
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({ code: "coordinate_out_of_range", field: "lat" });
    expect(await balances()).toEqual(before);
  });

  it("refuses a missing lon before quoting, with no payment terms", async () => {
    const r = await geographies(fetch, "lat=38.9");
    expect(r.status).toBe(400);
    expect(r.headers.get("payment-required")).toBeNull();
    expect((await r.json()).error.code).toBe("missing_field");
  });
});
