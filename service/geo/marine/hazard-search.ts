// Charted hazards (underwater rocks, obstructions, wrecks) within a geodesic radius, nearest
// first. The tiles needed are decided from the grid before any is read, so a search over the tile
// cap is refused without reading. Only hazards of the cell that applies at their position are
// stored, and seam duplicates are stored once, so each tile hazard is one charted object. An area
// hazard is stored in every tile its outline's bounding box overlaps and is returned when any of
// its parts reaches into the circle; its distance is to the nearest point of its outline.
import type { TileHazard } from "../../../artifacts/format/enc-tile-codec.ts";
import { E7 } from "../../../artifacts/format/enc-tile-grid.ts";
import { areaDistanceMeters } from "./area-distance.ts";
import type { ChartTiles } from "./chart-tiles.ts";
import { geodesicLowerBoundMeters, geodesicMeters } from "./geodesic-distance.ts";
import { circleTileSpans, spanTileCount, spanTiles } from "./tile-ranges.ts";

export interface FoundHazard {
  hazard: TileHazard;
  lon: number;
  lat: number;
  /** To the position (point hazards) or to the nearest point of the charted area (0 inside it). */
  distanceMeters: number;
  cell: number;
}

export type HazardOutcome =
  | { kind: "too_many_tiles"; tiles: number }
  | { kind: "outside_coverage" }
  | {
      kind: "hazards";
      hazards: FoundHazard[];
      /** Hazards inside the circle before truncation. */
      total: number;
      truncated: boolean;
      /** Cells (rank order) with charted data in the tiles searched. */
      cellsSearched: number[];
    };

export interface HazardSearchOptions {
  maxTiles: number;
  maxHazards: number;
}

export async function hazardsNear(
  charts: ChartTiles,
  lon: number,
  lat: number,
  radius: number,
  opts: HazardSearchOptions,
): Promise<HazardOutcome> {
  const spans = circleTileSpans(charts.grid, lon, lat, radius);
  const count = spanTileCount(spans);
  if (count > opts.maxTiles) return { kind: "too_many_tiles", tiles: count };
  if (charts.coveringCells(Math.round(lon * E7), Math.round(lat * E7)).length === 0)
    return { kind: "outside_coverage" };
  const found: FoundHazard[] = [];
  const searched = new Set<number>();
  const seenAreas = new Set<string>();
  // The circle's tiles are read together (at most opts.maxTiles); the search over them is synchronous.
  const tiles = await Promise.all(spanTiles(spans).map((t) => charts.tile(t.col, t.row)));
  for (const sections of tiles) {
    for (const s of sections ?? []) {
      searched.add(s.cell);
      for (const h of s.hazards()) {
        const hx = h.lonE7 / E7;
        const hy = h.latE7 / E7;
        let d: number;
        if (h.parts.length > 0) {
          const key = `${s.cell}|${h.lnam}`;
          if (seenAreas.has(key)) continue; // the same area stored in another tile of the circle
          seenAreas.add(key);
          d = areaDistanceMeters(lon, lat, h.parts);
        } else {
          if (geodesicLowerBoundMeters(lon, lat, hx, hy) > radius) continue;
          d = geodesicMeters(lon, lat, hx, hy);
        }
        if (d <= radius) found.push({ hazard: h, lon: hx, lat: hy, distanceMeters: d, cell: s.cell });
      }
    }
  }
  found.sort(
    (a, b) =>
      a.distanceMeters - b.distanceMeters || a.cell - b.cell || a.hazard.lnam.localeCompare(b.hazard.lnam),
  );
  return {
    kind: "hazards",
    hazards: found.slice(0, opts.maxHazards),
    total: found.length,
    truncated: found.length > opts.maxHazards,
    cellsSearched: [...searched].sort((a, b) => a - b),
  };
}
