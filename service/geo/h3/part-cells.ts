// One polygon (exterior ring and holes) to H3 cells with h3-js v4 polygonToCellsExperimental,
// which reads edges as straight in longitude/latitude and handles all three containment modes.
import { POLYGON_TO_CELLS_FLAGS, polygonToCellsExperimental } from "h3-js";
import type { PolygonRings } from "../areal-geometry.ts";

export type Containment = "center" | "overlapping" | "full";

const FLAGS: Record<Containment, string> = {
  center: POLYGON_TO_CELLS_FLAGS.containmentCenter,
  overlapping: POLYGON_TO_CELLS_FLAGS.containmentOverlapping,
  full: POLYGON_TO_CELLS_FLAGS.containmentFull,
};

export function cellsOfPart(rings: PolygonRings, res: number, containment: Containment): string[] {
  return polygonToCellsExperimental(rings, res, FLAGS[containment], true);
}
