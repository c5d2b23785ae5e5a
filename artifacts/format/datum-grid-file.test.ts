import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeNadcon5GeoTiff } from "../../ingest/nadcon/nadcon5-geotiff.ts";
import { cutTiles } from "../../ingest/nadcon/shift-grid-tiles.ts";
import { NADCON_DIR } from "../../test/conformance/shared-data.ts";
import { FileSource } from "./byte-source.ts";
import {
  addGridTiles,
  datumGridMetadata,
  readDatumGridMetadata,
  readGridTile,
  type StoredGrid,
} from "./datum-grid-file.ts";
import { TileContainerReader, TileContainerWriter } from "./tile-container.ts";

const FILE = "us_noaa_nadcon5_nad83_2007_nad83_2011_prvi.tif";

describe("datum-grid container", () => {
  it("gives back every node of a grid, tile by tile, as written", async () => {
    const decoded = await decodeNadcon5GeoTiff(readFileSync(path.join(NADCON_DIR, FILE)), FILE);
    const { header, tiles } = cutTiles(FILE, decoded, 16);
    const grid: StoredGrid = {
      ...header,
      index: 3,
      sourceSha256: "x",
      description: decoded.description,
      metadata: decoded.metadata,
    };
    const file = path.join(mkdtempSync(path.join(tmpdir(), "geo402-grid-")), "g.g4t");
    const w = new TileContainerWriter(file);
    addGridTiles(w, grid, tiles);
    w.finish(datumGridMetadata([grid]));
    const r = await TileContainerReader.open(await FileSource.open(file));
    const [stored] = readDatumGridMetadata(r);
    expect(stored).toMatchObject({ name: FILE, width: 41, height: 17, west: -69, south: 17, tileSize: 16 });
    for (let j = 0; j < grid.height; j++) {
      for (let i = 0; i < grid.width; i++) {
        const id = Math.floor(j / 16) * Math.ceil(grid.width / 16) + Math.floor(i / 16);
        const t = await readGridTile(r, grid, id);
        const k = ((j % 16) * 16 + (i % 16)) * 2;
        expect([t[k], t[k + 1]]).toEqual([
          decoded.nodes[(j * 41 + i) * 2],
          decoded.nodes[(j * 41 + i) * 2 + 1],
        ]);
      }
    }
    r.close();
  });

  it("refuses a container of another format", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "geo402-grid-")), "g.g4t");
    const w = new TileContainerWriter(file);
    w.finish({ format: "something-else", formatVersion: "1.0" });
    const reader = await TileContainerReader.open(await FileSource.open(file));
    expect(() => readDatumGridMetadata(reader)).toThrow(/format/);
    reader.close();
  });
});
