// The charted sounding nearest to a position (geodesic), searched tile ring by tile ring outward
// until no unsearched tile can hold a nearer one. Only soundings of the cell that applies at their
// own position are stored, so every candidate is the chart's own sounding there.
import { colOf, E7, rowOf } from "../../../artifacts/format/enc-tile-grid.ts";
import type { ChartTiles } from "./chart-tiles.ts";
import { geodesicLowerBoundMeters, geodesicMeters } from "./geodesic-distance.ts";
import { blockEscapeMeters, tileRing } from "./tile-ranges.ts";

export interface FoundSounding {
  depth: number;
  lon: number;
  lat: number;
  distanceMeters: number;
  /** Index of the cell charting it. */
  cell: number;
}

export type SoundingSearch =
  | { kind: "found"; sounding: FoundSounding }
  /** Nothing proven nearest within the rings searched (`searchedMeters` is the radius searched for sure). */
  | { kind: "none"; searchedMeters: number };

/** Searches rings 0..maxRings around the tile of (lon, lat). */
export async function nearestSounding(
  charts: ChartTiles,
  lon: number,
  lat: number,
  maxRings: number,
): Promise<SoundingSearch> {
  const col = colOf(charts.grid, Math.round(lon * E7));
  const row = rowOf(charts.grid, Math.round(lat * E7));
  let best: FoundSounding | undefined;
  for (let k = 0; k <= maxRings; k++) {
    // The ring's tiles are read together; the search over them is synchronous.
    const ring = await Promise.all(tileRing(col, row, k).map((t) => charts.tile(t.col, t.row)));
    for (const sections of ring) {
      for (const s of sections ?? []) {
        const { coords, depths } = s.soundings();
        for (let i = 0; i < depths.length; i++) {
          const sx = (coords[2 * i] as number) / E7;
          const sy = (coords[2 * i + 1] as number) / E7;
          if (best && geodesicLowerBoundMeters(lon, lat, sx, sy) > best.distanceMeters) continue;
          const d = geodesicMeters(lon, lat, sx, sy);
          const depth = depths[i] as number;
          // ties: the shoaler sounding, then the larger-scale cell
          if (
            !best ||
            d < best.distanceMeters ||
            (d === best.distanceMeters && (depth < best.depth || s.cell < best.cell))
          ) {
            best = { depth, lon: sx, lat: sy, distanceMeters: d, cell: s.cell };
          }
        }
      }
    }
    const provenMeters = blockEscapeMeters(charts.grid, lon, lat, k);
    if (best && best.distanceMeters <= provenMeters) return { kind: "found", sounding: best };
    if (k === maxRings) return { kind: "none", searchedMeters: provenMeters };
  }
  return { kind: "none", searchedMeters: 0 };
}
