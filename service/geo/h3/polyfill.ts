// Cover one Polygon or MultiPolygon with H3 cells of one resolution (h3-js v4
// polygonToCellsExperimental: `center`, `overlapping` or `full` containment, holes respected,
// edges straight in longitude/latitude). A MultiPolygon is one polygon: the parts' cells are
// unioned and deduplicated, and for `full` a cell that no single part contains but the parts
// together cover (parts sharing an edge, or halves of a polygon cut at ±180° or around a pole)
// is added by `cellsCoveredByUnion`.
import type { PolygonRings } from "../areal-geometry.ts";
import { type Containment, cellsOfPart } from "./part-cells.ts";
import { cellsCoveredByUnion } from "./union-cover.ts";

/** The sorted, deduplicated cells of `res` that cover the polygon under `containment`. */
export function polyfill(parts: readonly PolygonRings[], res: number, containment: Containment): string[] {
  if (parts.length === 1) return cellsOfPart(parts[0] as PolygonRings, res, containment).sort();
  const cells = new Set<string>();
  for (const part of parts) for (const c of cellsOfPart(part, res, containment)) cells.add(c);
  if (containment === "full") for (const c of cellsCoveredByUnion(parts, res, cells)) cells.add(c);
  return [...cells].sort();
}
