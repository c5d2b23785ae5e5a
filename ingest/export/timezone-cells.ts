// The timezone family's H3 cell indexes as GeoJSON: one polygon per stored cell (the indexes keep
// cells compacted, so a cell may be coarser than resolution 6), from `zones.h3i` (source
// "boundary") then `coastal.h3i` (source "coastal"), with the cell's id, resolution and IANA zone.
// Open water holds no cells (the service answers the nautical rule there), so it has no feature.
import type { Feature, Polygon } from "geojson";
import { cellToBoundary, getResolution } from "h3-js";
import type { CellIndexReader } from "../../artifacts/format/cell-index-reader.ts";

export async function timezoneCellFeatures(
  indexes: { source: "boundary" | "coastal"; reader: CellIndexReader }[],
): Promise<Feature<Polygon>[]> {
  const features: Feature<Polygon>[] = [];
  for (const { source, reader } of indexes)
    for (let e = 0; e < reader.entryCount; e++) {
      const h3 = await reader.cellAt(e);
      features.push({
        type: "Feature",
        geometry: { type: "Polygon", coordinates: [cellToBoundary(h3, true)] },
        properties: {
          h3,
          resolution: getResolution(h3),
          timeZone: await reader.string(await reader.valueAt(e)),
          source,
        },
      });
    }
  return features;
}
