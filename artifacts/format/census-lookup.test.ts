import { cellToCenterChild, getResolution, latLngToCell } from "h3-js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centreChildWords } from "./census-lookup.ts";
import { cellWords } from "./h3-key.ts";

describe("centreChildWords", () => {
  it("equals h3-js cellToCenterChild at resolution 9 for any resolution-7 cell", () => {
    fc.assert(
      fc.property(fc.double({ min: -89.9, max: 89.9, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lon) => {
        const cell7 = latLngToCell(lat, lon, 7);
        const child = cellToCenterChild(cell7, 9);
        expect(getResolution(child)).toBe(9);
        expect(centreChildWords(cell7)).toEqual(cellWords(child));
      }),
      { numRuns: 500 },
    );
  });
});
