import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileSource, MemorySource } from "./byte-source.ts";
import { TileContainerReader, TileContainerWriter, tileKey } from "./tile-container.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "geo402-tiles-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("tile container", () => {
  it("finds blobs added in any order, including an empty one, and keeps metadata", async () => {
    const file = path.join(dir, "a.g4t");
    const w = new TileContainerWriter(file);
    w.add(tileKey(3, 5, 1), new Uint8Array([1, 2, 3]));
    w.add(tileKey(0, 0, 0), new Uint8Array([]));
    w.add(tileKey(12, 268435455, 7), new TextEncoder().encode("max x"));
    w.finish({ grid: "geographic", pixelDegrees: 1 / 1800 });
    const r = await TileContainerReader.open(await FileSource.open(file));
    expect(r.size).toBe(3);
    expect([...(await r.get(tileKey(3, 5, 1)))!]).toEqual([1, 2, 3]);
    expect((await r.get(tileKey(0, 0, 0)))!.length).toBe(0);
    expect(new TextDecoder().decode(await r.get(tileKey(12, 268435455, 7)))).toBe("max x");
    expect(await r.get(tileKey(3, 5, 2))).toBeUndefined();
    expect(r.metadata).toEqual({ grid: "geographic", pixelDegrees: 1 / 1800 });
    expect([...r.keys()]).toEqual([tileKey(0, 0, 0), tileKey(3, 5, 1), tileKey(12, 268435455, 7)]);
    r.close();
  });

  it("refuses duplicate keys and coordinates outside the key layout", () => {
    const w = new TileContainerWriter(path.join(dir, "dup.g4t"));
    w.add(1n, new Uint8Array([1]));
    expect(() => w.add(1n, new Uint8Array([2]))).toThrow(/duplicate/);
    w.finish();
    expect(() => tileKey(1, 2 ** 28, 0)).toThrow(RangeError);
  });

  it("refuses a wrong magic, an unknown major and a truncated file", async () => {
    const file = path.join(dir, "b.g4t");
    const w = new TileContainerWriter(file);
    w.add(5n, new Uint8Array([9]));
    w.finish();
    const bytes = new Uint8Array(await readFile(file));
    const bad = bytes.slice();
    bad[1] = 0;
    await expect(TileContainerReader.open(new MemorySource(bad))).rejects.toMatchObject({
      code: "bad_magic",
    });
    const v9 = bytes.slice();
    v9[8] = 9;
    await expect(TileContainerReader.open(new MemorySource(v9))).rejects.toMatchObject({
      code: "unsupported_format_version",
    });
    await writeFile(file, bytes.slice(0, bytes.length - 1));
    const truncated = await FileSource.open(file);
    await expect(TileContainerReader.open(truncated)).rejects.toMatchObject({ code: "truncated" });
    truncated.close();
  });

  it("checks every blob's CRC-32 on read: a byte changed on disk after open is refused, others still read", async () => {
    const file = path.join(dir, "crc.g4t");
    const w = new TileContainerWriter(file);
    w.add(1n, new Uint8Array([1, 2, 3, 4]));
    w.add(2n, new Uint8Array([5, 6, 7, 8]));
    w.finish({ m: 1 });
    const r = await TileContainerReader.open(await FileSource.open(file));
    const bytes = new Uint8Array(await readFile(file));
    bytes[64 + 1] = (bytes[64 + 1] as number) ^ 0xff; // inside the first blob (data starts at 64)
    await writeFile(file, bytes);
    await expect(r.get(1n)).rejects.toMatchObject({ code: "output_corrupt" });
    expect([...((await r.get(2n)) as Uint8Array)]).toEqual([5, 6, 7, 8]);
    r.close();
  });

  it("checks directory and metadata at open, and refuses 1.0 files (no checksums)", async () => {
    const file = path.join(dir, "crc-dir.g4t");
    const w = new TileContainerWriter(file);
    w.add(1n, new Uint8Array([1]));
    w.finish({ m: 1 });
    const bytes = new Uint8Array(await readFile(file));
    const lastMeta = bytes.slice();
    lastMeta[lastMeta.length - 2] = 0x32; // {"m":1} → {"m":2}: still JSON, but not what was written
    await expect(TileContainerReader.open(new MemorySource(lastMeta))).rejects.toMatchObject({
      code: "output_corrupt",
    });
    const v10 = bytes.slice();
    v10[10] = 0;
    await expect(TileContainerReader.open(new MemorySource(v10))).rejects.toMatchObject({
      code: "unsupported_format_version",
    });
  });
});
