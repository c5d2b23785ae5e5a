// The three DEM readers on real files (.hgt tile, GLO-30 crop) and on SYNTHETIC GeoTIFFs written
// in the exact USGS 3DEP layout (a format test: the values are a formula, not elevation).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COP_FILE, HGT_FILE } from "../../test/dem/dem-test-artifacts.ts";
import {
  SIDE,
  STEP,
  synthetic3depTiff,
  syntheticHeight,
  tileOrigin,
  VOIDS,
} from "../../test/dem/synthetic-3dep.ts";
import { writeGeoTiff } from "../../test/dem/write-geotiff.ts";
import { COPERNICUS_GLO30, USGS_3DEP_2AS, VIEWFINDER_3AS } from "./datasets.ts";
import { readCopernicusGlo30 } from "./read-copernicus.ts";
import { parseHgtName, readHgt } from "./read-hgt.ts";
import { parseUsgsTileName, readUsgs3dep } from "./read-usgs-3dep.ts";

describe("SRTM .hgt reader", () => {
  const block = readHgt("N59W151.hgt", readFileSync(HGT_FILE), VIEWFINDER_3AS);
  it("reads the 3″ tile: 1201², centres on whole arc-seconds, core 59–60N 151–150W", () => {
    expect(block).toMatchObject({
      width: 1201,
      height: 1201,
      core: { west: -151, south: 59, east: -150, north: 60 },
    });
    expect(block.west).toBeCloseTo(-151 - 1 / 2400, 12);
    expect(block.north).toBeCloseTo(60 + 1 / 2400, 12);
    expect(block.values[0]).toBe(655); // gdallocationinfo at (-151, 60)
  });
  it("parses names by the south-west corner, in every hemisphere", () => {
    expect(parseHgtName("N59W151.hgt")).toEqual({ south: 59, west: -151 });
    expect(parseHgtName("s01e010.HGT")).toEqual({ south: -1, west: 10 });
    expect(() => parseHgtName("N59W151.tif")).toThrow(/not an SRTM/);
  });
  it("refuses a file that is not a 1201² or 3601² Int16 square, and maps -32768 to void", () => {
    expect(() => readHgt("N59W151.hgt", new Uint8Array(1000), VIEWFINDER_3AS)).toThrow(/1201/);
    const bytes = new Uint8Array(1201 * 1201 * 2);
    new DataView(bytes.buffer).setInt16(0, -32768, false);
    new DataView(bytes.buffer).setInt16(2, -5, false);
    const b = readHgt("N00E000.hgt", bytes, VIEWFINDER_3AS);
    expect(Number.isNaN(b.values[0])).toBe(true);
    expect(b.values[1]).toBe(-5);
  });
});

describe("USGS 3DEP reader (synthetic tiles in the upstream layout)", () => {
  it("reads a tile: 1812², 6-pixel overlap, NoData as void, date from the name", async () => {
    const b = await readUsgs3dep(
      "USGS_2_n64w149_20200101.tif",
      synthetic3depTiff(64, -149, VOIDS),
      USGS_3DEP_2AS,
    );
    expect(b).toMatchObject({
      width: SIDE,
      height: SIDE,
      published: "2020-01-01",
      core: { west: -149, south: 63, east: -148, north: 64 },
    });
    expect(b.west).toBeCloseTo(-149 - 6 * STEP, 12);
    const { gx, gy } = tileOrigin(64, -149);
    expect(b.values[5 * SIDE + 7]).toBe(syntheticHeight(gx + 7, gy + 5));
    expect(Number.isNaN(b.values[900 * SIDE + 900])).toBe(true);
  });
  it("parses the name: product, north-west corner, optional date", () => {
    expect(parseUsgsTileName("USGS_2_n61w150_20170505.tif")).toEqual({
      arcSeconds: 2,
      north: 61,
      west: -150,
      published: "2017-05-05",
    });
    expect(parseUsgsTileName("USGS_13_n41w106.tif")).toMatchObject({ arcSeconds: 1 / 3, published: null });
    expect(() => parseUsgsTileName("USGS_2_n61w150_20171345.tif")).toThrow(/calendar/);
    expect(() => parseUsgsTileName("n61w150.tif")).toThrow(/not a USGS/);
  });
  it.each([
    ["NoData", { noData: "-9999" }, /NoData/],
    ["CRS", { epsg: 4326 }, /NAD83/],
    ["size", { side: 1800 }, /size/],
    ["overlap", { originShiftPixels: 1 }, /overlap/],
  ])("refuses a tile whose %s breaks the layout", async (_what, overrides, message) => {
    await expect(
      readUsgs3dep("USGS_2_n64w149.tif", synthetic3depTiff(64, -149, [], overrides), USGS_3DEP_2AS),
    ).rejects.toThrow(message);
  });
});

describe("Copernicus GLO-30 reader", () => {
  it("reads the Healy crop: 288², 1″, no NoData, core = its own extent", async () => {
    const b = await readCopernicusGlo30(COP_FILE, readFileSync(COP_FILE), COPERNICUS_GLO30);
    expect(b).toMatchObject({ width: 288, height: 288, published: null });
    expect(b.west).toBeCloseTo(-149.29, 12);
    expect(b.north).toBeCloseTo(63.920138888888886, 12);
    expect(b.pixelWidth).toBeCloseTo(1 / 3600, 15);
    expect(b.core.east).toBeCloseTo(-149.21, 9);
    expect(b.values.some(Number.isNaN)).toBe(false);
    expect(b.values[0]).toBeCloseTo(641.673706054688, 6); // gdallocationinfo, north-west pixel
  });
  it("takes the 1° cell of an upstream tile name as the core, and refuses a non-WGS 84 raster", async () => {
    const tiff = (epsg: number) =>
      writeGeoTiff({
        width: 4,
        height: 4,
        values: new Float32Array(16),
        west: -150,
        north: 64,
        pixelWidth: 2 / 3600,
        pixelHeight: 1 / 3600,
        epsg,
      });
    const b = await readCopernicusGlo30(
      "Copernicus_DSM_COG_10_N63_00_W150_00_DEM.tif",
      tiff(4326),
      COPERNICUS_GLO30,
    );
    expect(b.core).toEqual({ west: -150, south: 63, east: -149, north: 64 });
    await expect(readCopernicusGlo30("x.tif", tiff(4269), COPERNICUS_GLO30)).rejects.toThrow(/WGS 84/);
  });
});
