// The 1° fast grid: a lat/lng square gets a value when every H3 resolution-6 cell a point of it
// can fall in has the same answer (a boundary zone, a coastal zone, or open water), so most
// lookups skip H3 entirely. Candidates of a square: the resolution-4 cells holding a lattice of
// points every ½° over it, widened by 4 rings of neighbours. A point of the square lies within
// ½°·√2/2 (≤ 40 km) of a lattice point, so at most two resolution-4 cells away from that point's
// cell, and its resolution-6 cell descends from the cell it lies in or a neighbour; the fourth
// ring is margin. `verify` re-checks the grid against the cell indexes on seeded points.
import { gridDisk, latLngToCell } from "h3-js";
import { bigIntToCell } from "../../artifacts/format/h3-key.ts";
import { TILE_COASTAL_FLAG, TILE_DEGREES, TILE_NAUTICAL } from "../../artifacts/format/timezone-lookup.ts";
import { COMPACT_IDS, cellOfPrefix, isCellPrefix, parentLevel, prefixOf } from "../lib/res6-grid.ts";

const R = 4;
const RINGS = 4;
const STEPS_PER_TILE = 2;
export const TILE_MAX_ABS_LAT = 85;

export interface TileGrid {
  rows: number;
  cols: number;
  values: Uint16Array;
  uniform: number;
}

type Progress = (label: string, done: number, total?: number) => void;

/** Grid values: 0 = look the cell up; zone + 1 = boundary; TILE_COASTAL_FLAG | zone + 1 = coastal; TILE_NAUTICAL. */
export function uniformTiles(land: Uint16Array, coast: Uint16Array, progress: Progress): TileGrid {
  const widened = widenedLabels(land, coast, progress);
  const rows = 180 / TILE_DEGREES;
  const cols = 360 / TILE_DEGREES;
  const values = new Uint16Array(rows * cols);
  // Lattice of sample points every TILE_DEGREES / STEPS_PER_TILE, shared by neighbouring squares.
  const latSteps = rows * STEPS_PER_TILE + 1;
  const lonSteps = cols * STEPS_PER_TILE + 1;
  const step = TILE_DEGREES / STEPS_PER_TILE;
  const firstRow = (90 - TILE_MAX_ABS_LAT) / TILE_DEGREES;
  const lastRow = rows - firstRow;
  const lattice = new Uint16Array(latSteps * lonSteps);
  for (let i = firstRow * STEPS_PER_TILE; i <= lastRow * STEPS_PER_TILE; i++) {
    for (let j = 0; j < lonSteps; j++) {
      lattice[i * lonSteps + j] =
        widened[prefixOf(latLngToCell(-90 + i * step, Math.min(180, -180 + j * step), R), R)]!;
    }
    progress(
      "timezone: 1° fast grid (lattice rows)",
      i + 1 - firstRow * STEPS_PER_TILE,
      (lastRow - firstRow) * STEPS_PER_TILE + 1,
    );
  }
  let uniform = 0;
  for (let r = firstRow; r < lastRow; r++) {
    for (let k = 0; k < cols; k++) {
      let label = -1;
      for (let i = r * STEPS_PER_TILE; i <= (r + 1) * STEPS_PER_TILE && label !== 0; i++) {
        for (let j = k * STEPS_PER_TILE; j <= (k + 1) * STEPS_PER_TILE; j++) {
          const l = lattice[i * lonSteps + j]!;
          if (label === -1) label = l;
          else if (l !== label) {
            label = 0;
            break;
          }
        }
      }
      if (label > 0) {
        values[r * cols + k] = label;
        uniform++;
      }
    }
  }
  return { rows, cols, values, uniform };
}

/**
 * Per resolution-R cell: its answer when every resolution-6 descendant of it and of its
 * neighbours up to RINGS rings away has that one answer, else 0. A cell is spoiled when it lies
 * within RINGS − 1 rings of an "edge" cell (one with a neighbour of another answer), so a
 * breadth-first search from the edge cells replaces a RINGS-disk per cell.
 */
function widenedLabels(land: Uint16Array, coast: Uint16Array, progress: Progress): Uint16Array {
  let level: Uint16Array = new Uint16Array(COMPACT_IDS).fill(TILE_NAUTICAL);
  for (let c = 0; c < COMPACT_IDS; c++) {
    if (land[c] !== 0) level[c] = land[c]!;
    else if (coast[c] !== 0) level[c] = TILE_COASTAL_FLAG | coast[c]!;
  }
  for (let res = 5; res >= R; res--) level = parentLevel(level, res);
  const spoiled = new Uint8Array(level.length);
  let frontier: string[] = [];
  for (let p = 0; p < level.length; p++) {
    if (p % 65536 === 0) progress("timezone: 1° fast grid (edges)", p, level.length);
    if (!isCellPrefix(p, R)) continue;
    const own = level[p]!;
    const cell = bigIntToCell(cellOfPrefix(p, R));
    if (own === 0 || gridDisk(cell, 1).some((n) => level[prefixOf(n, R)] !== own)) {
      spoiled[p] = 1;
      frontier.push(cell);
    }
  }
  for (let ring = 1; ring < RINGS; ring++) {
    const next: string[] = [];
    for (const cell of frontier) {
      for (const n of gridDisk(cell, 1)) {
        const q = prefixOf(n, R);
        if (spoiled[q] === 0) {
          spoiled[q] = 1;
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  const widened = new Uint16Array(level.length);
  for (let p = 0; p < level.length; p++) if (spoiled[p] === 0 && isCellPrefix(p, R)) widened[p] = level[p]!;
  return widened;
}
