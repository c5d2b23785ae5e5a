// GeoJSON features → a FlatGeobuf file, written by GDAL's own FlatGeobuf driver (gdal3.js, GDAL
// compiled to WebAssembly, already the ingest's runtime GDAL: artifacts/format/cog-writer.ts).
// Not the `flatgeobuf` package's JS `serialize`: it writes no spatial index (its readers cannot
// search by box) and types every column from the first feature alone (a null there makes the
// column a string; every number a double), where GDAL reads all the features first.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Feature } from "geojson";
import { gdal } from "../../artifacts/format/cog-writer.ts";

/** Writes `features` (WGS 84 longitude/latitude) to `file` with its packed Hilbert R-tree. */
export async function writeFlatGeobuf(file: string, features: readonly Feature[]): Promise<void> {
  const json = `${file}.geojson`;
  writeFileSync(json, JSON.stringify({ type: "FeatureCollection", features }));
  try {
    const g = await gdal();
    const { datasets } = await g.open([json]);
    const ds = datasets[0];
    if (!ds) throw new Error(`GDAL cannot open ${json}`);
    try {
      const out = await g.ogr2ogr(
        ds,
        ["-f", "FlatGeobuf", "-lco", "SPATIAL_INDEX=YES", "-nln", path.basename(file, ".fgb")],
        path.basename(file),
      );
      writeFileSync(file, await g.getFileBytes(out));
    } finally {
      await g.close(ds);
    }
  } finally {
    rmSync(json, { force: true });
  }
}
