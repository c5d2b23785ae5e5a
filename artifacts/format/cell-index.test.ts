import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { cellToChildren, cellToParent, compactCells, getResolution, latLngToCell } from "h3-js";
import { describe, expect, it } from "vitest";
import { FileSource, MemorySource } from "./byte-source.ts";
import { CellIndexReader } from "./cell-index-reader.ts";
import { CellIndexWriter } from "./cell-index-writer.ts";

const SF = latLngToCell(37.7749, -122.4194, 6);

function indexOf(pairs: [string, number][], strings: string[], blockEntries = 4): CellIndexReader {
  const w = new CellIndexWriter({ maxResolution: 6, strings, blockEntries });
  for (const [cell, value] of pairs) w.add(cell, value);
  return new CellIndexReader(new MemorySource(w.finish()));
}

describe("cell index", () => {
  it("answers a compacted parent for every one of its resolution-6 children and nothing outside", () => {
    const parent = cellToParent(SF, 3);
    const reader = indexOf([[parent, 1]], ["ocean", "America/Los_Angeles"]);
    for (const child of cellToChildren(parent, 6)) {
      const hit = reader.lookupCell(child);
      expect(hit?.resolution).toBe(3);
      expect(reader.string(hit!.value)).toBe("America/Los_Angeles");
    }
    expect(reader.lookupLatLng(40.7128, -74.006)).toBeUndefined();
    expect(reader.cellAt(0)).toBe(parent);
  });

  it("pentagon cells and their children (base cell 4) round-trip", () => {
    const pentagon = "8009fffffffffff";
    const reader = indexOf([[pentagon, 0]], ["p"]);
    const kids = cellToChildren(pentagon, 6);
    expect(kids.every((k) => reader.lookupCell(k)?.value === 0)).toBe(true);
  });

  it("looks up finer cells through their resolution-6 parent", () => {
    const reader = indexOf([[SF, 7]], []);
    expect(reader.lookupCell(latLngToCell(37.7749, -122.4194, 10))?.value).toBe(7);
    expect(() => reader.lookupCell(cellToParent(SF, 5))).toThrow(RangeError);
  });

  it("refuses overlapping cells (a parent and its child)", () => {
    const w = new CellIndexWriter({ maxResolution: 6 });
    w.add(cellToParent(SF, 4), 1);
    w.add(SF, 2);
    expect(() => w.finish()).toThrow(/overlap/);
  });

  it("same pairs in any order give the same bytes", () => {
    const cells = cellToChildren(cellToParent(SF, 4), 6).slice(0, 40);
    const a = new CellIndexWriter({ maxResolution: 6 });
    const b = new CellIndexWriter({ maxResolution: 6 });
    for (const [i, c] of cells.entries()) a.add(c, i % 5);
    for (const c of [...cells].reverse()) b.add(c, cells.indexOf(c) % 5);
    expect(Buffer.from(a.finish()).equals(Buffer.from(b.finish()))).toBe(true);
  });

  it("property: compacted index answers exactly the value of the resolution-6 cell of random points", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -80, max: 80, noNaN: true }),
            fc.double({ min: -180, max: 180, noNaN: true }),
          ),
          { minLength: 1, maxLength: 25 },
        ),
        fc.integer({ min: 1, max: 64 }),
        (seeds, blockEntries) => {
          // Regions: all res-6 children of the res-4 cells of the seeds, valued by seed order.
          const truth = new Map<string, number>();
          seeds.forEach(([lat, lng], i) => {
            for (const c of cellToChildren(cellToParent(latLngToCell(lat, lng, 6), 4), 6))
              if (!truth.has(c)) truth.set(c, i);
          });
          const byValue = new Map<number, string[]>();
          for (const [c, v] of truth) byValue.set(v, [...(byValue.get(v) ?? []), c]);
          const w = new CellIndexWriter({ maxResolution: 6, blockEntries });
          for (const [v, cells] of byValue) for (const c of compactCells(cells)) w.add(c, v);
          const reader = new CellIndexReader(new MemorySource(w.finish()));
          for (const [c, v] of truth) if (reader.lookupCell(c)?.value !== v) return false;
          // A neighbour region not in the index answers nothing.
          const [lat, lng] = seeds[0]!;
          const far = latLngToCell(-lat, lng > 0 ? lng - 180 : lng + 180, 6);
          return truth.has(far) || reader.lookupCell(far) === undefined;
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads the same through a file source as from memory, with 1-, 2- and 4-byte values", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "geo402-cidx-"));
    try {
      for (const max of [200, 60_000, 100_000]) {
        const w = new CellIndexWriter({ maxResolution: 6 });
        const cells = cellToChildren(cellToParent(SF, 4), 6);
        for (const [i, c] of cells.entries()) w.add(c, (i * 7919) % (max + 1));
        const file = path.join(dir, `${max}.h3i`);
        await writeFile(file, w.finish());
        const src = new FileSource(file);
        const reader = new CellIndexReader(src);
        for (const [i, c] of cells.entries())
          expect(reader.lookupCell(c)?.value).toBe((i * 7919) % (max + 1));
        expect(getResolution(reader.cellAt(0))).toBe(6);
        reader.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a wrong magic, an unknown format major and a truncated file", () => {
    const bytes = new CellIndexWriter({ maxResolution: 6, strings: ["a"] }).finish();
    const badMagic = bytes.slice();
    badMagic[0] = 0x58;
    expect(() => new CellIndexReader(new MemorySource(badMagic))).toThrow(
      expect.objectContaining({ code: "bad_magic" }),
    );
    const v2 = bytes.slice();
    v2[8] = 2;
    expect(() => new CellIndexReader(new MemorySource(v2))).toThrow(
      expect.objectContaining({ code: "unsupported_format_version" }),
    );
    expect(() => new CellIndexReader(new MemorySource(bytes.slice(0, bytes.length - 8)))).toThrow(
      expect.objectContaining({ code: "truncated" }),
    );
  });

  it("an empty index answers nothing", () => {
    const reader = new CellIndexReader(new MemorySource(new CellIndexWriter({ maxResolution: 6 }).finish()));
    expect(reader.entryCount).toBe(0);
    expect(reader.lookupCell(SF)).toBeUndefined();
  });

  it("checks each block and string against its CRC-32 when read from a file, after open", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "geo402-h3i-crc-"));
    try {
      const cells = cellToChildren(cellToParent(SF, 4), 6).slice(0, 12);
      const w = new CellIndexWriter({ maxResolution: 6, strings: ["a", "b"], blockEntries: 4 });
      cells.forEach((c, i) => {
        w.add(c, i % 2);
      });
      const bytes = w.finish();
      const file = path.join(dir, "x.h3i");
      await writeFile(file, bytes);
      const reader = new CellIndexReader(new FileSource(file));
      const sorted = [...cells].sort();
      const view = new DataView(bytes.buffer);
      const keysOffset = Number(view.getBigUint64(40, true));
      const stringBytesOffset = Number(view.getBigUint64(72, true));
      const damaged = bytes.slice();
      damaged[keysOffset + 4 * 8 + 2] = (damaged[keysOffset + 4 * 8 + 2] as number) ^ 0x10; // block 1
      damaged[stringBytesOffset + 1] = (damaged[stringBytesOffset + 1] as number) ^ 0x01; // string "b"
      await writeFile(file, damaged);
      expect(reader.lookupCell(sorted[0] as string)?.value).toBe(cells.indexOf(sorted[0] as string) % 2);
      expect(() => reader.lookupCell(sorted[5] as string)).toThrow(
        expect.objectContaining({ code: "output_corrupt" }),
      );
      expect(reader.string(0)).toBe("a");
      expect(() => reader.string(1)).toThrow(expect.objectContaining({ code: "output_corrupt" }));
      // Held in memory, the same damage is refused when the damaged block or string is first used.
      const inMemory = new CellIndexReader(new MemorySource(damaged));
      expect(inMemory.lookupCell(sorted[0] as string)?.value).toBe(cells.indexOf(sorted[0] as string) % 2);
      expect(() => inMemory.lookupCell(sorted[5] as string)).toThrow(
        expect.objectContaining({ code: "output_corrupt" }),
      );
      expect(() => inMemory.string(1)).toThrow(expect.objectContaining({ code: "output_corrupt" }));
      reader.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
