// Charted depth at a position. The covering cells are consulted largest scale first (band, then
// compilation scale); the first whose depth area (DEPARE or DRGARE with a DRVAL1) contains the
// position answers, and the cells consulted before it are listed. Nothing is interpolated.
import type { TileDepthArea, TileQualityArea } from "../../../artifacts/format/enc-tile-codec.ts";
import { colOf, E7, rowOf } from "../../../artifacts/format/enc-tile-grid.ts";
import { insideRings } from "../../../artifacts/format/ring-containment.ts";
import type { ChartTiles } from "./chart-tiles.ts";
import { nearestSounding, type SoundingSearch } from "./nearest-sounding.ts";

export type DepthOutcome =
  | { kind: "outside_coverage" }
  /** Covered, but no covering cell charts a depth area with a depth here (land, drying area without depth, unsurveyed). */
  | { kind: "no_depth_area"; consulted: number[] }
  | {
      kind: "depth";
      /** Index of the cell that answered. */
      cell: number;
      area: TileDepthArea;
      /** Larger-scale cells consulted first that chart no depth area here. */
      consulted: number[];
      /** The answering cell's M_QUAL area at the position, if charted. */
      quality: TileQualityArea | null;
      sounding: SoundingSearch;
    };

export interface DepthLookupOptions {
  /** Tile rings searched for the nearest sounding. */
  soundingRings: number;
}

export async function depthAt(
  charts: ChartTiles,
  lon: number,
  lat: number,
  opts: DepthLookupOptions,
): Promise<DepthOutcome> {
  const x = Math.round(lon * E7);
  const y = Math.round(lat * E7);
  const covering = charts.coveringCells(x, y);
  if (covering.length === 0) return { kind: "outside_coverage" };
  const sections = (await charts.tile(colOf(charts.grid, x), rowOf(charts.grid, y))) ?? [];
  const consulted: number[] = [];
  for (const cell of covering) {
    const section = sections.find((s) => s.cell === cell);
    const inside = (section?.depthAreas() ?? []).filter(
      (a) => a.drval1 !== null && insideRings(a.rings, x, y),
    );
    // S-57 depth areas of one cell do not overlap; should a dredged area overlie a depth area, it is the more specific
    const area = inside.find((a) => a.objectClass === 2) ?? inside[0];
    if (!area) {
      consulted.push(cell);
      continue;
    }
    const quality = section?.quality().find((q) => insideRings(q.rings, x, y)) ?? null;
    return {
      kind: "depth",
      cell,
      area,
      consulted,
      quality,
      sounding: await nearestSounding(charts, lon, lat, opts.soundingRings),
    };
  }
  return { kind: "no_depth_area", consulted };
}
