// `full` containment for a polygon made of several parts: a cell no single part contains may
// still lie inside their union (parts sharing an edge; halves of a polygon cut at ±180°; the
// halves of a polar cap, which meet at the pole cell). Such a cell overlaps at least two parts,
// so the candidates are the cells that two or more parts overlap; each is kept when clipping
// the parts out of it (polyclip-ts, edges straight in longitude/latitude like H3) leaves nothing.
import { cellToBoundary, latLngToCell } from "h3-js";
import * as polyclip from "polyclip-ts";
import type { PolygonRings } from "../areal-geometry.ts";
import { cellsOfPart } from "./part-cells.ts";
import { ringBox } from "./ring-measures.ts";

type Position = [number, number];
type Poly = Position[][];

/** Cells of `res` inside the union of `parts` but missing from `already` (the parts' own full cells). */
export function cellsCoveredByUnion(
  parts: readonly PolygonRings[],
  res: number,
  already: ReadonlySet<string>,
): string[] {
  const boxes = parts.map((p) => ringBox(p[0] as PolygonRings[number]));
  const overlapping = new Map<string, number[]>();
  parts.forEach((part, i) => {
    const box = boxes[i];
    const hasNeighbour = boxes.some((other, j) => j !== i && box !== undefined && mayShareCells(box, other));
    if (!hasNeighbour) return;
    for (const c of cellsOfPart(part, res, "overlapping")) {
      const list = overlapping.get(c);
      if (list) list.push(i);
      else overlapping.set(c, [i]);
    }
  });
  const poles = new Set([latLngToCell(90, 0, res), latLngToCell(-90, 0, res)]);
  const out: string[] = [];
  for (const [cell, owners] of overlapping) {
    if (owners.length < 2 || already.has(cell)) continue;
    const shape = poles.has(cell) ? polarCellShape(cell) : cellShape(cell);
    const clips: Poly[] = [];
    for (const i of owners) {
      const part = toPoly(parts[i] as PolygonRings);
      clips.push(part);
      if (shape.unwrapped) clips.push(shift(part, 360));
    }
    if (polyclip.difference(shape.poly, ...clips).length === 0) out.push(cell);
  }
  return out;
}

type Box = ReturnType<typeof ringBox>;

/** Could some cell overlap two of the parts? */
export function partsMayShareCells(parts: readonly PolygonRings[]): boolean {
  const boxes = parts.map((p) => ringBox(p[0] as PolygonRings[number]));
  return boxes.some((a, i) => boxes.some((b, j) => j > i && mayShareCells(a, b)));
}

/** Can a cell overlap both parts? Their boxes meet, or both reach ±180° or the same pole. */
function mayShareCells(a: Box, b: Box): boolean {
  const latsMeet = a.minLat <= b.maxLat && b.minLat <= a.maxLat;
  if (latsMeet && a.minLon <= b.maxLon && b.minLon <= a.maxLon) return true;
  const wrap = (a.minLon === -180 && b.maxLon === 180) || (b.minLon === -180 && a.maxLon === 180);
  if (latsMeet && wrap) return true;
  return (a.maxLat === 90 && b.maxLat === 90) || (a.minLat === -90 && b.minLat === -90);
}

function toPoly(rings: PolygonRings): Poly {
  return rings.map((r) => r.map((p) => [p[0] as number, p[1] as number] as Position));
}

function shift(poly: Poly, dLon: number): Poly {
  return poly.map((r) => r.map(([x, y]) => [x + dLon, y] as Position));
}

/** A cell's boundary in longitude/latitude; one straddling ±180° is unwrapped past +180. */
function cellShape(cell: string): { poly: Poly; unwrapped: boolean } {
  const ring = cellToBoundary(cell, true) as Position[];
  const unwrapped = ring.some((p, i) => i > 0 && Math.abs(p[0] - (ring[i - 1] as Position)[0]) > 180);
  if (!unwrapped) return { poly: [ring], unwrapped };
  return { poly: [ring.map(([x, y]) => [x < 0 ? x + 360 : x, y] as Position)], unwrapped };
}

/**
 * The cell around a pole, as the longitude/latitude region between its boundary and the pole:
 * the boundary sorted by longitude from −180 to 180, closed along the pole's latitude.
 */
function polarCellShape(cell: string): { poly: Poly; unwrapped: boolean } {
  const loop = (cellToBoundary(cell, true) as Position[]).slice(0, -1);
  const poleLat = (loop[0] as Position)[1] > 0 ? 90 : -90;
  // Start just after the edge that jumps across ±180°, then walk with increasing longitude.
  const jump = loop.findIndex((p, i) => Math.abs((loop[(i + 1) % loop.length] as Position)[0] - p[0]) > 180);
  let walk = [...loop.slice(jump + 1), ...loop.slice(0, jump + 1)];
  if ((walk[1] as Position)[0] < (walk[0] as Position)[0]) walk = walk.reverse();
  const first = walk[0] as Position;
  const last = walk[walk.length - 1] as Position;
  // Latitude where the jumping edge, unwrapped, meets ±180°.
  const t = (180 - last[0]) / (first[0] + 360 - last[0]);
  const edgeLat = last[1] + t * (first[1] - last[1]);
  const ring: Position[] = [
    [-180, edgeLat],
    ...walk,
    [180, edgeLat],
    [180, poleLat],
    [-180, poleLat],
    [-180, edgeLat],
  ];
  return { poly: [ring], unwrapped: false };
}
