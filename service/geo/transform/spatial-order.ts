// The order in which a datum shift visits a region's positions: row by row over a coarse grid of
// the region's extent (a counting sort, stable), so consecutive positions read neighbouring grid
// nodes and the tiles stay in the processor's cache. Each position is shifted independently: the
// order changes the time, never an answer.
import { nodeExtent, type ShiftGridHeader } from "../../../artifacts/format/shift-grid.ts";
import { gridLongitude } from "./nadcon5-interpolation.ts";

/** Buckets per axis: 64 × 64 over the extent, a few kilobytes of counts whatever the grid. */
const BUCKETS = 64;

/** `idx` (positions inside `header`'s node extent) reordered by bucket, row-major; a new array. */
export function spatialOrder(
  idx: Int32Array,
  lon: Float64Array,
  lat: Float64Array,
  header: ShiftGridHeader,
): Int32Array {
  const [west, south, east, north] = nodeExtent(header);
  const sx = BUCKETS / (east - west);
  const sy = BUCKETS / (north - south);
  const n = idx.length;
  const key = new Int32Array(n);
  const start = new Int32Array(BUCKETS * BUCKETS + 1);
  for (let k = 0; k < n; k++) {
    const i = idx[k] as number;
    const bx = Math.min(
      BUCKETS - 1,
      Math.max(0, Math.floor((gridLongitude(header, lon[i] as number) - west) * sx)),
    );
    const by = Math.min(BUCKETS - 1, Math.max(0, Math.floor(((lat[i] as number) - south) * sy)));
    const b = by * BUCKETS + bx;
    key[k] = b;
    start[b + 1] = (start[b + 1] as number) + 1;
  }
  for (let b = 0; b < BUCKETS * BUCKETS; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number);
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const b = key[k] as number;
    const at = start[b] as number;
    out[at] = idx[k] as number;
    start[b] = at + 1;
  }
  return out;
}
