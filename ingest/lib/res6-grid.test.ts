import fc from "fast-check";
import { cellToChildren, cellToParent, compactCells, isValidCell, latLngToCell } from "h3-js";
import { describe, expect, it } from "vitest";
import { bigIntToCell } from "../../artifacts/format/h3-key.ts";
import {
  COMPACT_IDS,
  cellOfCompact,
  cellOfPrefix,
  compactGrid,
  compactOf,
  isCellPrefix,
} from "./res6-grid.ts";

describe("res-6 compact ids", () => {
  it("round-trip hex ↔ compact id, including a pentagon's children", () => {
    const cells = [
      latLngToCell(0, 0, 6),
      latLngToCell(-89.9, 179.9, 6),
      ...cellToChildren("8009fffffffffff", 6).slice(0, 50),
    ];
    for (const c of cells) {
      const id = compactOf(c);
      expect(id).toBeLessThan(COMPACT_IDS);
      expect(cellOfCompact(id)).toBe(c);
    }
  });

  it("a fully covered pentagon compacts to the pentagon itself (its deleted K child ignored)", () => {
    const grid = new Uint16Array(COMPACT_IDS);
    for (const c of cellToChildren("8009fffffffffff", 6)) grid[compactOf(c)] = 3;
    expect(compactGrid(grid).map((e) => [bigIntToCell(e.cell), e.value])).toEqual([["8009fffffffffff", 2]]);
  });

  it("property: compactGrid equals h3-js compactCells on random regions", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -85, max: 85, noNaN: true }),
            fc.double({ min: -180, max: 180, noNaN: true }),
            fc.integer({ min: 2, max: 6 }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (seeds) => {
          const grid = new Uint16Array(COMPACT_IDS);
          const cells = new Set<string>();
          for (const [lat, lng, r] of seeds)
            for (const c of cellToChildren(cellToParent(latLngToCell(lat, lng, 6), r), 6)) cells.add(c);
          for (const c of cells) grid[compactOf(c)] = 1;
          const ours = compactGrid(grid)
            .map((e) => bigIntToCell(e.cell))
            .sort();
          const theirs = compactCells([...cells]).sort();
          return JSON.stringify(ours) === JSON.stringify(theirs);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe("isCellPrefix", () => {
  it("agrees with h3-js isValidCell on every resolution-2 prefix of a pentagon and a hexagon base cell", () => {
    for (const base of [4, 5]) {
      for (let digits = 0; digits < 64; digits++) {
        const prefix = base * 64 + digits;
        expect(isCellPrefix(prefix, 2)).toBe(isValidCell(bigIntToCell(cellOfPrefix(prefix, 2))));
      }
    }
  });
});
