// gdal3.js (GDAL compiled to WebAssembly) for the container benchmark: writes Cloud-Optimized
// GeoTIFFs with the artifacts' COG writer (FlatGeobuf: ingest/export/flatgeobuf-file.ts), and proves each
// standard file opens in GDAL (gdalinfo / ogrinfo).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { writeCog as cogBytes, gdal, type RasterSpec } from "../../artifacts/format/cog-writer.ts";

/** Writes `spec` as a COG (deflate, predictor, WGS 84) to `file` through GDAL's COG driver. */
export async function writeCog(file: string, spec: RasterSpec): Promise<void> {
  writeFileSync(file, await cogBytes(spec));
}

/** What GDAL reports when it opens `file`: driver and size (raster) or layers and features (vector); throws when it cannot. */
export async function gdalOpens(file: string, kind: "raster" | "vector"): Promise<string> {
  const g = await gdal();
  const { datasets } = await g.open([file]);
  const ds = datasets[0];
  if (!ds) throw new Error(`GDAL cannot open ${path.basename(file)}`);
  try {
    if (kind === "raster") {
      const info = (await g.gdalinfo(ds, ["-json"])) as {
        driverShortName: string;
        size: number[];
        bands: unknown[];
        metadata?: { IMAGE_STRUCTURE?: Record<string, string> };
      };
      const layout = info.metadata?.IMAGE_STRUCTURE?.LAYOUT ?? "";
      return `${info.driverShortName}${layout ? ` ${layout}` : ""} ${info.size.join("×")}, ${info.bands.length} band(s)`;
    }
    const info = (await g.ogrinfo(ds, ["-json", "-so"])) as {
      driverShortName: string;
      layers: { name: string; featureCount: number }[];
    };
    return `${info.driverShortName}: ${info.layers.map((l) => `${l.name} ${l.featureCount}`).join(", ")}`;
  } finally {
    await g.close(ds);
  }
}

export const fileBytes = (file: string): number => readFileSync(file).length;
