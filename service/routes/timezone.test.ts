import { beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, builtFamily } from "../../test/support/built-artifacts.ts";
import { expectMatchesSchema } from "../../test/support/schemas.ts";
import { openFamilies } from "../data/families.ts";
import { DataRegistry } from "../data/registry.ts";
import { timezoneOpener } from "../data/timezone-family.ts";
import type { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import type { RouteContext } from "../route-types.ts";
import { timezoneEntries } from "./timezone.ts";

const entry = timezoneEntries[0]!;
let ctx: RouteContext;

beforeAll(async () => {
  await builtFamily("timezone");
  const data = new DataRegistry();
  const [state] = await openFamilies(ARTIFACTS_DIR, data, [timezoneOpener]);
  expect(state?.state).toBe("ready");
  ctx = { data } as RouteContext;
});

async function ask(query: Record<string, unknown>): Promise<Record<string, unknown>> {
  const body = (await entry.handler({ body: undefined, query }, ctx)) as Record<string, unknown>;
  expectMatchesSchema("timezone.response", body);
  return body;
}

async function refused(query: Record<string, unknown>): Promise<ApiError> {
  try {
    await entry.handler({ body: undefined, query }, ctx);
  } catch (err) {
    return toApiError(err) as ApiError;
  }
  throw new Error("accepted");
}

describe("GET /v1/timezone", () => {
  it("Anchorage across the 2026 spring transition", async () => {
    expect(await ask({ lat: 61.2181, lon: -149.9003, at: "2026-03-08T10:59:59Z" })).toEqual({
      timeZone: "America/Anchorage",
      utcOffsetSeconds: -32400,
      utcOffset: "-09:00",
      standardOffsetSeconds: -32400,
      dst: false,
      dstOffsetSeconds: 0,
      localTime: "2026-03-08T01:59:59-09:00",
      at: "2026-03-08T10:59:59Z",
      source: "boundary",
      // The body names its data: the boundary edition from the artifact's manifest, the IANA rules of the runtime.
      vintage: {
        boundaries: "timezone-boundary-builder 2025b (geo-tz 8.1.9, timezones)",
        rules: `IANA tzdata ${process.versions.tz}`,
      },
    });
    expect(await ask({ lat: 61.2181, lon: -149.9003, at: "2026-03-08T11:00:00Z" })).toMatchObject({
      utcOffset: "-08:00",
      dst: true,
      dstOffsetSeconds: 3600,
      localTime: "2026-03-08T03:00:00-08:00",
    });
  });

  it("Anchorage and Adak across the 2026 autumn transition", async () => {
    expect(await ask({ lat: 61.2181, lon: -149.9003, at: "2026-11-01T09:59:59Z" })).toMatchObject({
      dst: true,
      localTime: "2026-11-01T01:59:59-08:00",
    });
    expect(await ask({ lat: 61.2181, lon: -149.9003, at: "2026-11-01T10:00:00Z" })).toMatchObject({
      dst: false,
      localTime: "2026-11-01T01:00:00-09:00",
    });
    expect(await ask({ lat: 51.88, lon: -176.658, at: "2026-11-01T10:59:59Z" })).toMatchObject({
      timeZone: "America/Adak",
      utcOffset: "-09:00",
      dst: true,
    });
    expect(await ask({ lat: 51.88, lon: -176.658, at: "2026-11-01T11:00:00Z" })).toMatchObject({
      timeZone: "America/Adak",
      utcOffset: "-10:00",
      dst: false,
      standardOffsetSeconds: -36000,
    });
  });

  it("Adak across the 2026 spring transition (12:00Z)", async () => {
    expect(await ask({ lat: 51.88, lon: -176.658, at: "2026-03-08T11:59:59Z" })).toMatchObject({
      utcOffsetSeconds: -36000,
      dst: false,
    });
    expect(await ask({ lat: 51.88, lon: -176.658, at: "2026-03-08T12:00:00Z" })).toMatchObject({
      utcOffsetSeconds: -32400,
      dst: true,
    });
  });

  it("southern hemisphere: Sydney in daylight time in January", async () => {
    expect(await ask({ lat: -33.8688, lon: 151.2093, at: "2026-01-15T00:00:00Z" })).toMatchObject({
      timeZone: "Australia/Sydney",
      utcOffset: "+11:00",
      standardOffsetSeconds: 36000,
      dst: true,
    });
  });

  it("a zone without daylight saving: Kolkata +05:30 in July", async () => {
    expect(await ask({ lat: 22.5726, lon: 88.3639, at: "2026-07-15T00:00:00Z" })).toMatchObject({
      timeZone: "Asia/Kolkata",
      utcOffset: "+05:30",
      dst: false,
      dstOffsetSeconds: 0,
    });
  });

  it("nautical rule mid-Pacific (0, −160) → Etc/GMT+11, UTC−11", async () => {
    expect(await ask({ lat: 0, lon: -160, at: "2026-07-15T00:00:00Z" })).toMatchObject({
      timeZone: "Etc/GMT+11",
      utcOffset: "-11:00",
      source: "nautical",
      localTime: "2026-07-14T13:00:00-11:00",
    });
  });

  it("coastal band: 50 km off Big Sur answers America/Los_Angeles as coastal; 100 km further out is nautical", async () => {
    expect(await ask({ lat: 36.0, lon: -122.2, at: "2026-07-01T00:00:00Z" })).toMatchObject({
      timeZone: "America/Los_Angeles",
      source: "coastal",
      dst: true,
    });
    expect(await ask({ lat: 36.0, lon: -123.2, at: "2026-07-01T00:00:00Z" })).toMatchObject({
      timeZone: "Etc/GMT+8",
      source: "nautical",
      dst: false,
    });
  });

  it("defaults `at` to now", async () => {
    const before = Date.now() - 1000;
    const body = await ask({ lat: 61.2181, lon: -149.9003 });
    const used = Date.parse(body.at as string);
    expect(used).toBeGreaterThanOrEqual(before);
    expect(used).toBeLessThanOrEqual(Date.now());
  });

  it("refuses out-of-range coordinates (naming the axis) and `at` outside 1900–2100", async () => {
    expect(await refused({ lat: 90.5, lon: 0 })).toMatchObject({
      code: "coordinate_out_of_range",
      details: { field: "lat" },
    });
    expect(await refused({ lat: 0, lon: -180.01 })).toMatchObject({
      code: "coordinate_out_of_range",
      details: { field: "lon" },
    });
    expect(await refused({ lat: 0, lon: 0, at: "1850-01-01T00:00:00Z" })).toMatchObject({
      code: "limit_exceeded",
      details: { field: "at", limit: { name: "atYear", actual: 1850 } },
    });
    expect(await refused({ lat: 0, lon: 0, at: "2101-01-01T00:00:00Z" })).toMatchObject({
      code: "limit_exceeded",
    });
    expect(await refused({ lat: 0, lon: 0, at: "next tuesday" })).toMatchObject({
      code: "invalid_field",
      details: { field: "at" },
    });
  });

  it("answers the poles and the antimeridian", async () => {
    expect(await ask({ lat: 90, lon: 0, at: "2026-01-01T00:00:00Z" })).toMatchObject({
      timeZone: "Etc/GMT",
      source: "nautical",
    });
    expect(await ask({ lat: 0, lon: 180, at: "2026-01-01T00:00:00Z" })).toMatchObject({
      timeZone: "Etc/GMT-12",
      utcOffset: "+12:00",
    });
    expect(await ask({ lat: 0, lon: -180, at: "2026-01-01T00:00:00Z" })).toMatchObject({
      timeZone: "Etc/GMT+12",
      utcOffset: "-12:00",
    });
  });
});

// Issue 18.1: the timezones-1970 product merged zones that agree since 1970, so these answered
// another city's id (La Paz → America/Puerto_Rico, Oslo → Europe/Berlin, Reykjavik →
// Africa/Abidjan …) and, before 1970, that city's history.
describe("issue 18.1: every IANA zone answers its own id", () => {
  it.each([
    ["La Paz", -16.5, -68.15, "America/La_Paz"],
    ["Oslo", 59.9139, 10.7522, "Europe/Oslo"],
    ["Reykjavik", 64.1466, -21.9426, "Atlantic/Reykjavik"],
    ["Jayapura", -2.5337, 140.7181, "Asia/Jayapura"],
    ["Dar es Salaam", -6.7924, 39.2083, "Africa/Dar_es_Salaam"],
    ["Dublin", 53.3498, -6.2603, "Europe/Dublin"],
    ["Bangkok", 13.7563, 100.5018, "Asia/Bangkok"],
  ])("%s answers %s", async (_name, lat, lon, zone) => {
    expect(await ask({ lat, lon, at: "2026-01-15T12:00:00Z" })).toMatchObject({
      timeZone: zone,
      source: "boundary",
    });
  });

  it("Madagascar at 1900 carries its own history (+02:27:16, not Riyadh's +03:06:52)", async () => {
    expect(await ask({ lat: -18.8792, lon: 47.5079, at: "1900-01-01T00:00:00Z" })).toMatchObject({
      timeZone: "Indian/Antananarivo",
      utcOffsetSeconds: 2 * 3600 + 27 * 60 + 16,
      utcOffset: "+02:27:16",
    });
  });
});
