// POST /v1/geojson/repair, the kernel. Drops consecutive repeated positions, closes unclosed
// rings, fixes polygon nesting, rewinds rings to the RFC 7946 right-hand rule; everything else
// is reported in `unrepaired`. Same shape out as in, no coordinate moved, input untouched,
// idempotent. `unrepaired` is what validate finds in the answer (paths point into the answer);
// change paths point into the posted document.

import type { JsonObject } from "../json-object.ts";
import { ComparisonBudget, SELF_INTERSECTION_BUDGET } from "./budget.ts";
import { mapGeometries } from "./document-map.ts";
import type { PolygonalSite, RingSite } from "./document-structure.ts";
import {
  type ChangeEntry,
  Collector,
  element,
  issueAt,
  member,
  type Place,
  slotOf,
  type ValidationIssue,
} from "./issues.ts";
import { analysePolygons, type PolygonalAnalysis } from "./polygon-analysis.ts";
import { planNesting } from "./repair-nesting.ts";
import { closeRing, dropRepeats, reverseRing, usablePositions } from "./repair-rings.ts";
import { collectFindings, type ValidateOptions } from "./validate.ts";
import type { Position } from "./working-ring.ts";

/** `Doc`: the posted document's type; the repaired document has the same shape. */
export interface RepairResult<Doc = unknown> {
  geojson: Doc;
  changed: boolean;
  changeCount: number;
  changes: ChangeEntry[];
  unrepaired: ValidationIssue[];
}

interface PolygonalJob {
  site: PolygonalSite;
  /** Each ring as it stands after the ring-level repairs (or as posted when not repairable). */
  values: unknown[];
  /** For a MultiPolygon, members that are not arrays (kept as posted); nesting is then left alone. */
  nestable: boolean;
  memberCount: number;
  /** The posted coordinates. */
  original: unknown[];
  analysis?: PolygonalAnalysis;
}

type Change = (place: Place, code: ChangeEntry["code"], message: string) => void;

export function repairGeoJSON(doc: JsonObject, options?: ValidateOptions): RepairResult<JsonObject>;
export function repairGeoJSON(doc: unknown, options?: ValidateOptions): RepairResult;
export function repairGeoJSON(doc: unknown, options: ValidateOptions = {}): RepairResult {
  const changes = new Collector<ChangeEntry>();
  const change: Change = (place, code, message) => {
    const entry: ChangeEntry = { code, message, path: place.path };
    for (const k of ["featureIndex", "geometryIndex", "ringIndex"] as const)
      if (place[k] !== undefined) entry[k] = place[k];
    changes.add(place, entry);
  };
  // Pass 1: ring- and line-level repairs, and the polygonal geometries to analyse.
  const jobs = new Map<JsonObject, PolygonalJob>();
  const lines = new Map<JsonObject, unknown>();
  mapGeometries(doc, (g, place) => {
    const cp = member(place, "coordinates", slotOf(g, "coordinates"));
    if (g.type === "LineString") lines.set(g, repairLine(g.coordinates, cp, change));
    if (g.type === "MultiLineString" && Array.isArray(g.coordinates)) {
      lines.set(
        g,
        g.coordinates.map((line, i) => repairLine(line, element(cp, i), change)),
      );
    }
    if ((g.type === "Polygon" || g.type === "MultiPolygon") && Array.isArray(g.coordinates)) {
      jobs.set(g, polygonalJob(g.type, g.coordinates, place, cp, change));
    }
    return g;
  });
  const list = [...jobs.values()];
  const budget = new ComparisonBudget(options.budget ?? SELF_INTERSECTION_BUDGET);
  analysePolygons(
    list.map((j) => j.site),
    budget,
  ).forEach((a, i) => {
    (list[i] as PolygonalJob).analysis = a;
  });
  // Pass 2: nesting and winding, then rebuild.
  const repaired = mapGeometries(doc, (g) => {
    const job = jobs.get(g);
    const coords = job ? rebuildPolygonal(job, change) : lines.get(g);
    return coords === undefined || sameTree(coords, g.coordinates) ? g : { ...g, coordinates: coords };
  });
  const sorted = changes.sorted();
  const changed = sorted.length > 0;
  const geojson = changed ? repaired : doc;
  const { issues, skipped } = collectFindings(geojson, options);
  for (const s of skipped.entries()) {
    const place: Place = { path: s.value.path, key: s.key };
    issues.addAt(
      s.key,
      issueAt(place, "check_skipped", `The ${s.value.check} check did not run: ${s.value.reason}.`),
    );
  }
  return { geojson, changed, changeCount: sorted.length, changes: sorted, unrepaired: issues.sorted() };
}

function repairLine(value: unknown, place: Place, change: Change): unknown {
  if (!usablePositions(value)) return value;
  const { positions, dropped } = dropRepeats(value);
  if (dropped === 0 || positions.length < 2) return value;
  change(place, "deduped_vertices", `Dropped ${dropped} position(s) that repeated the one before.`);
  return positions;
}

function repairRing(value: unknown, place: Place, change: Change): readonly Position[] | undefined {
  if (!usablePositions(value)) return undefined;
  const deduped = dropRepeats(value);
  const closed = closeRing(deduped.positions);
  if (closed.positions.length < 4) return value.length >= 4 ? value : undefined;
  if (deduped.dropped > 0)
    change(place, "deduped_vertices", `Dropped ${deduped.dropped} position(s) that repeated the one before.`);
  if (closed.closed)
    change(place, "closed_ring", "Closed the ring by repeating its first position at the end.");
  return closed.positions;
}

function polygonalJob(
  type: "Polygon" | "MultiPolygon",
  coords: unknown[],
  place: Place,
  cp: Place,
  change: Change,
): PolygonalJob {
  const rings: RingSite[] = [];
  const values: unknown[] = [];
  const addRings = (poly: unknown[], pp: Place, m: number) =>
    poly.forEach((ring, r) => {
      const rp = element(pp, r, { ringIndex: r });
      const fixed = repairRing(ring, rp, change);
      rings.push({ place: rp, positions: fixed ? [...fixed] : undefined, member: m, ringIndex: r });
      values.push(fixed ?? ring);
    });
  let nestable = true;
  if (type === "Polygon") addRings(coords, cp, 0);
  else
    coords.forEach((poly, m) => {
      if (Array.isArray(poly)) addRings(poly, element(cp, m, { geometryIndex: m }), m);
      else nestable = false;
    });
  const memberCount = type === "Polygon" ? 1 : coords.length;
  return { site: { place, type, rings }, values, nestable, memberCount, original: coords };
}

function rebuildPolygonal(job: PolygonalJob, change: Change): unknown {
  const a = job.analysis as PolygonalAnalysis;
  const rings = job.site.rings;
  const memberPlace = (m: number): Place => {
    const first = rings.find((r) => r.member === m);
    const ringPlace = first?.place as Place;
    return {
      ...ringPlace,
      path: ringPlace.path.replace(/\[\d+\]$/, ""),
      key: ringPlace.key.slice(0, -1),
      ringIndex: undefined,
    };
  };
  let polygons: number[][] | undefined;
  if (job.nestable && a.nesting.kind === "done") {
    const plan = planNesting(rings, job.memberCount, a.nesting.facts);
    if (plan) {
      polygons = plan.polygons;
      for (const { member: m, ring } of plan.reordered) {
        const rp = (rings[ring] as RingSite).place;
        change(
          { ...memberPlace(m), ringIndex: rp.ringIndex },
          "reordered_rings",
          `Moved ring ${rp.ringIndex}, which contains the others, to the front as the exterior ring.`,
        );
      }
      for (const { ring, to } of plan.split) {
        const r = rings[ring] as RingSite;
        change(
          r.place,
          "split_hole",
          `Moved hole ${r.ringIndex} of polygon ${r.member} to polygon ${to}, whose exterior contains it.`,
        );
      }
      for (const { member: m, into } of plan.folded) {
        change(
          memberPlace(m),
          "folded_hole",
          `Folded polygon ${m}, which lies inside the exterior of polygon ${into}, into it as a hole.`,
        );
      }
    }
  }
  polygons ??= originalLayout(job);
  const ringValue = (id: number, exterior: boolean): unknown => {
    const value = job.values[id];
    const r = a.rings[id];
    const want = exterior ? 1 : -1;
    if (!r || r.orientation === 0 || r.orientation === want || !Array.isArray(value)) return value;
    const role = exterior ? "exterior ring runs counterclockwise" : "hole runs clockwise";
    change(r.site.place, "rewound_ring", `Reversed the ring so that the ${role} (RFC 7946 right-hand rule).`);
    return reverseRing(value as Position[]);
  };
  const built = polygons.map((ids) => ids.map((id, k) => ringValue(id, k === 0)));
  if (job.site.type === "Polygon") return built[0] ?? [];
  if (job.nestable) return built;
  // Members that are not arrays stay as posted.
  return job.original.map((m, i) => (Array.isArray(m) ? built[i] : m));
}

function originalLayout(job: PolygonalJob): number[][] {
  const out: number[][] = Array.from({ length: job.memberCount }, () => []);
  for (const [id, r] of job.site.rings.entries()) out[r.member]?.push(id);
  return out;
}

/** Deep identity check: true when `a` is `b` or an array whose elements are all identical to b's. */
function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => sameTree(x, b[i]));
}
