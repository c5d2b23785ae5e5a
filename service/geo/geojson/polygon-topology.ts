// Turns ring relations into the nesting verdicts of one Polygon or MultiPolygon:
// holes outside or crossing their exterior, holes inside or overlapping other holes, an interior
// cut in pieces by touching rings, and MultiPolygon members whose interiors overlap.
import type { PairFacts, RelationFacts } from "./ring-relations.ts";

export interface TopologyRing {
  /** Polygon index inside a MultiPolygon (0 for a Polygon). */
  member: number;
  /** 0 for the exterior ring, 1 and up for holes. */
  ringIndex: number;
}

export type TopologyCode =
  | "hole_outside_exterior"
  | "nested_holes"
  | "overlapping_holes"
  | "disconnected_interior"
  | "overlapping_polygons";

export interface TopologyFinding {
  code: TopologyCode;
  /** Ring (index into the relation rings) the finding is reported on. */
  ring: number;
  /** Working-ring vertex where it shows, or -1 for the ring as a whole. */
  vertex: number;
  /** The other ring involved. */
  other: number;
}

export function polygonTopology(rings: readonly TopologyRing[], facts: RelationFacts): TopologyFinding[] {
  const out: TopologyFinding[] = [];
  const rel = (a: number, b: number): PairFacts | undefined =>
    facts.pairs.get(`${Math.min(a, b)},${Math.max(a, b)}`);
  const inside = (inner: number, outer: number) => facts.inside.has(`${inner},${outer}`);
  const members = new Map<number, number[]>();
  rings.forEach((r, id) => {
    const list = members.get(r.member) ?? [];
    list.push(id);
    members.set(r.member, list);
  });
  const memberOf = (id: number) => (rings[id] as TopologyRing).member;
  const isHole = (id: number) => (rings[id] as TopologyRing).ringIndex > 0;
  const flagged = new Set<number>(); // members with a nesting finding

  for (const [member, ids] of members) {
    const [exterior, ...holes] = ids;
    if (exterior === undefined) continue;
    for (const h of holes) {
      const p = rel(exterior, h);
      if (p && (p.cross || p.overlap))
        out.push({ code: "hole_outside_exterior", ring: h, vertex: p.vertex, other: exterior });
      else if (!inside(h, exterior))
        out.push({ code: "hole_outside_exterior", ring: h, vertex: -1, other: exterior });
      else continue;
      flagged.add(member);
    }
  }
  const touching = new Map<number, Array<[number, number, PairFacts]>>();
  const reported = new Set<string>();
  const overlapping = (ring: number, vertex: number, other: number) => {
    const key = `${Math.min(memberOf(ring), memberOf(other))},${Math.max(memberOf(ring), memberOf(other))}`;
    if (reported.has(key)) return;
    reported.add(key);
    out.push({ code: "overlapping_polygons", ring, vertex, other });
  };
  for (const [key, p] of facts.pairs) {
    const [a, b] = key.split(",").map(Number) as [number, number];
    const bad = p.cross || p.overlap;
    if (memberOf(a) !== memberOf(b)) {
      // MultiPolygon members: boundaries may touch at points only.
      if (bad) overlapping(b, p.vertex, a);
    } else if (bad && isHole(a)) {
      out.push({ code: "overlapping_holes", ring: b, vertex: p.vertex, other: a });
      flagged.add(memberOf(a));
    } else if (!bad) {
      const list = touching.get(memberOf(a)) ?? [];
      list.push([a, b, p]);
      touching.set(memberOf(a), list);
    }
  }
  for (const key of facts.inside) {
    const [inner, outer] = key.split(",").map(Number) as [number, number];
    if (memberOf(inner) === memberOf(outer)) {
      if (isHole(inner) && isHole(outer) && !rel(inner, outer)?.cross && !rel(inner, outer)?.overlap) {
        out.push({ code: "nested_holes", ring: inner, vertex: -1, other: outer });
        flagged.add(memberOf(inner));
      }
    } else if (!isHole(inner) && !isHole(outer)) {
      // A member inside another member's exterior must sit in one of its holes.
      const holes = members.get(memberOf(outer))?.slice(1) ?? [];
      if (!holes.some((h) => inside(inner, h))) overlapping(inner, -1, outer);
    }
  }
  for (const [member, pairs] of touching) {
    if (flagged.has(member)) continue;
    const cut = disconnectingRing(pairs);
    if (cut) out.push({ code: "disconnected_interior", ring: cut.ring, vertex: -1, other: cut.other });
  }
  return out;
}

/**
 * Rings of one polygon and their touch points form a graph (ring — point — ring). A cycle in it
 * means the touching rings enclose part of the interior: the interior is disconnected.
 */
function disconnectingRing(
  pairs: ReadonlyArray<[number, number, PairFacts]>,
): { ring: number; other: number } | undefined {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    if (!parent.has(x)) parent.set(x, x);
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r) as string;
    parent.set(x, r);
    return r;
  };
  const edges = new Set<string>();
  for (const [a, b, p] of pairs) {
    for (const point of p.touches) {
      for (const [ring, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const edge = `${ring}|${point}`;
        if (edges.has(edge)) continue;
        edges.add(edge);
        const r = find(`r${ring}`);
        const q = find(`p${point}`);
        if (r === q) return { ring, other };
        parent.set(r, q);
      }
    }
  }
  return undefined;
}
