// Plans the nesting repairs of one Polygon or MultiPolygon from its ring relations: move the ring
// that contains all the others to the front, move a hole that lies in another member's exterior
// to that member, fold a one-ring member that lies inside another member's exterior into it as a
// hole. Nothing is planned unless every ring is simple and no two rings cross or share an edge;
// anything that would need a new polygon is left for `unrepaired`.
import type { RelationFacts } from "./ring-relations.ts";

export interface NestingRing {
  member: number;
  ringIndex: number;
}

export interface NestingPlan {
  /** Final polygons as lists of ring ids (indexes into the rings given), exterior first. */
  polygons: number[][];
  reordered: Array<{ member: number; ring: number }>;
  split: Array<{ ring: number; to: number }>;
  folded: Array<{ member: number; into: number }>;
}

/** `memberCount` counts every member, empty ones included, so that none is lost. */
export function planNesting(
  rings: readonly NestingRing[],
  memberCount: number,
  facts: RelationFacts,
): NestingPlan | undefined {
  for (const p of facts.pairs.values()) if (p.cross || p.overlap) return undefined;
  const inside = (a: number, b: number) => facts.inside.has(`${a},${b}`);
  const containers: number[][] = rings.map(() => []);
  for (const key of facts.inside) {
    const [inner, outer] = key.split(",").map(Number) as [number, number];
    containers[inner]?.push(outer);
  }
  const depth = containers.map((c) => c.length);
  const parent = containers.map((c) =>
    c.reduce((best, r) => (best < 0 || (depth[r] as number) > (depth[best] as number) ? r : best), -1),
  );

  const members: number[][] = Array.from({ length: memberCount }, () => []);
  rings.forEach((r, id) => {
    members[r.member]?.push(id);
  });
  const plan: NestingPlan = { polygons: [], reordered: [], split: [], folded: [] };
  // 1. Inside each member, the ring containing all the others goes first.
  const polys = members.map((ids, m) => {
    const outer = ids.find((e) => ids.every((r) => r === e || inside(r, e)));
    if (outer === undefined || outer === ids[0]) return [...ids];
    plan.reordered.push({ member: m, ring: outer });
    return [outer, ...ids.filter((r) => r !== outer)];
  });
  if (memberCount === 1) {
    plan.polygons = polys;
    return plan;
  }
  // 2. Across members: which member each exterior ring heads.
  const headOf = new Map<number, number>();
  polys.forEach((ids, m) => {
    if (ids[0] !== undefined) headOf.set(ids[0], m);
  });
  const gained: number[][] = polys.map(() => []);
  const folded = new Set<number>();
  polys.forEach((ids, m) => {
    const shell = ids[0];
    if (shell === undefined || ids.length !== 1 || (depth[shell] as number) % 2 === 0) return;
    const into = headOf.get(parent[shell] as number);
    if (into === undefined || into === m || folded.has(into)) return;
    folded.add(m);
    gained[into]?.push(shell);
    plan.folded.push({ member: m, into });
  });
  const kept = polys.map((ids, m) => {
    if (folded.has(m)) return [];
    const [shell, ...holes] = ids;
    if (shell === undefined) return [];
    const stay = holes.filter((h) => {
      const to = headOf.get(parent[h] as number);
      if (parent[h] === shell || (depth[h] as number) % 2 === 0 || to === undefined || folded.has(to))
        return true;
      gained[to]?.push(h);
      plan.split.push({ ring: h, to });
      return false;
    });
    return [shell, ...stay];
  });
  plan.polygons = kept.flatMap((ids, m) => (folded.has(m) ? [] : [[...ids, ...(gained[m] ?? [])]]));
  return plan;
}
