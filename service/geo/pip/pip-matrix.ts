// The dense point-in-polygon matrix: one row per point, one column per polygon, 1 inside and
// 0 outside, and per point the columns that contain it. A point on an edge or a vertex counts
// as inside unless `ignoreBoundary` is set.
import { BOUNDARY, INSIDE, locateInPolygon, type PreparedPolygon } from "./prepared-polygon.ts";

export interface PipMatrix {
  matrix: (0 | 1)[][];
  containing: number[][];
}

export function pipMatrix(
  points: readonly number[][],
  polygons: readonly PreparedPolygon[],
  ignoreBoundary: boolean,
): PipMatrix {
  const matrix: (0 | 1)[][] = new Array(points.length);
  const containing: number[][] = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as number[];
    const x = p[0] as number;
    const y = p[1] as number;
    const row: (0 | 1)[] = new Array(polygons.length);
    const hits: number[] = [];
    for (let j = 0; j < polygons.length; j++) {
      const where = locateInPolygon(polygons[j] as PreparedPolygon, x, y);
      const inside = where === INSIDE || (where === BOUNDARY && !ignoreBoundary);
      row[j] = inside ? 1 : 0;
      if (inside) hits.push(j);
    }
    matrix[i] = row;
    containing[i] = hits;
  }
  return { matrix, containing };
}
