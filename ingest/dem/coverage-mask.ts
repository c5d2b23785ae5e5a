// Which pixels of a block lie in Alaska: pixel centres inside the state polygon (even-odd over
// every ring), plus those within `bufferMeters` of such a pixel, so that bays and the coastal
// band (the 3-nautical-mile state waters) are answered rather than refused. The band is an exact
// Euclidean distance transform on the pixel grid, with the pixel's ground size at each row.
import { pixelSizeMeters } from "../../artifacts/format/dem-grid.ts";

export type Ring = readonly (readonly number[])[];

export interface PixelRegion {
  /** Corner of pixel (0,0) (west edge, north edge) and pixel size, in degrees. */
  west: number;
  north: number;
  pixelWidth: number;
  pixelHeight: number;
  width: number;
  height: number;
}

const RAD = Math.PI / 180;
const EARTH_METERS_PER_DEGREE = 111_320;

/** 1 where the pixel is in the polygons or within `bufferMeters` of a pixel that is, else 0. */
export function coverageMask(rings: readonly Ring[], region: PixelRegion, bufferMeters: number): Uint8Array {
  const northmost = Math.min(89.9, Math.abs(region.north) + bufferMeters / EARTH_METERS_PER_DEGREE);
  const marginY = Math.ceil(bufferMeters / (EARTH_METERS_PER_DEGREE * region.pixelHeight)) + 1;
  const marginX =
    Math.ceil(bufferMeters / (EARTH_METERS_PER_DEGREE * Math.cos(northmost * RAD) * region.pixelWidth)) + 1;
  const big: PixelRegion = {
    west: region.west - marginX * region.pixelWidth,
    north: region.north + marginY * region.pixelHeight,
    pixelWidth: region.pixelWidth,
    pixelHeight: region.pixelHeight,
    width: region.width + 2 * marginX,
    height: region.height + 2 * marginY,
  };
  const inside = rasterize(rings, big);
  const out = new Uint8Array(region.width * region.height);
  // Wholly inside (inland blocks) or wholly outside (open sea): no distance transform needed.
  if (!inside.includes(0)) return out.fill(1);
  if (!inside.includes(1)) return out;
  const dist2 = squaredDistanceToInside(inside, big);
  const limit = bufferMeters * bufferMeters;
  for (let r = 0; r < region.height; r++) {
    const row = (r + marginY) * big.width + marginX;
    for (let c = 0; c < region.width; c++)
      out[r * region.width + c] = (dist2[row + c] as number) <= limit ? 1 : 0;
  }
  return out;
}

/** 1 for each pixel whose centre is inside the rings (even-odd rule), scanning row by row. */
export function rasterize(rings: readonly Ring[], region: PixelRegion): Uint8Array {
  const out = new Uint8Array(region.width * region.height);
  const rowsX: number[][] = Array.from({ length: region.height }, () => []);
  const south = region.north - region.height * region.pixelHeight;
  const east = region.west + region.width * region.pixelWidth;
  const shifts = [0, ...(region.west < -180 ? [-360] : []), ...(east > 180 ? [360] : [])];
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i] as readonly number[];
      const b = ring[(i + 1) % ring.length] as readonly number[];
      const [x1, y1] = a as [number, number];
      const [x2, y2] = b as [number, number];
      if (y1 === y2 || Math.max(y1, y2) < south || Math.min(y1, y2) > region.north) continue;
      // Rows whose centre latitude lies in [min(y1,y2), max(y1,y2)) cross this edge.
      const rFirst = Math.max(0, Math.ceil((region.north - Math.max(y1, y2)) / region.pixelHeight - 0.5));
      const rLast = Math.min(
        region.height - 1,
        Math.floor((region.north - Math.min(y1, y2)) / region.pixelHeight - 0.5),
      );
      for (let r = rFirst; r <= rLast; r++) {
        const y = region.north - (r + 0.5) * region.pixelHeight;
        if (y1 > y === y2 > y) continue;
        const x = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
        for (const s of shifts) (rowsX[r] as number[]).push(x + s);
      }
    }
  }
  for (let r = 0; r < region.height; r++) {
    const xs = (rowsX[r] as number[]).sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil(((xs[k] as number) - region.west) / region.pixelWidth - 0.5));
      const c1 = Math.min(
        region.width - 1,
        Math.ceil(((xs[k + 1] as number) - region.west) / region.pixelWidth - 0.5) - 1,
      );
      if (c1 >= c0) out.fill(1, r * region.width + c0, r * region.width + c1 + 1);
    }
  }
  return out;
}

/** Squared ground distance in m² from each pixel centre to the nearest inside pixel centre. */
function squaredDistanceToInside(inside: Uint8Array, region: PixelRegion): Float64Array {
  const { width, height } = region;
  const big = 1e30;
  const d = new Float64Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = inside[i] ? 0 : big;
  const middle = region.north - (height / 2) * region.pixelHeight;
  const dy = pixelSizeMeters(middle, region.pixelWidth, region.pixelHeight).latitude;
  const col = new Float64Array(height);
  const colOut = new Float64Array(height);
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < height; r++) col[r] = d[r * width + c] as number;
    distanceTransform1d(col, height, dy * dy, colOut);
    for (let r = 0; r < height; r++) d[r * width + c] = colOut[r] as number;
  }
  const row = new Float64Array(width);
  const rowOut = new Float64Array(width);
  for (let r = 0; r < height; r++) {
    const lat = region.north - (r + 0.5) * region.pixelHeight;
    const dx = pixelSizeMeters(lat, region.pixelWidth, region.pixelHeight).longitude;
    for (let c = 0; c < width; c++) row[c] = d[r * width + c] as number;
    distanceTransform1d(row, width, dx * dx, rowOut);
    d.set(rowOut, r * width);
  }
  return d;
}

/**
 * Felzenszwalb–Huttenlocher lower envelope of parabolas: out[q] = min_p f[p] + w·(q−p)².
 * `w` is the squared ground size of one step.
 */
function distanceTransform1d(f: Float64Array, n: number, w: number, out: Float64Array): void {
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const meet = (q: number, p: number): number =>
    ((f[q] as number) + w * q * q - ((f[p] as number) + w * p * p)) / (2 * w * (q - p));
  let k = 0;
  z[0] = Number.NEGATIVE_INFINITY;
  z[1] = Number.POSITIVE_INFINITY;
  for (let q = 1; q < n; q++) {
    let s = meet(q, v[k] as number);
    while (s <= (z[k] as number)) {
      k--;
      s = meet(q, v[k] as number);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Number.POSITIVE_INFINITY;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while ((z[k + 1] as number) < q) k++;
    const p = v[k] as number;
    out[q] = w * (q - p) * (q - p) + (f[p] as number);
  }
}
