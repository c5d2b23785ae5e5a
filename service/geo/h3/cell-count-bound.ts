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
  RESOLUTION_SIZES,
  type ResolutionSizes,
  toVec3,
  VERTEX_ANGLE,
} from "./cell-size-bounds.ts";
import type { Containment } from "./part-cells.ts";
import {
  type LonLatBox,
  ringBox,
  ringFanAreaBoundKm2,
  ringLengthBoundKm,
  ringQuadrantAreaKm2,
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
  const maxFaceAngle = maxFaceAngleInBox(box, TILES);
  if (!isProvenSimpleRing(exterior))
    return { tiles: [{ areaKm2: ringFanAreaBoundKm2(exterior), maxFaceAngle }], ringLengthsKm, maxFaceAngle };
  const lons = Array.from(
    { length: TILES + 1 },
    (_, i) => box.minLon + ((box.maxLon - box.minLon) * i) / TILES,
  );
  const lats = Array.from(
    { length: TILES + 1 },
    (_, j) => box.minLat + ((box.maxLat - box.minLat) * j) / TILES,
  );
  lons[TILES] = box.maxLon;
  lats[TILES] = box.maxLat;
  const corner = lons.map((lon) => lats.map((lat) => ringQuadrantAreaKm2(exterior, lon, lat)));
  const q = (i: number, j: number): number => corner[i]?.[j] as number;
  const orientation = Math.sign(q(TILES, TILES)) || 1;
  // Rounding in the inclusion-exclusion below, relative to the whole area.
  const slack = 1e-9 * Math.abs(q(TILES, TILES));
  const tiles: Tile[] = [];
  for (let i = 0; i < TILES; i++) {
    for (let j = 0; j < TILES; j++) {
      const area = orientation * (q(i + 1, j + 1) - q(i, j + 1) - q(i + 1, j) + q(i, j));
      const tileBox = {
        minLon: lons[i] as number,
        maxLon: lons[i + 1] as number,
        minLat: lats[j] as number,
        maxLat: lats[j + 1] as number,
      };
      tiles.push({
        areaKm2: Math.max(0, area) + slack,
        maxFaceAngle: maxFaceAngleInBox(tileBox, TILE_SAMPLES),
      });
    }
  }
  return { tiles, ringLengthsKm, maxFaceAngle };
}

function maxFaceAngleInBox(box: LonLatBox, samples: number): number {
  const stepLon = (box.maxLon - box.minLon) / samples;
  const stepLat = (box.maxLat - box.minLat) / samples;
  let worst = 0;
  for (let i = 0; i <= samples; i++) {
    for (let j = 0; j <= samples; j++) {
      worst = Math.max(worst, angleToNearestFace(toVec3(box.minLon + i * stepLon, box.minLat + j * stepLat)));
    }
  }
  // Any point of the box is within half a step in each direction of a sample, and a path along
  // latitude then longitude of that length is at most hypot(½·dLat, ½·dLon) radians long.
  return Math.min(VERTEX_ANGLE, worst + Math.hypot(stepLat / 2, stepLon / 2) * RAD);
}

/** Upper bound of the number of cells of `res` that `containment` can return for the polygon. */
export function cellCountBound(m: PartMeasures, res: number, containment: Containment): number {
  const sizes = RESOLUTION_SIZES[res] as ResolutionSizes;
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
