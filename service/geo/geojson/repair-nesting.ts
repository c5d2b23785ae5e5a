// Plans the nesting repairs of one Polygon or MultiPolygon from its ring relations: move the ring
// that contains all the others of its polygon to the front, move a hole that lies in another
// member's exterior to that member, fold a one-ring member that lies inside another member's
// exterior into it as a hole. Repeats until nothing more applies, so one repair reaches the fixed
// point (idempotence). Nothing is planned unless every ring is simple and no two rings cross or
// share an edge; anything that would need a new polygon is left for `unrepaired`.
import type { RelationFacts } from "./ring-relations.ts";

export interface NestingRing {
  member: number;
  ringIndex: number;
}

export interface NestingPlan {
  /** Final polygons as lists of ring ids (indexes into the rings given), exterior first. */
  polygons: number[][];
  /** Members are posted member indexes. */
  reordered: Array<{ member: number; ring: number }>;
  split: Array<{ ring: number; to: number }>;
  folded: Array<{ member: number; into: number }>;
}

interface Group {
  /** The posted member this polygon is. */
  member: number;
  rings: number[];
  folded: boolean;
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
  const odd = (r: number) => (depth[r] as number) % 2 === 1;

  const groups: Group[] = Array.from({ length: memberCount }, (_, member) => ({
    member,
    rings: [],
    folded: false,
  }));
  rings.forEach((r, id) => {
    groups[r.member]?.rings.push(id);
  });
  const plan: NestingPlan = { polygons: [], reordered: [], split: [], folded: [] };
  for (let changed = true, round = 0; changed && round <= rings.length; round++) {
    changed = false;
    // The ring containing all the others of its polygon goes first.
    for (const g of groups) {
      const outer = g.rings.find((e) => g.rings.every((r) => r === e || inside(r, e)));
      if (outer === undefined || outer === g.rings[0]) continue;
      plan.reordered.push({ member: g.member, ring: outer });
      g.rings = [outer, ...g.rings.filter((r) => r !== outer)];
      changed = true;
    }
    if (memberCount === 1) continue;
    const headed = new Map<number, Group>();
    for (const g of groups) if (!g.folded && g.rings[0] !== undefined) headed.set(g.rings[0], g);
    // A hole whose innermost container heads another polygon moves there.
    for (const g of groups) {
      for (const h of g.rings.slice(1)) {
        const to = headed.get(parent[h] as number);
        if (!to || to === g || !odd(h)) continue;
        g.rings = g.rings.filter((r) => r !== h);
        to.rings.push(h);
        plan.split.push({ ring: h, to: to.member });
        changed = true;
      }
    }
    // A one-ring polygon at odd depth is a hole of the polygon its container heads.
    for (const g of groups) {
      const shell = g.rings[0];
      if (g.folded || shell === undefined || g.rings.length !== 1 || !odd(shell)) continue;
      const into = headed.get(parent[shell] as number);
      if (!into || into === g || into.folded) continue;
      g.folded = true;
      g.rings = [];
      into.rings.push(shell);
      plan.folded.push({ member: g.member, into: into.member });
      changed = true;
    }
  }
  plan.polygons = groups.filter((g) => !g.folded).map((g) => g.rings);
  return plan;
}
