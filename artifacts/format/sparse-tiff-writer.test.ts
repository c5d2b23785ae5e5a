// The sparse tiled GeoTIFF writer on its edges: tiles in any order read back through cog-tiles.ts
// with the unwritten ones empty, a file with no tile is one unwritten tile at (0, 0), and a tile
// given twice or of the wrong size is refused rather than written.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemorySource } from "./byte-source.ts";
import { CogTiles } from "./cog-tiles.ts";
import { type SparseTiffSpec, SparseTiffWriter } from "./sparse-tiff-writer.ts";

const T = 16;
const spec: SparseTiffSpec = {
  tileSize: T,
  sample: "uint16",
  west: (tx) => tx - 180,
  north: (ty) => 90 - ty,
  resX: 1 / T,
  resY: 1 / T,
};
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sparse-tiff-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tile = (seed: number) => Uint16Array.from({ length: T * T }, (_, i) => (seed * 7919 + i * i) % 65536);
const open = async (file: string) => CogTiles.open(new MemorySource(await readFile(file)), file);

describe("SparseTiffWriter", () => {
  it("tiles written south-east first span their bounding range; the others are unwritten", async () => {
    const file = path.join(dir, "range.tif");
    const w = new SparseTiffWriter(file, spec);
    w.add(12, 7, tile(2));
    w.add(10, 5, tile(1));
    const done = w.finish();
    expect(done.range).toEqual({ x0: 10, y0: 5, across: 3, down: 3 });
    expect(done.crc32.filter((c) => c !== 0)).toHaveLength(2);
    const cog = await open(file);
    expect(cog.layout).toMatchObject({ width: 3 * T, height: 3 * T, tileSize: T, west: -170, north: 85 });
    expect(Array.from(cog.decode(await cog.raw(cog.index(0, 0)), 0))).toEqual(Array.from(tile(1)));
    expect(Array.from(cog.decode(await cog.raw(cog.index(2, 2)), 0))).toEqual(Array.from(tile(2)));
    expect(cog.stored(cog.index(1, 1))).toBe(false);
  });

  it("a file with no tile is one unwritten tile at (0, 0)", async () => {
    const file = path.join(dir, "empty.tif");
    const done = new SparseTiffWriter(file, { ...spec, sample: "float32", noData: Number.NaN }).finish();
    expect(done).toMatchObject({ range: { x0: 0, y0: 0, across: 1, down: 1 }, crc32: [0] });
    const cog = await open(file);
    expect(cog.stored(0)).toBe(false);
    expect(Number.isNaN(cog.decode(await cog.raw(0), Number.NaN)[0])).toBe(true);
  });

  it("refuses a tile given twice and a tile of the wrong size", () => {
    const w = new SparseTiffWriter(path.join(dir, "refused.tif"), spec);
    w.add(0, 0, tile(0));
    expect(() => w.add(0, 0, tile(0))).toThrow(/written twice/);
    expect(() => w.add(1, 0, new Uint16Array(T))).toThrow(RangeError);
    w.abandon();
  });
});
