import { describe, expect, it } from "vitest";
import { MemorySource } from "./byte-source.ts";
import { LatLngGridReader, writeLatLngGrid } from "./latlng-grid.ts";

const spec = { south: -90, west: -180, cellDegrees: 90, rows: 2, cols: 4 };
const values = Uint16Array.from([1, 2, 3, 4, 5, 6, 7, 0xffff]);

describe("lat/lng grid", () => {
  it("answers by square, row 0 in the south; the north and east edges belong to the last row and column", async () => {
    const r = await LatLngGridReader.open(new MemorySource(writeLatLngGrid(spec, values)));
    expect(r.valueAt(-45, -135)).toBe(1);
    expect(r.valueAt(-45, 170)).toBe(4);
    expect(r.valueAt(0, -180)).toBe(5);
    expect(r.valueAt(90, 180)).toBe(0xffff);
    expect(r.valueAt(-90, -180)).toBe(1);
    expect(r.valueAt(90.5, 0)).toBeUndefined();
    expect(r.spec).toEqual(spec);
  });

  it("refuses a wrong magic, an unknown major, a truncated file and a value count that does not fit", async () => {
    const bytes = writeLatLngGrid(spec, values);
    const bad = bytes.slice();
    bad[2] = 0;
    await expect(LatLngGridReader.open(new MemorySource(bad))).rejects.toMatchObject({ code: "bad_magic" });
    const v2 = bytes.slice();
    v2[8] = 2;
    await expect(LatLngGridReader.open(new MemorySource(v2))).rejects.toMatchObject({
      code: "unsupported_format_version",
    });
    await expect(LatLngGridReader.open(new MemorySource(bytes.slice(0, -2)))).rejects.toMatchObject({
      code: "truncated",
    });
    expect(() => writeLatLngGrid(spec, values.slice(1))).toThrow(RangeError);
  });

  it("checks the CRC-32 of header and values when it opens (1.1), and refuses 1.0 files", async () => {
    const bytes = writeLatLngGrid(spec, values);
    const flipped = bytes.slice();
    flipped[48 + 3] = (flipped[48 + 3] as number) ^ 0x01;
    await expect(LatLngGridReader.open(new MemorySource(flipped))).rejects.toMatchObject({
      code: "output_corrupt",
    });
    const v10 = bytes.slice();
    v10[10] = 0;
    await expect(LatLngGridReader.open(new MemorySource(v10))).rejects.toMatchObject({
      code: "unsupported_format_version",
    });
  });
});
