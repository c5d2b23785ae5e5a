import { createHash } from "node:crypto";
import { getDecoder } from "geotiff";
import { describe, expect, it } from "vitest";
import { writeCog } from "./cog-writer.ts";
import { LatLngGrid } from "./latlng-grid.ts";
import { writeLatLngGrid } from "./latlng-grid-writer.ts";

const spec = { south: -90, west: -180, cellDegrees: 90, rows: 2, cols: 4 };
const values = Uint16Array.from([1, 2, 3, 4, 5, 6, 7, 0xffff]);
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const geo = { west: -180, north: 90, resX: 90, resY: 90, blockSize: 512 };

describe("lat/lng grid (COG)", () => {
  it("answers by square, row 0 in the south; the north and east edges belong to the last row and column", async () => {
    const r = await LatLngGrid.fromCog(await writeLatLngGrid(spec, values));
    expect(r.spec).toEqual(spec);
    expect(r.valueAt(-45, -135)).toBe(1);
    expect(r.valueAt(-45, 170)).toBe(4);
    expect(r.valueAt(0, -180)).toBe(5);
    expect(r.valueAt(-0.000001, -180)).toBe(1);
    expect(r.valueAt(90, 180)).toBe(0xffff);
    expect(r.valueAt(-90, -180)).toBe(1);
    expect(r.valueAt(90.5, 0)).toBeUndefined();
    expect(r.valueAt(0, -180.5)).toBeUndefined();
  });

  it("writes the same bytes for the same grid, and other bytes for another", async () => {
    const a = await writeLatLngGrid(spec, values);
    const b = await writeLatLngGrid(spec, values);
    expect(sha256(a)).toBe(sha256(b));
    const other = values.slice();
    other[0] = 9;
    expect(sha256(await writeLatLngGrid(spec, other))).not.toBe(sha256(a));
    expect(Buffer.from(a.subarray(0, 4)).toString("latin1")).toBe("II*\0");
  });

  it("refuses bytes that are no GeoTIFF, a band that is not uint16, non-square cells and a truncated file", async () => {
    const malformed = expect.objectContaining({ name: "ArtifactError", code: "malformed" });
    await expect(LatLngGrid.fromCog(new TextEncoder().encode("G4LLGRID not a tiff"))).rejects.toEqual(
      malformed,
    );
    const float = await writeCog({ ...geo, width: 4, height: 2, values: new Float32Array(8) });
    await expect(LatLngGrid.fromCog(float)).rejects.toThrow(/needs one uint16 band/);
    const bytes8 = await writeCog({ ...geo, width: 4, height: 2, values: new Uint8Array(8) });
    await expect(LatLngGrid.fromCog(bytes8)).rejects.toEqual(malformed);
    const tall = await writeCog({ ...geo, resY: 45, width: 4, height: 2, values: new Uint16Array(8) });
    await expect(LatLngGrid.fromCog(tall)).rejects.toThrow(/must be square/);
    const whole = await writeLatLngGrid(spec, values);
    await expect(LatLngGrid.fromCog(whole.subarray(0, whole.length - 8))).rejects.toEqual(malformed);
  });

  it("the writer refuses a value count that does not fill the grid", () => {
    expect(() => writeLatLngGrid(spec, values.slice(1))).toThrow(RangeError);
    expect(() => writeLatLngGrid({ ...spec, rows: 0 }, new Uint16Array(0))).toThrow(RangeError);
  });

  it("geotiff inflates with Node's zlib once the reader is loaded (geotiff-zlib.ts)", async () => {
    const params = { tileWidth: 1, tileHeight: 1, planarConfiguration: 1, bitsPerSample: [16], predictor: 1 };
    for (const compression of [8, 32946])
      expect((await getDecoder(compression, params)).constructor.name).toBe("ZlibDecoder");
  });
});
