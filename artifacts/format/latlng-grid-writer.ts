// Writes a lat/lng grid (format/latlng-grid.ts) as its COG through GDAL (format/cog-writer.ts).
// Ingest only: the service reads grids without loading GDAL.
import { writeCog } from "./cog-writer.ts";
import type { GridSpec } from "./latlng-grid.ts";

/** The COG bytes of a grid; `values` holds rows × cols values, row 0 the southernmost. */
export function writeLatLngGrid(spec: GridSpec, values: Uint16Array): Promise<Uint8Array> {
  const { rows, cols, cellDegrees } = spec;
  if (!(cellDegrees > 0) || !Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1)
    throw new RangeError("grid needs positive cellDegrees, rows and cols");
  if (values.length !== rows * cols)
    throw new RangeError(`grid needs ${rows * cols} values, got ${values.length}`);
  // GeoTIFF rows run from the north.
  const northUp = new Uint16Array(values.length);
  for (let r = 0; r < rows; r++)
    northUp.set(values.subarray(r * cols, (r + 1) * cols), (rows - 1 - r) * cols);
  return writeCog({
    width: cols,
    height: rows,
    values: northUp,
    west: spec.west,
    north: spec.south + rows * cellDegrees,
    resX: cellDegrees,
    resY: cellDegrees,
    blockSize: 512,
  });
}
