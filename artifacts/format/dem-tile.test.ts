import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import geographiclib from "geographiclib-geodesic";
import { describe, expect, it } from "vitest";
import { type ByteSource, MemorySource, openByteSource } from "./byte-source.ts";
import { edgePhase, pixelSizeMeters, toPixel } from "./dem-grid.ts";
import { DemReader } from "./dem-reader.ts";
import {
  DEM_FORMAT,
  type DemMetadata,
  type DemTile,
  decodeDemTile,
  encodeDemTile,
  NO_BLOCK,
} from "./dem-tile.ts";
import { TileContainerReader, TileContainerWriter, tileKey } from "./tile-container.ts";

const { Geodesic } = geographiclib;

const tile = (blocks: number[]): DemTile => ({
  size: 4,
  blocks,
  values: Float32Array.from({ length: 16 }, (_, i) => (i === 5 ? Number.NaN : i * 1.5 - 3)),
  coverage: Uint8Array.from({ length: 16 }, (_, i) => (i < 12 ? 1 : 0)),
  slots: blocks.length > 1 ? Uint8Array.from({ length: 16 }, (_, i) => (i < 15 ? i % 2 : NO_BLOCK)) : null,
});

describe("DEM tile blob", () => {
  it("round-trips heights (NaN voids), coverage flags and per-pixel blocks", () => {
    for (const blocks of [[3], [1, 7]]) {
      const back = decodeDemTile(encodeDemTile(tile(blocks)), 4, 8);
      const want = tile(blocks);
      expect(back.blocks).toEqual(blocks);
      expect(Array.from(back.values)).toEqual(Array.from(want.values));
      expect(back.coverage).toEqual(want.coverage);
      expect(back.slots).toEqual(want.slots);
    }
  });
  it("refuses a wrong magic, a wrong size, a truncated body and a block out of range", () => {
    expect(() => decodeDemTile(deflateSync(new Uint8Array(40)), 4, 8)).toThrow(/magic/);
    expect(() => decodeDemTile(encodeDemTile(tile([3])), 8, 8)).toThrow(/pixels wide/);
    expect(() => decodeDemTile(encodeDemTile(tile([3])), 4, 2)).toThrow(/block 3/);
    const raw = encodeDemTile(tile([3]));
    expect(() => decodeDemTile(raw.subarray(0, raw.length - 10), 4, 8)).toThrow();
  });
});

describe("DemReader", () => {
  const meta = (version: string): DemMetadata => ({
    format: "geo402-dem",
    formatVersion: version,
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
    blocks: [{ id: "b", dataset: 0, published: null, extent: [0, 0, 1, 1], core: [0, 0, 1, 1] }],
    layers: [
      {
        dataset: 0,
        grid: { ppdX: 4, ppdY: 4, phaseX: 0, phaseY: 0 },
        tileSize: 4,
        wrapColumns: 1440,
        bbox: [0, 0, 1, 1],
        arcSeconds: { longitude: 900, latitude: 900 },
      },
    ],
    coverage: { region: "r", boundary: "b", coastalBandMeters: 0, statement: "s" },
  });
  const write = async (version: string) => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "geo402-demtile-")), "dem.g4t");
    const w = new TileContainerWriter(file);
    w.add(tileKey(0, 180, 89), encodeDemTile(tile([0])));
    w.finish(meta(version));
    return file;
  };
  it("reads a tile once, then from its cache; counts blob reads; answers absent tiles from the directory", async () => {
    const reader = new DemReader(
      await TileContainerReader.open(await openByteSource(await write(`${DEM_FORMAT.major}.0`), "file")),
    );
    expect(reader.hasTile(0, 180, 89)).toBe(true);
    expect(reader.hasTile(0, 1, 1)).toBe(false);
    expect(reader.blobReads).toBe(0);
    expect((await reader.tile(0, 180, 89))?.values[1]).toBe(-1.5);
    await reader.tile(0, 180, 89);
    expect(reader.blobReads).toBe(1);
    expect(await reader.tile(0, 1, 1)).toBeUndefined();
    reader.dropCache();
    await reader.tile(0, 180, 89);
    expect(reader.blobReads).toBe(2);
    reader.close();
  });
  it("refuses an unknown format major and a container that is not a DEM", async () => {
    const newer = await write("2.0");
    const open = async (source: ByteSource) => new DemReader(await TileContainerReader.open(source));
    await expect(open(await openByteSource(newer))).rejects.toThrow(/format 2\.0/);
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "geo402-demtile-")), "x.g4t");
    const w = new TileContainerWriter(file);
    w.finish({ something: "else" });
    await expect(open(await openByteSource(file))).rejects.toThrow(/not a geo402-dem/);
    await expect(open(new MemorySource(new Uint8Array(10)))).rejects.toThrow();
  });
});

describe("DEM grid", () => {
  it("pixel sizes equal GeographicLib distances over one 3″ pixel at 59.65N", () => {
    const lat = 59.65;
    const h = 1 / 2400;
    const size = pixelSizeMeters(lat, 1 / 1200, 1 / 1200);
    expect(size.latitude).toBeCloseTo(Geodesic.WGS84.Inverse(lat - h, -150, lat + h, -150).s12 as number, 4);
    expect(size.longitude).toBeCloseTo(Geodesic.WGS84.Inverse(lat, -150 - h, lat, -150 + h).s12 as number, 4);
  });
  it("phases fold into (-0.5, 0.5] and snap edges and centres within 1e-9 pixel", () => {
    expect(edgePhase(29 - 1 / 2400, 1200)).toBe(0.5);
    expect(edgePhase(30.71, 3600)).toBe(0);
    const grid = { ppdX: 1200, ppdY: 1200, phaseX: 0.5, phaseY: 0.5 };
    expect(toPixel(grid, -151 + 1e-14, 60)).toEqual({ x: 34799.5, y: 35999.5 });
  });
});
