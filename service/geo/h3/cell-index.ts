// Positions to H3 cells: for each `[lon, lat]` point and each resolution, the containing cell as
// a hex string, optionally its centre and its closed boundary ring, both in GeoJSON `[lon, lat]`.
import { cellToBoundary, cellToLatLng, latLngToCell } from "h3-js";

export interface IndexOptions {
  includeCenter: boolean;
  includeBoundary: boolean;
}

export interface CellAtResolution {
  resolution: number;
  cell: string;
  center?: [number, number];
  /** Closed ring (first position repeated last), `[lon, lat]`. */
  boundary?: [number, number][];
  /** Present with the boundary: true when the ring's longitudes jump across ±180. */
  crossesAntimeridian?: boolean;
}

export interface IndexedPoint {
  point: number[];
  results: CellAtResolution[];
}

export function indexPoint(
  point: number[],
  resolutions: readonly number[],
  options: IndexOptions,
): IndexedPoint {
  const lon = point[0] as number;
  const lat = point[1] as number;
  return {
    point,
    results: resolutions.map((resolution) => {
      const cell = latLngToCell(lat, lon, resolution);
      const out: CellAtResolution = { resolution, cell };
      if (options.includeCenter) {
        const [cLat, cLon] = cellToLatLng(cell);
        out.center = [cLon, cLat];
      }
      if (options.includeBoundary) {
        const ring = cellToBoundary(cell, true) as [number, number][];
        out.boundary = ring;
        out.crossesAntimeridian = ring.some(
          (p, i) => i > 0 && Math.abs(p[0] - (ring[i - 1] as number[])[0]!) > 180,
        );
      }
      return out;
    }),
  };
}
