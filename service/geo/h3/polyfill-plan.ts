// A polyfill request made ready before any cell is generated: each feature's parts checked for
// H3 (longitude spans, polar edges) and measured, so the number of cells can be bounded per
// resolution and the request refused, or sized, without generating anything.
import type { PolygonRings } from "../areal-geometry.ts";
import { cellCountBound, coarseMeasurePart, measurePart, type PartMeasures } from "./cell-count-bound.ts";
import { RESOLUTION_COUNT, resolutionSizes } from "./cell-size-bounds.ts";
import { partsForH3 } from "./longitude-spans.ts";
import type { Containment } from "./part-cells.ts";
import type { PolyfillFeature } from "./polyfill-input.ts";
import { refuseSelfCrossingRings } from "./self-crossing-rings.ts";

export interface PlannedFeature {
  id: string | number | null;
  parts: PolygonRings[];
  /** The parts' measures for the tight bound, taken on first use. */
  measures: () => PartMeasures[];
}

export function planFeatures(features: readonly PolyfillFeature[], field: string): PlannedFeature[] {
  return features.map((f) => {
    const paths =
      f.geometry.type === "Polygon"
        ? [f.coordinatesPath]
        : f.geometry.parts.map((_, k) => `${f.coordinatesPath}[${k}]`);
    refuseSelfCrossingRings(f.geometry.parts, paths, field);
    const parts = partsForH3(f.geometry.parts, paths, field);
    let measures: PartMeasures[] | undefined;
    return { id: f.id, parts, measures: () => (measures ??= parts.map(measurePart)) };
  });
}

/** Upper bound of the cells polyfill returns for one feature at `res` (the tight one the answers state). */
export function featureEstimate(f: PlannedFeature, res: number, containment: Containment): number {
  return boundOf(f.measures(), res, containment);
}

/**
 * Whether a looser, cheaper bound already keeps the job within `cap`: then no tight bound is
 * needed to admit it (small jobs skip most of the planning cost).
 */
export function coarselyWithin(
  features: readonly PlannedFeature[],
  resolutions: readonly number[],
  containment: Containment,
  cap: number,
): boolean {
  let sum = 0;
  for (const f of features) {
    const coarse = f.parts.map(coarseMeasurePart);
    for (const res of resolutions) sum += boundOf(coarse, res, containment);
  }
  return sum <= cap;
}

function boundOf(measures: readonly PartMeasures[], res: number, containment: Containment): number {
  let sum = 0;
  for (const m of measures) sum += cellCountBound(m, res, containment);
  return Math.min(sum, res >= 0 && res < RESOLUTION_COUNT ? resolutionSizes(res).cellCount : 0);
}

export function totalEstimate(
  features: readonly PlannedFeature[],
  res: number,
  containment: Containment,
): number {
  let sum = 0;
  for (const f of features) sum += featureEstimate(f, res, containment);
  return sum;
}

/** The finest single resolution whose estimate for all features stays within `cap`, or null. */
export function finestResolutionWithin(
  features: readonly PlannedFeature[],
  containment: Containment,
  cap: number,
): number | null {
  for (let res = RESOLUTION_COUNT - 1; res >= 0; res--) {
    if (totalEstimate(features, res, containment) <= cap) return res;
  }
  return null;
}
