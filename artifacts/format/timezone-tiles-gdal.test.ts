// The built timezone grid is a standard file: GDAL (gdal3.js) opens tiles.tif as a COG with the
// right size, band type and georeferencing, and reads the values our reader answers.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { GDAL_MEMORY_DIR, type GdalDataset, type GdalRasterInfo, gdal } from "./cog-writer.ts";
import { LatLngGrid } from "./latlng-grid.ts";
import { TIMEZONE_FILES } from "./timezone-lookup.ts";

describe("timezone tiles.tif in GDAL", () => {
  let bytes: Uint8Array;
  let ds: GdalDataset;
  beforeAll(async () => {
    bytes = await readFile(path.join((await builtFamily("timezone")).dir, TIMEZONE_FILES.tiles));
    const g = await gdal();
    const file = `${GDAL_MEMORY_DIR}/timezone-tiles.tif`;
    g.Module.FS.writeFile(file, bytes);
    const opened = await g.open(file);
    expect(opened.errors).toEqual([]);
    ds = opened.datasets[0]!;
    return async () => {
      await g.close(ds);
      g.Module.FS.unlink(file);
    };
  });

  it("gdalinfo: a deflated COG of 360 × 180 UInt16 pixels of 1° from (−180, 90) in EPSG:4326", async () => {
    const info = (await (await gdal()).gdalinfo(ds, ["-json"])) as unknown as GdalRasterInfo;
    expect(info.driverShortName).toBe("GTiff");
    expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: "COG", COMPRESSION: "DEFLATE" });
    expect(info.size).toEqual([360, 180]);
    expect(info.bands.map((b) => b.type)).toEqual(["UInt16"]);
    expect(info.geoTransform).toEqual([-180, 1, 0, 90, 0, -1]);
    expect(info.coordinateSystem.wkt).toContain('ID["EPSG",4326]');
  });

  it("GDAL reads every pixel centre as our reader answers it", async () => {
    const g = await gdal();
    const out = await g.gdal_translate(ds, ["-of", "XYZ"], "timezone-tiles.xyz");
    const text = new TextDecoder().decode(await g.getFileBytes(out));
    g.Module.FS.unlink(out.local);
    const grid = await LatLngGrid.fromCog(bytes);
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(360 * 180);
    const differ = lines.filter((line) => {
      const [lon, lat, value] = line.trim().split(/\s+/).map(Number) as [number, number, number];
      return grid.valueAt(lat, lon) !== value;
    });
    expect(differ).toEqual([]);
    // Not a constant grid (the test would pass on one): 92 distinct values in the 2025b build.
    expect(new Set(lines.map((l) => l.trim().split(/\s+/)[2])).size).toBeGreaterThan(50);
  });
});
