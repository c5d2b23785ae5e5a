// POST /v1/geojson/validate, the kernel: structure, coordinate range, rings (closure, length,
// duplicates, winding, self-intersection) and polygon nesting, issues in document order.
import { ComparisonBudget, SELF_INTERSECTION_BUDGET } from "./budget.ts";
import { walkDocument } from "./document-structure.ts";
import {
  Collector,
  element,
  type IssueCode,
  issueAt,
  type Place,
  type SkippedCheck,
  type ValidationIssue,
} from "./issues.ts";
import { analysePolygons, type PolygonalAnalysis, type RingAnalysis } from "./polygon-analysis.ts";
import type { TopologyFinding } from "./polygon-topology.ts";

export interface ValidationResult {
  valid: boolean;
  errorCount: number;
  warningCount: number;
  errors: ValidationIssue[];
  checksSkipped: SkippedCheck[];
}

export interface ValidateOptions {
  /** Segment-pair comparisons allowed (default: the published selfIntersectionBudget). */
  budget?: number;
}

/** Validates a parsed GeoJSON document. Never throws on any JSON value; never mutates it. */
export function validateGeoJSON(doc: unknown, options: ValidateOptions = {}): ValidationResult {
  const { issues, skipped } = collectFindings(doc, options);
  const errors = issues.sorted();
  const errorCount = errors.filter((i) => i.severity === "error").length;
  return {
    valid: errorCount === 0,
    errorCount,
    warningCount: errors.length - errorCount,
    errors,
    checksSkipped: skipped.sorted(),
  };
}

/** Issues and skipped checks of a document, with their document-order keys (unsorted). */
export function collectFindings(
  doc: unknown,
  options: ValidateOptions = {},
): { issues: Collector<ValidationIssue>; skipped: Collector<SkippedCheck> } {
  const issues = new Collector<ValidationIssue>();
  const skipped = new Collector<SkippedCheck>();
  const sites = walkDocument(
    doc,
    (place, code, message) => issues.add(place, issueAt(place, code, message)),
    (place, check, reason) => skipped.add(place, { check, reason, path: place.path }),
  );
  const analyses = analysePolygons(sites, new ComparisonBudget(options.budget ?? SELF_INTERSECTION_BUDGET));
  for (const a of analyses) reportAnalysis(a, issues, skipped);
  return { issues, skipped };
}

function reportAnalysis(
  a: PolygonalAnalysis,
  issues: Collector<ValidationIssue>,
  skipped: Collector<SkippedCheck>,
): void {
  const add = (place: Place, code: IssueCode, message: string) =>
    issues.add(place, issueAt(place, code, message));
  for (const r of a.rings) reportRing(r, add, skipped);
  const n = a.nesting;
  if (n.kind === "blocked" || n.kind === "skipped") {
    const reason =
      n.kind === "blocked" ? `not checked: ${n.reason}; nesting is undefined until that is fixed` : n.reason;
    skipped.add(a.site.place, { check: "ring_nesting", reason, path: a.site.place.path });
  } else if (n.kind === "done") {
    for (const f of n.findings) {
      const r = a.rings[f.ring] as RingAnalysis;
      const place = f.vertex >= 0 && r.ring ? at(r, r.ring.source[f.vertex] as number) : r.site.place;
      add(place, f.code, findingMessage(f, a));
    }
  }
}

function at(r: RingAnalysis, position: number): Place {
  return element(r.site.place, position, { positionIndex: position });
}

function reportRing(
  r: RingAnalysis,
  add: (place: Place, code: IssueCode, message: string) => void,
  skipped: Collector<SkippedCheck>,
): void {
  const o = r.outcome;
  const ring = r.ring;
  if (!o || !ring) return;
  const src = (v: number) => ring.source[v] as number;
  const end = (seg: number) => (seg + 1 === ring.n ? (r.site.positions?.length ?? 1) - 1 : src(seg + 1));
  switch (o.kind) {
    case "degenerate":
      add(
        r.site.place,
        "degenerate_ring",
        `The ring has only ${o.distinct} distinct position(s), so it bounds no area.`,
      );
      break;
    case "repeated_vertex":
      add(
        at(r, src(o.second)),
        "self_intersection",
        `The ring touches itself: position ${src(o.second)} repeats position ${src(o.first)}.`,
      );
      break;
    case "spike":
      add(
        at(r, src(o.vertex)),
        "self_intersection",
        `The ring folds back on itself at position ${src(o.vertex)} (a spike).`,
      );
      break;
    case "intersection": {
      const [lo, hi] = o.segmentA < o.segmentB ? [o.segmentA, o.segmentB] : [o.segmentB, o.segmentA];
      add(
        at(r, src(hi)),
        "self_intersection",
        `The edge from position ${src(hi)} to ${end(hi)} meets the edge from position ${src(lo)} to ${end(lo)}.`,
      );
      break;
    }
    case "skipped":
      skipped.add(r.site.place, { check: "self_intersection", reason: o.reason, path: r.site.place.path });
      break;
  }
  const want = r.site.ringIndex === 0 ? 1 : -1;
  if (r.orientation !== 0 && r.orientation !== want) {
    const role =
      r.site.ringIndex === 0 ? "An exterior ring must be counterclockwise" : "A hole must be clockwise";
    const is = r.orientation > 0 ? "counterclockwise" : "clockwise";
    add(r.site.place, "ring_winding", `${role} (RFC 7946 right-hand rule); this one is ${is}.`);
  }
}

function findingMessage(f: TopologyFinding, a: PolygonalAnalysis): string {
  const name = (id: number) => {
    const s = (a.rings[id] as RingAnalysis).site;
    const ring = s.ringIndex === 0 ? "exterior ring" : `hole ${s.ringIndex}`;
    return a.site.type === "MultiPolygon" ? `${ring} of polygon ${s.member}` : ring;
  };
  const me = name(f.ring);
  const other = name(f.other);
  switch (f.code) {
    case "hole_outside_exterior":
      return `The ${me} is not inside the ${other}: it lies outside, crosses it or shares an edge with it.`;
    case "nested_holes":
      return `The ${me} lies inside the ${other}; a hole cannot contain another hole.`;
    case "overlapping_holes":
      return `The ${me} crosses or shares an edge with the ${other}.`;
    case "disconnected_interior":
      return `The ${me} touches the ${other} and other rings so that they cut the polygon's interior in pieces.`;
    case "overlapping_polygons":
      return `The ${me} overlaps, crosses or shares an edge with the ${other}; MultiPolygon members may only touch at points.`;
  }
}
