// The global pixel grid of one DEM layer: pixels of `1/ppdX` × `1/ppdY` degrees whose edges sit
// `phase` pixels from whole degrees. Column 0 starts at 180°W, row 0 at 90°N, so blocks of the
// same layer share pixel numbers and seams need no resampling. Shared by ingest and service.

export interface DemGrid {
  /** Pixels per degree of longitude and of latitude (3600 for 1″, 1800 for 2″, 1200 for 3″). */
  ppdX: number;
  ppdY: number;
  /** Offset of pixel edges from whole degrees, in pixels, within (-0.5, 0.5]. */
  phaseX: number;
  phaseY: number;
}

/** Pixel coordinates closer than this to a whole number are snapped to it (edges, centres). */
export const PIXEL_SNAP = 1e-9;

export function snap(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) < PIXEL_SNAP ? r : v;
}

/** Continuous pixel coordinates of a position: the pixel (c, r) spans [c, c+1) × [r, r+1). */
export function toPixel(grid: DemGrid, lon: number, lat: number): { x: number; y: number } {
  return { x: snap((lon + 180) * grid.ppdX - grid.phaseX), y: snap((90 - lat) * grid.ppdY - grid.phaseY) };
}

/** Phase of an edge coordinate in pixels (to 1e-6 pixel), folded into (-0.5, 0.5]. */
export function edgePhase(degreesFromOrigin: number, ppd: number): number {
  const p = degreesFromOrigin * ppd;
  let f = Math.round((p - Math.round(p)) * 1e6) / 1e6;
  if (f <= -0.5) f += 1;
  return f === 0 ? 0 : f;
}

export const gridKey = (g: DemGrid): string => `${g.ppdX}:${g.ppdY}:${g.phaseX}:${g.phaseY}`;

const WGS84_A = 6378137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const RAD = Math.PI / 180;

/**
 * Ground size in metres of `lonDegrees` along the parallel and `latDegrees` along the meridian
 * at latitude `lat`, on the WGS 84 ellipsoid (GRS 80 differs by well under a micrometre here).
 */
export function pixelSizeMeters(
  lat: number,
  lonDegrees: number,
  latDegrees: number,
): { longitude: number; latitude: number } {
  const s = Math.sin(lat * RAD);
  const w = Math.sqrt(1 - WGS84_E2 * s * s);
  return {
    longitude: (WGS84_A / w) * Math.cos(lat * RAD) * lonDegrees * RAD,
    latitude: ((WGS84_A * (1 - WGS84_E2)) / (w * w * w)) * latDegrees * RAD,
  };
}
