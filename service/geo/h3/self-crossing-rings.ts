// Rings that cross themselves are refused before anything is estimated, with the validator's
// check name (`self_intersection`, as POST /v1/geojson/validate reports it) and the path of the
// first of two crossing segments. H3 would cover such a ring somehow, and the cell-count bound
// can only take its fan-of-triangles area (issue 31: 1,814,888 estimated where h3-js counts
// 95,602), so neither answer nor refusal would mean much. The fast grid test (ring-simplicity.ts)
// clears everyday rings; only a ring it cannot prove simple goes through the validator's exact
// sweep. Touching at a vertex is not refused: H3 reads such rings without ambiguity.
import type { PolygonRings } from "../areal-geometry.ts";
import { ComparisonBudget, SELF_INTERSECTION_BUDGET } from "../geojson/budget.ts";
import { checkRingSimple } from "../geojson/ring-simplicity.ts";
import { workingRing } from "../geojson/working-ring.ts";
import { Refusal } from "../refusal.ts";
import { isProvenSimpleRing } from "./ring-simplicity.ts";

/** Throws `invalid_geometry` (check `self_intersection`) for the first ring whose segments cross. */
export function refuseSelfCrossingRings(
  parts: readonly PolygonRings[],
  paths: readonly string[],
  field: string,
): void {
  parts.forEach((part, i) => {
    part.forEach((ring, r) => {
      if (isProvenSimpleRing(ring)) return;
      const working = workingRing(ring);
      const found = checkRingSimple(working, new ComparisonBudget(SELF_INTERSECTION_BUDGET));
      if (found.kind !== "intersection") return;
      const at = (segment: number) => working.source[segment] as number;
      throw new Refusal("invalid_geometry", {
        field,
        path: `${paths[i]}[${r}][${at(found.segmentA)}]`,
        reason: `the ring crosses itself: the segments starting at positions ${at(found.segmentA)} and ${at(found.segmentB)} meet; repair or split it (POST /v1/geojson/validate shows where)`,
        check: "self_intersection",
      });
    });
  });
}
