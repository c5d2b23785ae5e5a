// plainGeoTiff (cog-writer.ts) writes what geotiff.js's writeArrayBuffer writes, byte for byte, for
// every sample type and band count the writers use: the COGs built from it stay the same bytes.
import { writeArrayBuffer } from "geotiff";
import { describe, expect, it } from "vitest";
import { plainGeoTiff, type RasterSpec } from "./cog-writer.ts";

const geo = { west: -151.25, north: 60.5, resX: 1 / 1800, resY: 1 / 1800, blockSize: 16 };

function reference(spec: RasterSpec, bands: number): Uint8Array {
  return new Uint8Array(
    writeArrayBuffer(spec.values, {
      ...(bands > 1 ? { ExtraSamples: new Array(bands - 1).fill(0) } : {}),
      width: spec.width,
      height: spec.height,
      ModelPixelScale: [spec.resX, spec.resY, 0],
      ModelTiepoint: [0, 0, 0, spec.west, spec.north, 0],
      GeographicTypeGeoKey: 4326,
      GTModelTypeGeoKey: 2,
      GTRasterTypeGeoKey: 1,
    }),
  );
}

describe("plainGeoTiff", () => {
  const fill = <T extends Float32Array | Uint16Array | Uint8Array>(a: T): T => {
    for (let i = 0; i < a.length; i++)
      a[i] = a instanceof Float32Array ? Math.sin(i) * 1000 : (i * 7919) % 65536;
    a[3] = a instanceof Float32Array ? Number.NaN : 0;
    return a;
  };
  it.each([
    ["Float32, 1 band", fill(new Float32Array(33 * 17)), 1],
    ["Uint16, 1 band", fill(new Uint16Array(33 * 17)), 1],
    ["Uint8, 1 band", fill(new Uint8Array(33 * 17)), 1],
    ["Float32, 2 bands", fill(new Float32Array(33 * 17 * 2)), 2],
  ] as const)("%s: the bytes of geotiff.js's writer", (_, values, bands) => {
    const spec: RasterSpec = { ...geo, width: 33, height: 17, values };
    expect(Buffer.from(plainGeoTiff(spec, bands)).equals(Buffer.from(reference(spec, bands)))).toBe(true);
  });
});
