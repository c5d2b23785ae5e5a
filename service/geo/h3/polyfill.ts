// Cover one Polygon or MultiPolygon with H3 cells of one resolution (h3-js v4
// polygonToCellsExperimental: `center`, `overlapping` or `full` containment, holes respected,
// edges straight in longitude/latitude). A MultiPolygon is one polygon: the parts' cells are
// unioned and deduplicated. For `full`, a cell no single part contains may lie inside the parts
// together (parts sharing an edge, halves of a polygon cut at ±180° or around a pole): such
// parts are merged into polygons H3 reads as they are (merge-parts.ts), or, where that is not
// possible (parts at a pole), the cells along their seams are tested (union-cover.ts).
import type { PolygonRings } from "../areal-geometry.ts";
import { mergePartsForH3 } from "./merge-parts.ts";
import { type Containment, cellsOfPart } from "./part-cells.ts";
import { cellsCoveredByUnion, partsMayShareCells } from "./union-cover.ts";

/** The sorted, deduplicated cells of `res` that cover the polygon under `containment`. */
export function polyfill(parts: readonly PolygonRings[], res: number, containment: Containment): string[] {
  if (parts.length === 1) return cellsOfPart(parts[0] as PolygonRings, res, containment).sort();
  const seams = containment === "full" && partsMayShareCells(parts);
  const merged = seams ? mergePartsForH3(parts) : null;
  const cells = new Set<string>();
  for (const part of merged ?? parts) for (const c of cellsOfPart(part, res, containment)) cells.add(c);
  if (seams && !merged) for (const c of cellsCoveredByUnion(parts, res, cells)) cells.add(c);
  return [...cells].sort();
}
