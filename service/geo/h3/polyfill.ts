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
  if (parts.length === 1) return sorted(cellsOfPart(parts[0] as PolygonRings, res, containment));
  const seams = containment === "full" && partsMayShareCells(parts);
  const merged = seams ? mergePartsForH3(parts) : null;
  const cells = (merged ?? parts)
    .map((p) => sorted(cellsOfPart(p, res, containment)))
    .reduce(mergeSorted, []);
  if (!seams || merged) return cells;
  const extra = cellsCoveredByUnion(parts, res, new Set(cells));
  return mergeSorted(cells, extra.sort());
}

/** The cells in ascending order. h3-js usually returns them so; checking is cheaper than sorting. */
function sorted(cells: string[]): string[] {
  for (let i = 1; i < cells.length; i++)
    if ((cells[i - 1] as string) > (cells[i] as string)) return cells.sort();
  return cells;
}

/** The union of two sorted lists of cells, sorted and without repeats (H3 strings sort as numbers). */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const next = y === undefined || (x !== undefined && x <= y) ? (x as string) : y;
    if (next === x) i++;
    if (next === y) j++;
    if (out[out.length - 1] !== next) out.push(next);
  }
  return out;
}
