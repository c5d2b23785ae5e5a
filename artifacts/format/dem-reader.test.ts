// The DEM format 3.0 on a small layer written tile by tile as sparse GeoTIFFs: tiles read back
// exactly (NaN voids, flags), "is there a tile" from the TIFF directory without a read, one read
// per tile then the cache, a flipped byte refused by the tile's CRC-32, the format 2.0 (one dense
// COG per layer) and metadata that does not fit refused at open.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ByteSource, MemorySource } from "./byte-source.ts";
import { CogTiles } from "./cog-tiles.ts";
import { DEM_FORMAT, DEM_METADATA_FILE, type DemMetadata, type DemTile } from "./dem-metadata.ts";
import { DemReader } from "./dem-reader.ts";
import { DemLayerWriter, demLayerFiles } from "./dem-writer.ts";

const T = 16;
const grid = { ppdX: 64, ppdY: 64, phaseX: 0, phaseY: 0 };

/** A tile whose heights depend on its position, with a void and pixels of two blocks and none. */
function tileAt(tx: number, ty: number): DemTile {
  return {
    values: Float32Array.from({ length: T * T }, (_, i) =>
      i === 5 ? Number.NaN : tx * 1000 + ty * 10 + i * 0.125 - 3,
    ),
    flags: Uint16Array.from({ length: T * T }, (_, i) => (i < 200 ? 1 + (i % 2) : 0)),
  };
}

// Tiles (100, 40) and (101, 41): the layer's files span 2 × 2 tiles, two of them unwritten.
const TILES = new Map([
  ["100,40", tileAt(100, 40)],
  ["101,41", tileAt(101, 41)],
]);

async function artifact(edit: (m: DemMetadata) => void = () => {}): Promise<Map<string, Uint8Array>> {
  const dir = await mkdtemp(path.join(tmpdir(), "dem-writer-"));
  const writer = new DemLayerWriter(dir, 0, grid, T);
  // In any order: here south-east first.
  for (const [key, tile] of [...TILES].reverse())
    writer.add(...(key.split(",").map(Number) as [number, number]), tile);
  const written = writer.finish();
  const files = demLayerFiles(0);
  const bytes = {
    heights: await readFile(path.join(dir, files.heights)),
    flags: await readFile(path.join(dir, files.flags)),
  };
  await rm(dir, { recursive: true });
  const meta: DemMetadata = {
    format: "geo402-dem",
    formatVersion: `${DEM_FORMAT.major}.${DEM_FORMAT.minor}`,
    datasets: [
      {
        id: "d",
        name: "d",
        publisher: "p",
        license: "l",
        verticalDatum: "EGM96",
        horizontalDatum: "WGS 84",
        url: "u",
        surface: "DTM",
      },
    ],
    blocks: [0, 1].map((b) => ({
      id: `b${b}`,
      dataset: 0,
      published: null,
      extent: [0, 0, 1, 1],
      core: [0, 0, 1, 1],
    })),
    layers: [
      {
        dataset: 0,
        grid,
        tileSize: T,
        wrapColumns: 360 * 64,
        bbox: [0, 0, 1, 1],
        arcSeconds: { longitude: 56.25, latitude: 56.25 },
        ...written,
      },
    ],
    coverage: { region: "r", boundary: "b", coastalBandMeters: 0, statement: "s" },
  };
  edit(meta);
  return new Map([
    [DEM_METADATA_FILE, new TextEncoder().encode(JSON.stringify(meta))],
    [files.heights, new Uint8Array(bytes.heights)],
    [files.flags, new Uint8Array(bytes.flags)],
  ]);
}

/** Opens the files from memory, counting reads per file. */
function opener(files: Map<string, Uint8Array>, reads: Map<string, number> = new Map()) {
  return async (name: string): Promise<ByteSource> => {
    const bytes = files.get(name);
    if (!bytes) throw new Error(`no file ${name}`);
    const inner = new MemorySource(bytes);
    return {
      size: inner.size,
      read: (offset, length) => {
        reads.set(name, (reads.get(name) ?? 0) + 1);
        return inner.read(offset, length);
      },
      close: () => {},
    };
  };
}

describe("DEM format 3.0 (sparse GeoTIFFs per layer, written tile by tile)", () => {
  it("reads every tile back exactly, once, then from its cache; absent tiles from the directory", async () => {
    const reads = new Map<string, number>();
    const reader = await DemReader.open(opener(await artifact(), reads));
    const atOpen = new Map(reads);
    expect(reader.hasTile(0, 100, 40)).toBe(true);
    expect(reader.hasTile(0, 101, 40)).toBe(false);
    expect(reader.hasTile(0, 99, 40)).toBe(false);
    expect(await reader.tile(0, 100, 41)).toBeUndefined();
    expect(reads).toEqual(atOpen);
    for (const [key, want] of TILES) {
      const [tx, ty] = key.split(",").map(Number) as [number, number];
      const got = (await reader.tile(0, tx, ty)) as DemTile;
      expect(Array.from(got.values)).toEqual(Array.from(want.values));
      expect(Array.from(got.flags)).toEqual(Array.from(want.flags));
    }
    expect(reader.blobReads).toBe(2);
    await reader.tile(0, 100, 40);
    expect(reader.blobReads).toBe(2);
    reader.dropCache();
    await reader.tile(0, 100, 40);
    expect(reader.blobReads).toBe(3);
    expect(reader.files).toEqual([DEM_METADATA_FILE, "dem-0-heights.tif", "dem-0-flags.tif"]);
    reader.close();
  });

  it.each(["heights", "flags"] as const)(
    "a flipped byte in a stored %s tile is output_corrupt, other tiles still read",
    async (kind) => {
      const files = await artifact();
      const name = demLayerFiles(0)[kind];
      const bytes = (files.get(name) as Uint8Array).slice();
      const cog = await CogTiles.open(new MemorySource(bytes), name);
      const raw = await cog.raw(cog.index(0, 0));
      // Both tiles' flags deflate to the same bytes; tile (100, 40) was written last.
      const at = Buffer.from(bytes).lastIndexOf(Buffer.from(raw)) + Math.floor(raw.length / 2);
      bytes[at] = (bytes[at] as number) ^ 0x01;
      files.set(name, bytes);
      const reader = await DemReader.open(opener(files));
      await expect(reader.tile(0, 100, 40)).rejects.toMatchObject({
        code: "output_corrupt",
        message: expect.stringMatching(new RegExp(`DEM tile 0/100/40 ${kind}: checksum mismatch`)),
      });
      expect((await reader.tile(0, 101, 41))?.values[0]).toBe(101 * 1000 + 41 * 10 - 3);
    },
  );

  it("refuses another format major, metadata that is not a DEM, and COGs that are not the layer's", async () => {
    const refused = async (edit: (m: DemMetadata) => void) =>
      DemReader.open(opener(await artifact(edit))).then(
        () => undefined,
        (err: { code: string; message: string }) => err,
      );
    expect(
      await refused((m) => {
        m.formatVersion = "2.0";
      }),
    ).toMatchObject({
      code: "unsupported_format_version",
      message: expect.stringMatching(/DEM format 2\.0; this reader knows 3\.x/),
    });
    expect(
      await refused((m) => {
        (m as { format: string }).format = "other";
      }),
    ).toMatchObject({
      code: "malformed",
      message: expect.stringMatching(/not geo402-dem/),
    });
    expect(
      await refused((m) => {
        m.layers[0]!.tiles.across = 3;
      }),
    ).toMatchObject({ code: "malformed" });
    expect(
      await refused((m) => {
        m.layers[0]!.tiles.x0 = 99;
      }),
    ).toMatchObject({
      code: "malformed",
      message: expect.stringMatching(/georeferencing/),
    });
    expect(
      await refused((m) => {
        const l = m.layers[0]!;
        [l.heights.file, l.flags.file] = [l.flags.file, l.heights.file];
        [l.heights.crc32, l.flags.crc32] = [l.flags.crc32, l.heights.crc32];
      }),
    ).toMatchObject({ code: "malformed", message: expect.stringMatching(/uint16 samples, not float32/) });
  });
});
