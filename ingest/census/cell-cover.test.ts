// The compacted cover on the synthetic fixture, checked against exact answers from the fixture's
// rectangles: exact far from outlines at resolution 7, exact near them in the resolution-9 band
// of the small county, uncertainty flags where a neighbouring cell answers differently.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import { buildFixtureVersion, FIXTURE, SMALL_COUNTY } from "../../test/support/census-fixtures.ts";

type Box = [number, number, number, number];
const boxOf = (f: { geometry: { coordinates: number[][][] } }, ring = 0): Box => {
  const r = f.geometry.coordinates[ring]!;
  return [r[0]![0]!, r[0]![1]!, r[2]![0]!, r[2]![1]!];
};
const inside = ([w, s, e, n]: Box, lon: number, lat: number) => lon > w && lon < e && lat > s && lat < n;
const OUTLINES: Box[] = [...FIXTURE.states, ...FIXTURE.counties, ...FIXTURE.districts].flatMap((f) =>
  f.geometry.coordinates.map((_, i) => boxOf(f, i)),
);

/** Metres from (lon, lat) to the nearest outline edge (local equirectangular). */
function metresToOutline(lon: number, lat: number, boxes: Box[] = OUTLINES): number {
  const kx = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const [w, s, e, n] of boxes) {
    const dx = Math.max(w - lon, 0, lon - e) * kx;
    const dy = Math.max(s - lat, 0, lat - n);
    const outside = Math.hypot(dx, dy);
    const inner = Math.min((lon - w) * kx, (e - lon) * kx, lat - s, n - lat);
    best = Math.min(best, outside > 0 ? outside : inner);
  }
  return best * 111_195;
}

/** The exact answer from the rectangles (null outside both states). */
function exact(lon: number, lat: number) {
  const pick = (list: typeof FIXTURE.states) =>
    list.find(
      (f) =>
        inside(boxOf(f), lon, lat) &&
        !f.geometry.coordinates.slice(1).some((_, i) => inside(boxOf(f, i + 1), lon, lat)),
    );
  const state = pick(FIXTURE.states);
  if (!state) return null;
  return {
    stateCode: state.properties.geoid,
    countyGeoid: pick(FIXTURE.counties)?.properties.GEOID,
    districtGeoid: pick(FIXTURE.districts)?.properties.GEOID,
  };
}

let lookup: CensusLookup;
let built: ReturnType<typeof buildFixtureVersion>;
beforeAll(async () => {
  built = buildFixtureVersion();
  lookup = await CensusLookup.open(built.dir);
});
afterAll(() => lookup?.close());

const answer = async (lon: number, lat: number) => {
  const { record } = await lookup.lookup(lat, lon);
  return record
    ? { stateCode: record.stateCode, countyGeoid: record.countyGeoid, districtGeoid: record.districtGeoid }
    : null;
};
const lonArb = fc.double({ min: -100.3, max: -98.3, noNaN: true });
const latArb = fc.double({ min: 39.7, max: 41.3, noNaN: true });

describe("the compacted census cover", () => {
  it("answers exactly wherever the nearest outline is over 3 km away", async () => {
    await fc.assert(
      fc.asyncProperty(lonArb, latArb, async (lon, lat) => {
        fc.pre(metresToOutline(lon, lat) > 3000);
        expect(await answer(lon, lat)).toEqual(exact(lon, lat));
      }),
      { numRuns: 400 },
    );
  });

  it("answers exactly at resolution 9 beside the small county, over 300 m from any outline", async () => {
    const [w, s, e, n] = SMALL_COUNTY;
    const near = fc.tuple(
      fc.double({ min: w - 0.03, max: e + 0.03, noNaN: true }),
      fc.double({ min: s - 0.03, max: n + 0.03, noNaN: true }),
    );
    let fine = 0;
    await fc.assert(
      fc.asyncProperty(near, async ([lon, lat]) => {
        fc.pre(metresToOutline(lon, lat) > 300);
        const hit = await lookup.lookup(lat, lon);
        if (hit.resolution !== 9) return;
        fine++;
        expect(await answer(lon, lat)).toEqual(exact(lon, lat));
      }),
      { numRuns: 400 },
    );
    expect(fine).toBeGreaterThan(50);
  });

  it("flags no uncertainty over 6 km from every outline", async () => {
    await fc.assert(
      fc.asyncProperty(lonArb, latArb, async (lon, lat) => {
        fc.pre(metresToOutline(lon, lat) > 6000);
        expect((await lookup.lookup(lat, lon)).uncertain).toEqual({ county: false, district: false });
      }),
      { numRuns: 200 },
    );
  });

  it("flags the county within 100 m of the line between 01001 and 01003", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 40.1, max: 40.4, noNaN: true }),
        fc.double({ min: -0.0011, max: 0.0011, noNaN: true }),
        async (lat, d) => {
          const hit = await lookup.lookup(lat, -99.5 + d);
          expect(hit.uncertain.county).toBe(true);
          expect(hit.uncertain.district).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("flags the district within 100 m of the line between 0101 and 0102", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: -99.9, max: -99.6, noNaN: true }),
        fc.double({ min: -0.0009, max: 0.0009, noNaN: true }),
        async (lon, d) => {
          const hit = await lookup.lookup(40.5 + d, lon);
          expect(hit.uncertain.district).toBe(true);
          expect(hit.uncertain.county).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("answers the small county 250 m inside each side of its outline", async () => {
    const inset = 250 / 111_195;
    const kx = Math.cos((40.55 * Math.PI) / 180);
    for (const [lat, lon] of [
      [40.5 + inset, -99.25],
      [40.6 - inset, -99.25],
      [40.55, -99.3 + inset / kx],
      [40.55, -99.2 - inset / kx],
    ] as const) {
      expect((await lookup.lookup(lat, lon)).record?.countyGeoid).toBe("01005");
    }
  });

  it("answers the ZZ water district with its code", async () => {
    expect((await lookup.lookup(40.9, -98.8)).record).toMatchObject({
      districtGeoid: "02ZZ",
      districtCode: "ZZ",
    });
  });

  it("stores compacted coarse cells and a fine band, and is byte-identical when built again", () => {
    const res = Object.keys(built.result.stats.entriesByResolution);
    expect(res).toContain("5");
    expect(res).toContain("9 (fine band)");
    expect(Buffer.from(buildFixtureVersion().result.cells).equals(Buffer.from(built.result.cells))).toBe(
      true,
    );
  });
});
