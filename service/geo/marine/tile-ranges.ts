// Which chart tiles a search needs, decided from the grid alone (before any tile is read): the
// tiles a geodesic circle touches, and lower bounds on the distance to tiles not yet searched.
import {
  colOf,
  columnCount,
  E7,
  type EncTileGrid,
  gridTile,
  rowOf,
} from "../../../artifacts/format/enc-tile-grid.ts";
import { geodesicMeters } from "./geodesic-distance.ts";

/** Shortest length of one degree of latitude on WGS 84 (at the equator), metres. */
const MIN_METERS_PER_DEGREE_LAT = 110_574;
/** Slack on geodesic tile tests, metres: covers nearest-point approximations on tile edges. */
const EDGE_SLACK_METERS = 1;

export interface TileRef {
  col: number;
  row: number;
}

/** Distance from (lon, lat) to the nearest point of a tile (0 inside it), metres. */
export function distanceToTile(grid: EncTileGrid, t: TileRef, lon: number, lat: number): number {
  const g = gridTile(grid, t.col, t.row);
  const x = Math.min(Math.max(lon, g.west / E7), g.east / E7);
  const y = Math.min(Math.max(lat, g.south / E7), g.north / E7);
  return x === lon && y === lat ? 0 : geodesicMeters(lon, lat, x, y);
}

/** One row of tiles a circle touches: columns c0..c1 inclusive. */
export interface TileRowSpan {
  row: number;
  c0: number;
  c1: number;
}

/**
 * Tiles a circle of `radius` metres around (lon, lat) touches, as one column span per row. The
 * rows come from a box that over-covers the circle (shortest degree of latitude); in each row the
 * touched tiles are contiguous around the centre's column, and their ends are found by binary
 * search on the distance to the tile's nearest point, so the cost is O(rows · log columns) even
 * near the poles.
 */
export function circleTileSpans(grid: EncTileGrid, lon: number, lat: number, radius: number): TileRowSpan[] {
  const dLat = radius / MIN_METERS_PER_DEGREE_LAT;
  const r0 = rowOf(grid, Math.round(Math.max(-90, lat - dLat) * E7));
  const r1 = rowOf(grid, Math.round(Math.min(90, lat + dLat) * E7));
  const cc = colOf(grid, Math.round(lon * E7));
  const last = columnCount(grid) - 1;
  // no tile beyond this many columns can be within the radius: a degree of longitude is at least
  // (shortest degree of latitude) × cos(poleward latitude of the box) long
  const poleward = Math.min(90, Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)));
  const degLon = MIN_METERS_PER_DEGREE_LAT * Math.cos((poleward * Math.PI) / 180);
  const span = degLon > 0 ? Math.ceil((radius / degLon) * grid.colsPerDegree) + 1 : last;
  const within = (col: number, row: number) =>
    distanceToTile(grid, { col, row }, lon, lat) <= radius + EDGE_SLACK_METERS;
  const reach = (row: number, step: 1 | -1): number => {
    // largest n with tile cc + step·n within the radius (n = 0 is known to be)
    let lo = 0;
    let hi = Math.min(span, step === 1 ? last - cc : cc);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (within(cc + step * mid, row)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const spans: TileRowSpan[] = [];
  for (let row = r0; row <= r1; row++) {
    if (!within(cc, row)) continue;
    spans.push({ row, c0: cc - reach(row, -1), c1: cc + reach(row, 1) });
  }
  return spans;
}

export const spanTileCount = (spans: readonly TileRowSpan[]): number =>
  spans.reduce((n, s) => n + s.c1 - s.c0 + 1, 0);

export function spanTiles(spans: readonly TileRowSpan[]): TileRef[] {
  const out: TileRef[] = [];
  for (const s of spans) for (let col = s.c0; col <= s.c1; col++) out.push({ col, row: s.row });
  return out;
}

/**
 * Tiles at Chebyshev ring `k` around tile (col, row): ring 0 is the tile itself, ring k the
 * 8k tiles bordering the (2k−1)² block.
 */
export function tileRing(col: number, row: number, k: number): TileRef[] {
  if (k === 0) return [{ col, row }];
  const out: TileRef[] = [];
  for (let dc = -k; dc <= k; dc++) {
    out.push({ col: col + dc, row: row - k }, { col: col + dc, row: row + k });
  }
  for (let dr = -k + 1; dr <= k - 1; dr++) {
    out.push({ col: col - k, row: row + dr }, { col: col + k, row: row + dr });
  }
  return out;
}

/**
 * A lower bound (metres) on the distance from (lon, lat) to anything outside the block of rings
 * 0..k around its tile: the shortest way out of the block, with the shortest degree lengths.
 */
export function blockEscapeMeters(grid: EncTileGrid, lon: number, lat: number, k: number): number {
  const col = colOf(grid, Math.round(lon * E7));
  const row = rowOf(grid, Math.round(lat * E7));
  const lo = gridTile(grid, col - k, row - k);
  const hi = gridTile(grid, col + k, row + k);
  const toLat = Math.min(lat - lo.south / E7, hi.north / E7 - lat) * MIN_METERS_PER_DEGREE_LAT;
  const poleward = Math.max(Math.abs(lo.south / E7), Math.abs(hi.north / E7));
  const degLon = MIN_METERS_PER_DEGREE_LAT * Math.cos((Math.min(90, poleward) * Math.PI) / 180);
  const toLon = Math.min(lon - lo.west / E7, hi.east / E7 - lon) * degLon;
  return Math.max(0, Math.min(toLat, toLon));
}
