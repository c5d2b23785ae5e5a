// An upper bound of the number of cells polyfill returns for one polygon, computed before any
// cell is generated.
//
// Every returned cell lies inside the polygon P grown by D: 0 for `full`, one cell circumradius
// r for `center` (the centre is inside), 2r for `overlapping` (the cell meets P). Writing each
// cell as ∫ over the cell of 1/area(cell), and bounding a cell's area from below at any of its
// points x by the smallest cell whose centre is within r of x (angle θ(x) + r to the nearest
// face centre, see cell-size-bounds.ts):
//   count ≤ Σ_tiles area(P ∩ tile) / minArea(θmax(tile) + r) + growth / minArea(θmax + D + r)
// where the tiles split P's box into a grid (areas exact by Green's theorem when the exterior
// ring is proven simple; otherwise one tile holding the fan-of-triangles bound) and the growth
// of P by D is at most Σ_rings (2·D·L + π·D²) for ring lengths L. θmax over a box comes from a
// grid of samples plus the grid's spacing, θ being 1-Lipschitz.
import type { PolygonRings } from "../areal-geometry.ts";
import {
  angleToNearestFace,
  EARTH_RADIUS_KM,
  minCellAreaKm2,
  resolutionSizes,
  toVec3,
  VERTEX_ANGLE,
} from "./cell-size-bounds.ts";
import type { Containment } from "./part-cells.ts";
import {
  type LonLatBox,
  ringBox,
  ringFanAreaBoundKm2,
  ringLengthBoundKm,
  ringTileAreasKm2,
} from "./ring-measures.ts";
import { isProvenSimpleRing } from "./ring-simplicity.ts";

interface Tile {
  /** Upper bound of the polygon's area inside the tile, km². */
  areaKm2: number;
  /** Upper bound of the angle from any point of the tile to its nearest face centre, radians. */
  maxFaceAngle: number;
}

export interface PartMeasures {
  tiles: Tile[];
  /** Upper bounds of each ring's length, km. */
  ringLengthsKm: number[];
  /** θmax over the whole box of the exterior ring, radians. */
  maxFaceAngle: number;
}

const RAD = Math.PI / 180;
const TILES = 8;
const TILE_SAMPLES = 2;

export function measurePart(rings: PolygonRings): PartMeasures {
  const exterior = rings[0] as PolygonRings[number];
  const box = ringBox(exterior);
  const ringLengthsKm = rings.map(ringLengthBoundKm);
  const angles = tileFaceAngles(box, TILES);
  const maxFaceAngle = Math.max(...angles.flat());
  if (!isProvenSimpleRing(exterior))
    return { tiles: [{ areaKm2: ringFanAreaBoundKm2(exterior), maxFaceAngle }], ringLengthsKm, maxFaceAngle };
  const areas = ringTileAreasKm2(exterior, box, TILES);
  const total = areas.reduce((sum, column) => sum + column.reduce((x, y) => x + y, 0), 0);
  const orientation = Math.sign(total) || 1;
  // Rounding in the per-tile sums, relative to the whole area.
  const slack = 1e-9 * Math.abs(total);
  const tiles: Tile[] = [];
  areas.forEach((column, i) => {
    column.forEach((area, j) => {
      tiles.push({
        areaKm2: Math.max(0, orientation * area) + slack,
        maxFaceAngle: angles[i]?.[j] as number,
      });
    });
  });
  return { tiles, ringLengthsKm, maxFaceAngle };
}

/**
 * A looser bound in a fraction of the work (no tiles, no simplicity test): the exterior's
 * fan-of-triangles area in one tile whose θmax comes from 3 × 3 samples. Enough to admit the
 * small jobs most callers send without the 17 × 17 face-angle samples and tile areas.
 */
export function coarseMeasurePart(rings: PolygonRings): PartMeasures {
  const exterior = rings[0] as PolygonRings[number];
  const maxFaceAngle = tileFaceAngles(ringBox(exterior), 1)[0]?.[0] as number;
  return {
    tiles: [{ areaKm2: ringFanAreaBoundKm2(exterior), maxFaceAngle }],
    ringLengthsKm: rings.map(ringLengthBoundKm),
    maxFaceAngle,
  };
}

/**
 * θmax of each tile of the tiles × tiles grid over `box`: the largest angle at a grid of
 * samples (TILE_SAMPLES steps per tile side, shared between neighbouring tiles) plus the
 * spacing's slack. Any point is within half a step in each direction of a sample, and a path
 * along latitude then longitude of that length is at most hypot(½·dLat, ½·dLon) radians long.
 */
function tileFaceAngles(box: LonLatBox, tiles: number): number[][] {
  const steps = tiles * TILE_SAMPLES;
  const stepLon = (box.maxLon - box.minLon) / steps;
  const stepLat = (box.maxLat - box.minLat) / steps;
  const sample = Array.from({ length: steps + 1 }, (_, i) =>
    Array.from({ length: steps + 1 }, (_, j) =>
      angleToNearestFace(toVec3(box.minLon + i * stepLon, box.minLat + j * stepLat)),
    ),
  );
  const slack = Math.hypot(stepLat / 2, stepLon / 2) * RAD;
  return Array.from({ length: tiles }, (_, ti) =>
    Array.from({ length: tiles }, (_, tj) => {
      let worst = 0;
      for (let i = ti * TILE_SAMPLES; i <= (ti + 1) * TILE_SAMPLES; i++) {
        for (let j = tj * TILE_SAMPLES; j <= (tj + 1) * TILE_SAMPLES; j++)
          worst = Math.max(worst, sample[i]?.[j] as number);
      }
      return Math.min(VERTEX_ANGLE, worst + slack);
    }),
  );
}

/** Upper bound of the number of cells of `res` that `containment` can return for the polygon. */
export function cellCountBound(m: PartMeasures, res: number, containment: Containment): number {
  const sizes = resolutionSizes(res);
  const r = sizes.maxCircumradiusKm;
  const grow = containment === "full" ? 0 : containment === "center" ? r : 2 * r;
  const reach = r / EARTH_RADIUS_KM;
  let count = 0;
  for (const t of m.tiles)
    count += t.areaKm2 / minCellAreaKm2(res, Math.min(VERTEX_ANGLE, t.maxFaceAngle + reach));
  let growth = 0;
  for (const length of m.ringLengthsKm) growth += 2 * grow * length + Math.PI * grow * grow;
  count +=
    growth / minCellAreaKm2(res, Math.min(VERTEX_ANGLE, m.maxFaceAngle + (grow + r) / EARTH_RADIUS_KM));
  return Math.min(sizes.cellCount, Math.floor(count));
}
