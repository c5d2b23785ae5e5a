import {
  cellToChildren,
  cellToLatLng,
  cellToParent,
  getPentagons,
  greatCircleDistance,
  gridDisk,
  latLngToCell,
} from "h3-js";
import { describe, expect, it } from "vitest";
import { COMPACT_IDS, cellOfCompact, compactOf } from "../lib/res6-grid.ts";
import { coastalBand } from "./coastal-band.ts";

describe("coastal band", () => {
  it("the block shortcut holds: every neighbour of a res-6 descendant of a res-4 cell descends from that cell or a neighbour", () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const blocks = [
      ...getPentagons(4),
      ...Array.from({ length: 150 }, () => latLngToCell(-89 + 178 * random(), -180 + 360 * random(), 4)),
    ];
    for (const block of blocks) {
      const near = new Set(gridDisk(block, 1));
      for (const child of cellToChildren(block, 6)) {
        for (const n of gridDisk(child, 1)) expect(near.has(cellToParent(n, 4))).toBe(true);
      }
    }
  });

  it("an island's band reaches about 60 km, takes the nearest of two zones and stops", () => {
    const land = new Uint16Array(COMPACT_IDS);
    const west = latLngToCell(10, 100, 6);
    const east = latLngToCell(10, 102, 6);
    land[compactOf(west)] = 1;
    land[compactOf(east)] = 2;
    const band = coastalBand(land, 60_000, () => {});
    const at = (lat: number, lon: number) => band.grid[compactOf(latLngToCell(lat, lon, 6))];
    expect(at(10, 100.3)).toBe(1); // ≈ 33 km east of the west island
    expect(at(10, 101.7)).toBe(2); // ≈ 33 km west of the east island
    expect(at(10.7, 100)).toBe(0); // ≈ 78 km north: outside the band
    expect(band.grid[compactOf(west)]).toBe(0); // land itself is not band
    const islands = [cellToLatLng(west), cellToLatLng(east)];
    let count = 0;
    for (let c = 0; c < COMPACT_IDS; c++) {
      const zone = band.grid[c]!;
      if (zone === 0) continue;
      count++;
      const centre = cellToLatLng(cellOfCompact(c));
      const d = islands.map((i) => greatCircleDistance(centre, i, "m"));
      expect(d[zone - 1]).toBeLessThanOrEqual(60_000);
      expect(d[zone - 1]).toBeLessThanOrEqual(Math.min(...d) + 1e-6);
    }
    expect(band.cells).toBe(count);
  });
});
