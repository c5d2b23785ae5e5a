// Assigns every H3 resolution-6 cell to the zone covering its centre. `area` leaves use h3-js
// polygonToCellsExperimental (centre containment); `clipped` leaves take the cells whose centre
// lies in the leaf's bounds and test each centre against the pieces in order, exactly as geo-tz
// answers a point. The first zone to claim a cell keeps it (overlaps resolve as geo-tz lists them).
import { cellToLatLng, POLYGON_TO_CELLS_FLAGS, polygonToCellsExperimental } from "h3-js";
import { COMPACT_IDS, compactOf, RES6 } from "../lib/res6-grid.ts";
import { containsPoint, preparePolygon } from "./point-in-polygon.ts";
import type { PolygonCoordinates, ZoneSource } from "./zone-piece.ts";

export interface RasterizeResult {
  /** Compact id → zone index + 1 (0 = no zone). */
  grid: Uint16Array;
  /** Zone ids; value v of the grid is zones[v - 1]. */
  zones: string[];
  cells: number;
}

export function rasterizeZones(
  source: ZoneSource,
  progress: (label: string, done: number, total?: number) => void,
): RasterizeResult {
  const zones = [...source.zones];
  const zoneIndex = new Map(zones.map((z, i) => [z, i]));
  const indexOf = (tzid: string): number => {
    let z = zoneIndex.get(tzid);
    if (z === undefined) {
      z = zones.length;
      if (z >= 0xfffe) throw new Error("more than 65534 zone ids");
      zones.push(tzid);
      zoneIndex.set(tzid, z);
    }
    return z;
  };
  const grid = new Uint16Array(COMPACT_IDS);
  let cells = 0;
  let done = 0;
  const claim = (cell: string, zone: number): void => {
    const c = compactOf(cell);
    if (grid[c] === 0) {
      grid[c] = zone + 1;
      cells++;
    }
  };
  for (const leaf of source.leaves()) {
    if (leaf.kind === "area") {
      const zone = indexOf(leaf.tzid);
      for (const cell of centreCells(leaf.polygon, leaf.tzid)) claim(cell, zone);
    } else {
      const pieces = leaf.pieces.map((p) => ({ zone: indexOf(p.tzid), prepared: preparePolygon(p.polygon) }));
      for (const cell of centreCells(leaf.bounds, "quad bounds")) {
        const [lat, lon] = cellToLatLng(cell);
        const hit = pieces.find((p) => containsPoint(p.prepared, lon, lat));
        if (hit) claim(cell, hit.zone);
      }
    }
    progress("timezone: zone polygons → cells", ++done, source.leafCount);
  }
  return { grid, zones, cells };
}

/** Cells whose centre lies in the polygon; none for a zero-area sliver. */
function centreCells(polygon: PolygonCoordinates, what: string): string[] {
  const outer = polygon[0];
  if (!outer || ringArea(outer) === 0) return [];
  try {
    return polygonToCellsExperimental(polygon, RES6, POLYGON_TO_CELLS_FLAGS.containmentCenter, true);
  } catch (err) {
    throw new Error(
      `h3 polygonToCells failed on ${what} starting at ${JSON.stringify(outer[0])}: ${(err as Error).message}`,
    );
  }
}

/** Planar shoelace area of a ring in square degrees (sign = orientation). */
function ringArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    sum += a[0]! * b[1]! - b[0]! * a[1]!;
  }
  return sum / 2;
}
