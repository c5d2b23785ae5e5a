import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { nauticalZone, TimezoneLookup } from "./timezone-lookup.ts";

describe("nautical rule", () => {
  it("15° bands centred on multiples of 15°, boundary meridians going east, ±180 split", () => {
    expect(nauticalZone(0)).toBe("Etc/GMT");
    expect(nauticalZone(-7.5)).toBe("Etc/GMT");
    expect(nauticalZone(7.5)).toBe("Etc/GMT-1");
    expect(nauticalZone(-160)).toBe("Etc/GMT+11");
    expect(nauticalZone(-172.5)).toBe("Etc/GMT+11");
    expect(nauticalZone(172.5)).toBe("Etc/GMT-12");
    expect(nauticalZone(180)).toBe("Etc/GMT-12");
    expect(nauticalZone(-180)).toBe("Etc/GMT+12");
  });
});

describe("built timezone artifact", () => {
  let lookup: TimezoneLookup;
  beforeAll(async () => {
    lookup = await TimezoneLookup.open((await builtFamily("timezone")).dir);
  });
  afterAll(() => lookup?.close());

  it("the 1° fast grid answers exactly as the cell indexes on 50000 seeded points, and on square corners", async () => {
    let seed = 99;
    const random = () => {
      seed = (Math.imul(seed, 22695477) + 1) >>> 0;
      return seed / 2 ** 32;
    };
    const points: [number, number][] = [];
    for (let i = 0; i < 50_000; i++)
      points.push([(Math.asin(2 * random() - 1) * 180) / Math.PI, -180 + 360 * random()]);
    for (let lat = -84; lat <= 84; lat += 7)
      for (let lon = -180; lon <= 180; lon += 13) points.push([lat, lon]);
    const differ: [number, number][] = [];
    for (const [lat, lon] of points)
      if (
        JSON.stringify(await lookup.lookup(lat, lon)) !== JSON.stringify(await lookup.lookupCells(lat, lon))
      )
        differ.push([lat, lon]);
    expect(differ).toEqual([]);
  });

  it("a file-read lookup answers as the in-memory one", async () => {
    const file = await TimezoneLookup.open((await builtFamily("timezone")).dir, "file");
    try {
      for (const [lat, lon] of [
        [61.2181, -149.9003],
        [36, -122.2],
        [0, -160],
        [-33.8688, 151.2093],
      ] as const) {
        expect(await file.lookupCells(lat, lon)).toEqual(await lookup.lookupCells(lat, lon));
      }
    } finally {
      file.close();
    }
  });
});
