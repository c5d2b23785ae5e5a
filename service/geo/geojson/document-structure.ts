// Walks a GeoJSON document and checks its structure against RFC 7946: object types, required and
// forbidden members, bbox, crs, and the coordinates of each geometry type. Collects the polygonal
// geometries (with their usable rings) for the ring and nesting checks that follow.

import { isJsonObject, type JsonObject } from "../json-object.ts";
import { element, member, type Place, ROOT, type SkippableCheck, slotOf } from "./issues.ts";
import { checkLine, checkPosition, checkPositionList, checkRing, type Report } from "./positions.ts";
import type { Position } from "./working-ring.ts";

export const GEOMETRY_TYPES = [
  "Point",
  "MultiPoint",
  "LineString",
  "MultiLineString",
  "Polygon",
  "MultiPolygon",
  "GeometryCollection",
] as const;
const GEOJSON_TYPES = ["FeatureCollection", "Feature", ...GEOMETRY_TYPES] as const;

export interface RingSite {
  place: Place;
  /** The ring's positions when it can take part in topology checks (≥ 4 usable positions). */
  positions: Position[] | undefined;
  /** Polygon index within a MultiPolygon, 0 for a Polygon. */
  member: number;
  ringIndex: number;
}

export interface PolygonalSite {
  place: Place;
  type: "Polygon" | "MultiPolygon";
  rings: RingSite[];
}

/** Geometry collections nested deeper than this are not walked; the rest is listed as skipped. */
export const MAX_COLLECTION_DEPTH = 64;

export type Skip = (place: Place, check: SkippableCheck, reason: string) => void;

interface Walk {
  report: Report;
  skip: Skip;
  sites: PolygonalSite[];
}

/** Members that would change a type's semantics (RFC 7946 §7.1). */
const FORBIDDEN: Record<"FeatureCollection" | "Feature" | "Geometry", readonly string[]> = {
  FeatureCollection: ["coordinates", "geometries", "geometry", "properties"],
  Feature: ["coordinates", "geometries", "features"],
  Geometry: ["geometry", "properties", "features"],
};

export function walkDocument(doc: unknown, report: Report, skip: Skip = () => {}): PolygonalSite[] {
  const sites: PolygonalSite[] = [];
  const w: Walk = { report, skip, sites };
  if (!isJsonObject(doc)) {
    report(ROOT, "invalid_root", "The root of a GeoJSON document must be a JSON object.");
    return sites;
  }
  const type = checkType(doc, ROOT, GEOJSON_TYPES, report);
  if (type === "FeatureCollection") walkCollection(doc, ROOT, w);
  else if (type === "Feature") walkFeature(doc, ROOT, w);
  else if (type) walkGeometry(doc, ROOT, type, w, 0);
  return sites;
}

/** The object's `type` when it is one of `allowed`; reports and returns undefined otherwise. */
function checkType<T extends string>(
  obj: JsonObject,
  place: Place,
  allowed: readonly T[],
  report: Report,
): T | undefined {
  const at = member(place, "type", slotOf(obj, "type"));
  const t = obj.type;
  if (t === undefined) report(at, "missing_member", 'A GeoJSON object needs a "type" member.');
  else if (typeof t !== "string")
    report(at, "invalid_type", `The "type" member must be a string, not ${kindOf(t)}.`);
  else if (!(allowed as readonly string[]).includes(t)) {
    const near = allowed.find((a) => a.toLowerCase() === t.toLowerCase());
    const hint = near ? ` (types are case-sensitive: "${near}")` : "";
    report(
      at,
      "invalid_type",
      `"${t}" is not an accepted type here: expected one of ${allowed.join(", ")}${hint}.`,
    );
  } else {
    checkCommonMembers(obj, place, t, report);
    return t as T;
  }
  return undefined;
}

function checkCommonMembers(obj: JsonObject, place: Place, type: string, report: Report): void {
  if ("bbox" in obj) {
    const b = obj.bbox;
    const ok =
      Array.isArray(b) &&
      b.length >= 4 &&
      b.length % 2 === 0 &&
      b.every((v) => typeof v === "number" && Number.isFinite(v));
    if (!ok) {
      report(
        member(place, "bbox", slotOf(obj, "bbox")),
        "invalid_bbox",
        "A bbox must be an array of 2·n finite numbers (n ≥ 2 dimensions).",
      );
    }
  }
  if ("crs" in obj) {
    report(
      member(place, "crs", slotOf(obj, "crs")),
      "obsolete_crs",
      'The "crs" member was removed in RFC 7946; coordinates are WGS 84 longitude, latitude.',
    );
  }
  const group = type === "FeatureCollection" || type === "Feature" ? type : "Geometry";
  for (const name of FORBIDDEN[group]) {
    if (name in obj) {
      const what = group === "Geometry" ? "A geometry" : `A ${group}`;
      report(
        member(place, name, slotOf(obj, name)),
        "changed_semantics",
        `${what} must not contain a "${name}" member (RFC 7946 §7.1).`,
      );
    }
  }
}

function walkCollection(fc: JsonObject, place: Place, w: Walk): void {
  const { report } = w;
  const at = member(place, "features", slotOf(fc, "features"));
  const features = fc.features;
  if (features === undefined) {
    report(at, "missing_member", 'A FeatureCollection needs a "features" member.');
    return;
  }
  if (!Array.isArray(features)) {
    report(at, "invalid_member", `"features" must be an array, not ${kindOf(features)}.`);
    return;
  }
  features.forEach((f, i) => {
    const fp = element(at, i, { featureIndex: i });
    if (!isJsonObject(f)) {
      report(fp, "invalid_member", `Every feature must be an object, not ${kindOf(f)}.`);
      return;
    }
    if (checkType(f, fp, ["Feature"], report)) walkFeature(f, fp, w);
  });
}

function walkFeature(f: JsonObject, place: Place, w: Walk): void {
  const { report } = w;
  const gp = member(place, "geometry", slotOf(f, "geometry"));
  const g = f.geometry;
  if (g === undefined)
    report(gp, "missing_member", 'A Feature needs a "geometry" member (null when it has none).');
  else if (g !== null && !isJsonObject(g))
    report(gp, "invalid_member", `"geometry" must be an object or null, not ${kindOf(g)}.`);
  else if (g !== null) {
    const t = checkType(g, gp, GEOMETRY_TYPES, report);
    if (t) walkGeometry(g, gp, t, w, 0);
  }
  const pp = member(place, "properties", slotOf(f, "properties"));
  if (!("properties" in f))
    report(pp, "missing_member", 'A Feature needs a "properties" member (null when it has none).');
  else if (f.properties !== null && !isJsonObject(f.properties)) {
    report(pp, "invalid_member", `"properties" must be an object or null, not ${kindOf(f.properties)}.`);
  }
  if ("id" in f && typeof f.id !== "string" && typeof f.id !== "number") {
    report(
      member(place, "id", slotOf(f, "id")),
      "invalid_member",
      `A Feature "id" must be a string or a number, not ${kindOf(f.id)}.`,
    );
  }
}

function walkGeometry(
  g: JsonObject,
  place: Place,
  type: (typeof GEOMETRY_TYPES)[number],
  w: Walk,
  depth: number,
): void {
  const { report, sites } = w;
  if (type === "GeometryCollection") {
    walkGeometryCollection(g, place, w, depth);
    return;
  }
  const cp = member(place, "coordinates", slotOf(g, "coordinates"));
  const c = g.coordinates;
  if (c === undefined) {
    report(cp, "missing_member", `A ${type} needs a "coordinates" member.`);
    return;
  }
  if (!Array.isArray(c)) {
    report(cp, "invalid_coordinates", `"coordinates" must be an array, not ${kindOf(c)}.`);
    return;
  }
  if (c.length === 0) return; // RFC 7946 §3.1: empty coordinates may stand for an empty geometry
  switch (type) {
    case "Point":
      checkPosition(c, cp, report);
      return;
    case "MultiPoint":
      checkPositionList(c, cp, report, false);
      return;
    case "LineString":
      checkLine(c, cp, report);
      return;
    case "MultiLineString":
      for (const [i, line] of c.entries()) checkLine(line, element(cp, i), report);
      return;
    case "Polygon":
      sites.push({ place, type, rings: polygonRings(c, cp, 0, report) });
      return;
    case "MultiPolygon": {
      const rings: RingSite[] = [];
      c.forEach((poly, m) => {
        const pp = element(cp, m, { geometryIndex: m });
        if (!Array.isArray(poly)) {
          report(pp, "invalid_coordinates", "Expected an array of linear rings here.");
          return;
        }
        rings.push(...polygonRings(poly, pp, m, report));
      });
      sites.push({ place, type, rings });
    }
  }
}

function polygonRings(rings: unknown[], place: Place, m: number, report: Report): RingSite[] {
  return rings.map((ring, r) => {
    const rp = element(place, r, { ringIndex: r });
    return { place: rp, positions: checkRing(ring, rp, report), member: m, ringIndex: r };
  });
}

function walkGeometryCollection(g: JsonObject, place: Place, w: Walk, depth: number): void {
  const { report } = w;
  if (depth >= MAX_COLLECTION_DEPTH) {
    w.skip(
      place,
      "structure",
      `geometry collections nested deeper than ${MAX_COLLECTION_DEPTH} levels are not checked`,
    );
    return;
  }
  if ("coordinates" in g) {
    report(
      member(place, "coordinates", slotOf(g, "coordinates")),
      "changed_semantics",
      'A GeometryCollection has "geometries", not "coordinates".',
    );
  }
  if (depth > 0)
    report(place, "nested_geometry_collection", "RFC 7946 advises against nesting geometry collections.");
  const at = member(place, "geometries", slotOf(g, "geometries"));
  const members = g.geometries;
  if (members === undefined) {
    report(at, "missing_member", 'A GeometryCollection needs a "geometries" member.');
    return;
  }
  if (!Array.isArray(members)) {
    report(at, "invalid_member", `"geometries" must be an array, not ${kindOf(members)}.`);
    return;
  }
  const types = new Set<string>();
  members.forEach((child, i) => {
    const cp = element(at, i, { geometryIndex: i });
    if (!isJsonObject(child)) {
      report(
        cp,
        "invalid_member",
        `Every member of "geometries" must be a geometry object, not ${kindOf(child)}.`,
      );
      return;
    }
    const t = checkType(child, cp, GEOMETRY_TYPES, report);
    if (t) {
      types.add(t);
      walkGeometry(child, cp, t, w, depth + 1);
    }
  });
  if (members.length > 0 && types.size === 1 && members.length === members.filter(isJsonObject).length) {
    report(
      place,
      "homogeneous_geometry_collection",
      "RFC 7946 advises a single geometry or a Multi* type over a collection of one type.",
    );
  }
}

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}
