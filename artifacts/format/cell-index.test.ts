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

function indexOf(pairs: [string, number][], strings: string[], blockEntries = 4): Promise<CellIndexReader> {
  const w = new CellIndexWriter({ maxResolution: 6, strings, blockEntries });
  for (const [cell, value] of pairs) w.add(cell, value);
  return CellIndexReader.open(new MemorySource(w.finish()));
}

describe("cell index", () => {
  it("answers a compacted parent for every one of its resolution-6 children and nothing outside", async () => {
    const parent = cellToParent(SF, 3);
    const reader = await indexOf([[parent, 1]], ["ocean", "America/Los_Angeles"]);
    for (const child of cellToChildren(parent, 6)) {
      const hit = await reader.lookupCell(child);
      expect(hit?.resolution).toBe(3);
      expect(await reader.string(hit!.value)).toBe("America/Los_Angeles");
    }
    expect(await reader.lookupLatLng(40.7128, -74.006)).toBeUndefined();
    expect(await reader.cellAt(0)).toBe(parent);
  });

  it("pentagon cells and their children (base cell 4) round-trip", async () => {
    const pentagon = "8009fffffffffff";
    const reader = await indexOf([[pentagon, 0]], ["p"]);
    const kids = cellToChildren(pentagon, 6);
    let answered = 0;
    for (const k of kids) if ((await reader.lookupCell(k))?.value === 0) answered++;
    expect(answered).toBe(kids.length);
  });

  it("looks up finer cells through their resolution-6 parent", async () => {
    const reader = await indexOf([[SF, 7]], []);
    expect((await reader.lookupCell(latLngToCell(37.7749, -122.4194, 10)))?.value).toBe(7);
    await expect(reader.lookupCell(cellToParent(SF, 5))).rejects.toThrow(RangeError);
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

  it("property: compacted index answers exactly the value of the resolution-6 cell of random points", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.double({ min: -80, max: 80, noNaN: true }),
            fc.double({ min: -180, max: 180, noNaN: true }),
          ),
          { minLength: 1, maxLength: 25 },
        ),
        fc.integer({ min: 1, max: 64 }),
        async (seeds, blockEntries) => {
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
          const reader = await CellIndexReader.open(new MemorySource(w.finish()));
          for (const [c, v] of truth) if ((await reader.lookupCell(c))?.value !== v) return false;
          // A neighbour region not in the index answers nothing.
          const [lat, lng] = seeds[0]!;
          const far = latLngToCell(-lat, lng > 0 ? lng - 180 : lng + 180, 6);
          return truth.has(far) || (await reader.lookupCell(far)) === undefined;
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
        const reader = await CellIndexReader.open(await FileSource.open(file));
        for (const [i, c] of cells.entries())
          expect((await reader.lookupCell(c))?.value).toBe((i * 7919) % (max + 1));
        expect(getResolution(await reader.cellAt(0))).toBe(6);
        reader.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a wrong magic, an unknown format major and a truncated file", async () => {
    const bytes = new CellIndexWriter({ maxResolution: 6, strings: ["a"] }).finish();
    const badMagic = bytes.slice();
    badMagic[0] = 0x58;
    await expect(CellIndexReader.open(new MemorySource(badMagic))).rejects.toMatchObject({
      code: "bad_magic",
    });
    const v2 = bytes.slice();
    v2[8] = 2;
    await expect(CellIndexReader.open(new MemorySource(v2))).rejects.toMatchObject({
      code: "unsupported_format_version",
    });
    await expect(
      CellIndexReader.open(new MemorySource(bytes.slice(0, bytes.length - 8))),
    ).rejects.toMatchObject({ code: "truncated" });
  });

  it("an empty index answers nothing", async () => {
    const reader = await CellIndexReader.open(
      new MemorySource(new CellIndexWriter({ maxResolution: 6 }).finish()),
    );
    expect(reader.entryCount).toBe(0);
    expect(await reader.lookupCell(SF)).toBeUndefined();
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
      const reader = await CellIndexReader.open(await FileSource.open(file));
      const sorted = [...cells].sort();
      const view = new DataView(bytes.buffer);
      const keysOffset = Number(view.getBigUint64(40, true));
      const stringBytesOffset = Number(view.getBigUint64(72, true));
      const damaged = bytes.slice();
      damaged[keysOffset + 4 * 8 + 2] = (damaged[keysOffset + 4 * 8 + 2] as number) ^ 0x10; // block 1
      damaged[stringBytesOffset + 1] = (damaged[stringBytesOffset + 1] as number) ^ 0x01; // string "b"
      await writeFile(file, damaged);
      expect((await reader.lookupCell(sorted[0] as string))?.value).toBe(
        cells.indexOf(sorted[0] as string) % 2,
      );
      await expect(reader.lookupCell(sorted[5] as string)).rejects.toMatchObject({ code: "output_corrupt" });
      expect(await reader.string(0)).toBe("a");
      await expect(reader.string(1)).rejects.toMatchObject({ code: "output_corrupt" });
      // Held in memory, the same damage is refused when the damaged block or string is first used.
      const inMemory = await CellIndexReader.open(new MemorySource(damaged));
      expect((await inMemory.lookupCell(sorted[0] as string))?.value).toBe(
        cells.indexOf(sorted[0] as string) % 2,
      );
      await expect(inMemory.lookupCell(sorted[5] as string)).rejects.toMatchObject({
        code: "output_corrupt",
      });
      await expect(inMemory.string(1)).rejects.toMatchObject({ code: "output_corrupt" });
      reader.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
