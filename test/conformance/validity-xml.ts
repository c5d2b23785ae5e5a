// Our verdict on the polygonal isValid cases of the JTS/GEOS xmltester suites, and the class of
// every disagreement. RFC 7946 and OGC Simple Features differ on purpose in three ways: winding
// is an error for us and free for OGC; the suites' planar coordinates (up to 420) are outside
// longitude/latitude range, an error for us; EMPTY rings have no GeoJSON form (an empty array is
// not a linear ring). Repeated points are warnings for us and valid for OGC: no difference.
import { validateGeoJSON } from "../../service/geo/geojson/validate.ts";
import type { SuiteCase } from "./suites.ts";

export type DiffClass = "winding" | "range" | "winding+range" | "empty-ring" | "geometry";

const RFC_ONLY = new Set(["ring_winding", "coordinate_out_of_range"]);

export interface ValidityScore {
  total: number;
  /** Our verdict (errors of any kind) equals theirs. */
  agree: number;
  /** Our verdict with winding and range errors set aside equals theirs. */
  agreeGeometric: number;
  classes: Record<DiffClass, string[]>;
}

export function scoreValidity(cases: readonly SuiteCase[]): ValidityScore {
  const score: ValidityScore = {
    total: cases.length,
    agree: 0,
    agreeGeometric: 0,
    classes: { winding: [], range: [], "winding+range": [], "empty-ring": [], geometry: [] },
  };
  for (const c of cases) {
    const errors = validateGeoJSON(c.doc).errors.filter((e) => e.severity === "error");
    const ours = errors.length === 0;
    const geometric = errors.filter((e) => !RFC_ONLY.has(e.code));
    if (ours === c.expectValid) score.agree++;
    if ((geometric.length === 0) === c.expectValid) score.agreeGeometric++;
    if (ours === c.expectValid) continue;
    if ((geometric.length === 0) !== c.expectValid) {
      const emptyRing = /\bEMPTY\b/.test(c.name) || hasEmptyRing(c.doc);
      score.classes[emptyRing ? "empty-ring" : "geometry"].push(c.name);
    } else {
      const codes = new Set(errors.map((e) => e.code));
      const cls =
        codes.has("ring_winding") && codes.has("coordinate_out_of_range")
          ? "winding+range"
          : codes.has("ring_winding")
            ? "winding"
            : "range";
      score.classes[cls].push(c.name);
    }
  }
  return score;
}

function hasEmptyRing(doc: unknown): boolean {
  const g = doc as { type: string; coordinates: unknown[] };
  const polys = (g.type === "Polygon" ? [g.coordinates] : g.coordinates) as unknown[][];
  return polys.some((p) => p.some((ring) => Array.isArray(ring) && ring.length === 0));
}
