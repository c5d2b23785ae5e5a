// The GET /v1/us/geographies handler on the synthetic census version, through a small context
// (the app, payment and schemas run in test/http/census.http.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import { buildFixtureVersion } from "../../test/support/census-fixtures.ts";
import { expectMatchesSchema } from "../../test/support/schemas.ts";
import { DataRegistry } from "../data/registry.ts";
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import type { RouteContext } from "../route-types.ts";
import { censusEntries } from "./census.ts";

const entry = censusEntries[0]!;
let lookup: CensusLookup;
let ctx: RouteContext;

beforeAll(async () => {
  lookup = await CensusLookup.open(buildFixtureVersion().dir);
  const data = new DataRegistry();
  data.set("census", "test", lookup);
  ctx = { data } as RouteContext;
});
afterAll(() => lookup?.close());

const ask = async (lat: unknown, lon: unknown, context: RouteContext = ctx) =>
  entry.handler({ body: undefined, query: { lat, lon } }, context);

async function refusal(lat: unknown, lon: unknown, context: RouteContext = ctx): Promise<ApiError> {
  try {
    await ask(lat, lon, context);
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("GET /v1/us/geographies handler", () => {
  it("answers codes, names, the district number and the vintage of the data", async () => {
    const body = await ask(40.25, -99.75);
    expectMatchesSchema("us-geographies.response", body);
    expect(body).toMatchObject({
      found: true,
      stateCode: "01",
      stateAbbr: "AA",
      stateName: "Alpha",
      countyGeoid: "01001",
      countyName: "West County",
      congressionalDistrictGeoid: "0101",
      congressionalDistrict: 1,
      boundaryAccuracyMetres: lookup.metadata.boundaryAccuracyMetres["7"],
      boundaryUncertain: { county: false, congressionalDistrict: false },
      vintage: { boundaryYear: 2024, congress: 119 },
    });
    expect(body).not.toHaveProperty("coverage.reason");
  });

  it("answers an at-large district as 0 and a ZZ water district as a null number", async () => {
    expect(await ask(40.3, -98.8)).toMatchObject({
      congressionalDistrictGeoid: "0200",
      congressionalDistrict: 0,
    });
    const water = await ask(40.9, -98.8);
    expectMatchesSchema("us-geographies.response", water);
    expect(water).toMatchObject({
      countyGeoid: "02001",
      congressionalDistrictGeoid: "02ZZ",
      congressionalDistrict: null,
    });
  });

  it("answers the fine band's accuracy inside the fine band of a small unit, the build's bound for each", async () => {
    const { boundaryAccuracyMetres: bound } = lookup.metadata;
    // The bound is R + 1.65 R (+ slack) of the largest flagged cell: about 2.7 edges of the resolution.
    expect(bound["9"]).toBeGreaterThan(0);
    expect(bound["7"]).toBeGreaterThan(6 * (bound["9"] as number));
    // Walk into the small county from its south edge until the resolution-9 band answers it.
    let metres: number | undefined;
    for (const m of [20, 40, 60, 80, 100, 150, 200]) {
      const hit = await lookup.lookup(40.5 + m / 111_195, -99.25);
      if (hit.resolution === 9 && hit.record?.countyGeoid === "01005") {
        metres = m;
        break;
      }
    }
    expect(metres).toBeDefined();
    const body = await ask(40.5 + (metres as number) / 111_195, -99.25);
    expect(body).toMatchObject({ countyGeoid: "01005", boundaryAccuracyMetres: bound["9"] });
    expect(await ask(40.25, -99.75)).toMatchObject({ boundaryAccuracyMetres: bound["7"] });
  });

  it("answers found:false with null codes and the reason outside the coverage", async () => {
    const body = await ask(40.5, -97);
    expectMatchesSchema("us-geographies.response", body);
    expect(body).toMatchObject({
      found: false,
      stateCode: null,
      stateAbbr: null,
      stateName: null,
      countyGeoid: null,
      countyName: null,
      congressionalDistrictGeoid: null,
      congressionalDistrict: null,
    });
    expect((body as { coverage: { reason?: string } }).coverage.reason).toEqual(expect.any(String));
  });

  it.each([
    [91, -99, "lat"],
    [-90.5, -99, "lat"],
    [40, 180.01, "lon"],
    [40, -181, "lon"],
  ])("refuses lat %s lon %s with coordinate_out_of_range on %s", async (lat, lon, field) => {
    const err = await refusal(lat, lon);
    expect(err.code).toBe("coordinate_out_of_range");
    expect(err.status).toBe(400);
    expect(err.details.field).toBe(field);
  });

  it("answers the poles and the antimeridian as positions, outside the coverage", async () => {
    for (const [lat, lon] of [
      [90, 0],
      [-90, 180],
      [0, -180],
    ]) {
      expect(await ask(lat, lon)).toMatchObject({ found: false });
    }
  });

  it("refuses with data_unavailable when the census family is not open", async () => {
    const err = await refusal(40, -99, { data: new DataRegistry() } as RouteContext);
    expect(err.code).toBe("data_unavailable");
    expect(err.status).toBe(503);
  });
});
