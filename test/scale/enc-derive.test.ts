// The byte-level derivation of a synthetic ENC cell: read back by the ingest's own S-57 reader and
// catalogue reader, every feature of the real cell is there, moved by exactly the offset, under the
// new name, and the catalogue lists the new file with its CRC-32 (the build checks it).
import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { catalogCell, readCatalog } from "../../ingest/enc/enc-catalog.ts";
import { readEncCell } from "../../ingest/enc/enc-cell.ts";
import { deriveCell } from "./enc-derive.ts";

const encDir = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data/enc",
);
const read = (cell: string, file: string) =>
  new Uint8Array(readFileSync(path.join(encDir, `${cell}_ENC_ROOT`, file)));

// US5AK5QF: its catalogue stores the CRC without its leading zeros (6 digits).
describe.each(["US3AK12M", "US5AK5SI", "US5AK5QF"])("a cell derived from %s", (source) => {
  const cell = read(source, `${source}/${source}.000`);
  const catalog = read(source, "CATALOG.031");
  const derived = deriveCell(cell, catalog, source, `${source.slice(0, 3)}SYN0A`, 16.75, -0.9);
  const real = readEncCell(cell);
  const moved = readEncCell(derived.cell);

  it("keeps every feature and moves every sounding by the offset", () => {
    expect(moved.info.name).toBe(`${source.slice(0, 3)}SYN0A.000`);
    expect(moved.soundings).toHaveLength(real.soundings.length);
    expect(moved.depthAreas).toHaveLength(real.depthAreas.length);
    expect(moved.hazards).toHaveLength(real.hazards.length);
    for (const [i, s] of real.soundings.entries()) {
      const m = moved.soundings[i] as number[];
      // east: the offset plus the nudges that make the new CRC fit the catalogue's width (1e-7° each)
      expect(Math.abs((m[0] as number) - (s[0] as number) - 16.75)).toBeLessThan(1e-3);
      expect(m[1]).toBeCloseTo((s[1] as number) - 0.9, 9);
      expect(m[2]).toBe(s[2]);
    }
    expect(derived.positions).toBeGreaterThan(real.soundings.length);
  });

  it("is listed in its catalogue under the new name with its CRC", () => {
    const entry = catalogCell(readCatalog(derived.catalog), `${source.slice(0, 3)}SYN0A`);
    expect(entry.crc).toBe(crc32(derived.cell).toString(16).toUpperCase().padStart(8, "0"));
  });
});
