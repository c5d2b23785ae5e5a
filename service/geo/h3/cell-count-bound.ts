// An upper bound of the number of cells polyfill returns for one polygon, computed before any
// cell is generated.
//
// Cells are disjoint, so count · (smallest possible cell area) ≤ area covered by those cells.
// Every returned cell lies inside the polygon grown by D: 0 for `full`, one cell circumradius r
// for `center` (the centre is inside), 2r for `overlapping` (the cell meets the polygon). The
// grown polygon's area is at most A + Σ_rings (2·D·L + π·D²) for ring lengths L, and A is at
// most the exterior ring's area (exact when the ring is proven simple, otherwise the
// fan-of-triangles bound that holds for any ring). The smallest possible cell area comes from
// the largest angle to a face centre over the polygon's box (sampled on a grid, plus the
// grid's spacing, the function being 1-Lipschitz) and, for `overlapping`, r beyond.
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
  ringSignedAreaKm2,
} from "./ring-measures.ts";
import { isProvenSimpleRing } from "./ring-simplicity.ts";

export interface PartMeasures {
  /** Upper bound of the polygon's area, km². */
  areaKm2: number;
  /** Upper bounds of each ring's length, km. */
  ringLengthsKm: number[];
  /** Upper bound of the angle from any point of the polygon to its nearest face centre, radians. */
  maxFaceAngle: number;
}

const RAD = Math.PI / 180;
const BOX_SAMPLES = 8;

export function measurePart(rings: PolygonRings): PartMeasures {
  const exterior = rings[0] as PolygonRings[number];
  const areaKm2 = isProvenSimpleRing(exterior)
    ? Math.abs(ringSignedAreaKm2(exterior))
    : ringFanAreaBoundKm2(exterior);
  return {
    areaKm2,
    ringLengthsKm: rings.map(ringLengthBoundKm),
    maxFaceAngle: maxFaceAngleInBox(ringBox(exterior)),
  };
}

function maxFaceAngleInBox(box: LonLatBox): number {
  const stepLon = (box.maxLon - box.minLon) / BOX_SAMPLES;
  const stepLat = (box.maxLat - box.minLat) / BOX_SAMPLES;
  let worst = 0;
  for (let i = 0; i <= BOX_SAMPLES; i++) {
    for (let j = 0; j <= BOX_SAMPLES; j++) {
      worst = Math.max(worst, angleToNearestFace(toVec3(box.minLon + i * stepLon, box.minLat + j * stepLat)));
    }
  }
  // Any point of the box is within half a grid step in each direction of a sample, and a path
  // along latitude then longitude of that length is at most hypot(½·dLat, ½·dLon) radians.
  const slack = Math.hypot(stepLat / 2, stepLon / 2) * RAD;
  return Math.min(VERTEX_ANGLE, worst + slack);
}

/** Upper bound of the number of cells of `res` that `containment` can return for the polygon. */
export function cellCountBound(m: PartMeasures, res: number, containment: Containment): number {
  const sizes = RESOLUTION_SIZES[res] as ResolutionSizes;
  const r = sizes.maxCircumradiusKm;
  const grow = containment === "full" ? 0 : containment === "center" ? r : 2 * r;
  const centreReach = containment === "overlapping" ? r / EARTH_RADIUS_KM : 0;
  const minArea = minCellAreaKm2(res, Math.min(VERTEX_ANGLE, m.maxFaceAngle + centreReach));
  let area = m.areaKm2;
  for (const length of m.ringLengthsKm) area += 2 * grow * length + Math.PI * grow * grow;
  return Math.min(sizes.cellCount, Math.floor(area / minArea));
}
