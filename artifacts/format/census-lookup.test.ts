import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { cellToCenterChild, getResolution, latLngToCell } from "h3-js";
import { describe, expect, it } from "vitest";
import { buildFixtureVersion } from "../../test/support/census-fixtures.ts";
import { ArtifactError } from "./artifact-error.ts";
import { CellIndexWriter } from "./cell-index-writer.ts";
import { CensusLookup, centreChildWords } from "./census-lookup.ts";
import { CENSUS_FILES } from "./census-record.ts";
import { cellWords } from "./h3-key.ts";

describe("centreChildWords", () => {
  it("equals h3-js cellToCenterChild at resolution 9 for any resolution-7 cell", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const cell7 = latLngToCell(lat, lon, 7);
          const child = cellToCenterChild(cell7, 9);
          expect(getResolution(child)).toBe(9);
          expect(centreChildWords(cell7)).toEqual(cellWords(child));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("CensusLookup.open refuses", () => {
  const good = buildFixtureVersion().dir;
  const copy = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), "geo402-census-bad-"));
    for (const f of Object.values(CENSUS_FILES)) copyFileSync(path.join(good, f), path.join(dir, f));
    return dir;
  };

  it("a census.json without its vintage", async () => {
    const dir = copy();
    writeFileSync(path.join(dir, CENSUS_FILES.metadata), JSON.stringify({ coverage: {} }));
    await expect(CensusLookup.open(dir)).rejects.toThrow(ArtifactError);
  });

  it("a cell index of another resolution", async () => {
    const dir = copy();
    const writer = new CellIndexWriter({
      maxResolution: 7,
      strings: ["01|AA|Alpha|01001|West County|0101|01|7"],
    });
    writer.add(latLngToCell(40.2, -99.8, 7), 0);
    writeFileSync(path.join(dir, CENSUS_FILES.cells), writer.finish());
    await expect(CensusLookup.open(dir)).rejects.toThrow(/resolution 7, expected 9/);
  });

  it("a record table that is not census records", async () => {
    const dir = copy();
    const writer = new CellIndexWriter({ maxResolution: 9, strings: ["Europe/Paris"] });
    writer.add(latLngToCell(40.2, -99.8, 9), 0);
    writeFileSync(path.join(dir, CENSUS_FILES.cells), writer.finish());
    await expect(CensusLookup.open(dir)).rejects.toThrow(ArtifactError);
  });

  it("a truncated cell index", async () => {
    const dir = copy();
    writeFileSync(path.join(dir, CENSUS_FILES.cells), Buffer.alloc(40));
    await expect(CensusLookup.open(dir)).rejects.toThrow(ArtifactError);
  });
});
