// The Validation issue, Skipped check and Change entry resources, and where things are in a
// document: a dotted path from the root ($.features[3].geometry.coordinates[1][7]) plus a sort
// key that orders issues as the members and elements appear in the posted document.

export const ISSUE_SEVERITY = {
  // Structure (RFC 7946 MUST rules).
  invalid_root: "error",
  invalid_type: "error",
  missing_member: "error",
  invalid_member: "error",
  changed_semantics: "error",
  invalid_bbox: "error",
  invalid_coordinates: "error",
  invalid_position: "error",
  coordinate_out_of_range: "error",
  short_linestring: "error",
  short_ring: "error",
  unclosed_ring: "error",
  // Rings and polygons.
  degenerate_ring: "error",
  ring_winding: "error",
  self_intersection: "error",
  hole_outside_exterior: "error",
  nested_holes: "error",
  overlapping_holes: "error",
  disconnected_interior: "error",
  overlapping_polygons: "error",
  // RFC 7946 SHOULD rules and lint.
  duplicate_vertex: "warning",
  obsolete_crs: "warning",
  position_extra_elements: "warning",
  nested_geometry_collection: "warning",
  homogeneous_geometry_collection: "warning",
  // Repair only: a check that could not run, listed in `unrepaired`.
  check_skipped: "warning",
} as const;

export type IssueCode = keyof typeof ISSUE_SEVERITY;
export type Severity = "error" | "warning";

export interface Indexes {
  featureIndex?: number;
  geometryIndex?: number;
  ringIndex?: number;
  positionIndex?: number;
}

export interface ValidationIssue extends Indexes {
  code: IssueCode;
  severity: Severity;
  message: string;
  path: string;
}

/** A check validation may skip (and says so). */
export type SkippableCheck = "self_intersection" | "ring_nesting" | "structure";

export interface SkippedCheck {
  check: SkippableCheck;
  reason: string;
  path: string;
}

export type ChangeCode =
  | "rewound_ring"
  | "deduped_vertices"
  | "closed_ring"
  | "reordered_rings"
  | "split_hole"
  | "folded_hole";

export interface ChangeEntry {
  code: ChangeCode;
  message: string;
  path: string;
  featureIndex?: number;
  geometryIndex?: number;
  ringIndex?: number;
}

/** A location: its path, its document-order key and the indexes an issue there carries. */
export interface Place extends Indexes {
  path: string;
  key: readonly number[];
}

export const ROOT: Place = { path: "$", key: [] };

/** The member `name` of the object at `place`; `slot` is its rank among the object's keys. */
export function member(place: Place, name: string, slot: number): Place {
  return { ...place, path: `${place.path}.${name}`, key: [...place.key, slot] };
}

/** Element `i` of the array at `place`, with index fields to set on the way. */
export function element(place: Place, i: number, indexes: Indexes = {}): Place {
  return { ...place, ...indexes, path: `${place.path}[${i}]`, key: [...place.key, i] };
}

/** Rank of a member among an object's keys; members that are absent sort last. */
export function slotOf(obj: object, name: string): number {
  const i = Object.keys(obj).indexOf(name);
  return i < 0 ? Object.keys(obj).length : i;
}

export interface Located<T> {
  key: readonly number[];
  seq: number;
  value: T;
}

/** Collects items with their document-order keys; `sorted()` returns them in document order. */
export class Collector<T> {
  readonly #items: Located<T>[] = [];

  add(place: Place, value: T): void {
    this.addAt(place.key, value);
  }

  addAt(key: readonly number[], value: T): void {
    this.#items.push({ key, seq: this.#items.length, value });
  }

  entries(): readonly Located<T>[] {
    return this.#items;
  }

  get size(): number {
    return this.#items.length;
  }

  sorted(): T[] {
    return [...this.#items].sort(compareLocated).map((x) => x.value);
  }
}

function compareLocated<T>(a: Located<T>, b: Located<T>): number {
  const n = Math.min(a.key.length, b.key.length);
  for (let i = 0; i < n; i++) {
    const d = (a.key[i] as number) - (b.key[i] as number);
    if (d !== 0) return d;
  }
  return a.key.length - b.key.length || a.seq - b.seq;
}

/** An issue at a place: code, severity from the table, message, path and indexes. */
export function issueAt(place: Place, code: IssueCode, message: string): ValidationIssue {
  const issue: ValidationIssue = { code, severity: ISSUE_SEVERITY[code], message, path: place.path };
  for (const k of ["featureIndex", "geometryIndex", "ringIndex", "positionIndex"] as const) {
    const v = place[k];
    if (v !== undefined) issue[k] = v;
  }
  return issue;
}
