// Area and centroid of a polygon (exterior ring and holes, open E7 rings) by the shoelace formula.
// The centroid is affine-invariant, so computing it in degrees gives the local centroid of these
// small chart areas. Holes subtract whichever way they run.

export interface AreaCentroid {
  /** Area in E7² units (positive). */
  area: number;
  x: number;
  y: number;
}

function ringMoments(r: Int32Array, ox: number, oy: number): { a: number; cx: number; cy: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const n = r.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    const x0 = (r[i] as number) - ox;
    const y0 = (r[i + 1] as number) - oy;
    const x1 = (r[j] as number) - ox;
    const y1 = (r[j + 1] as number) - oy;
    const cross = x0 * y1 - x1 * y0;
    a += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  return { a: a / 2, cx, cy };
}

export function areaCentroid(rings: readonly Int32Array[]): AreaCentroid {
  const exterior = rings[0];
  if (!exterior || exterior.length < 6)
    throw new RangeError("a polygon needs an exterior ring of 3 or more vertices");
  const ox = exterior[0] as number;
  const oy = exterior[1] as number;
  let area = 0;
  let mx = 0;
  let my = 0;
  rings.forEach((r, k) => {
    const m = ringMoments(r, ox, oy);
    // exterior counts positive and holes negative, whatever their winding
    const sign = (k === 0 ? 1 : -1) * Math.sign(m.a);
    area += sign * m.a;
    mx += (sign * m.cx) / 6;
    my += (sign * m.cy) / 6;
  });
  // a degenerate (zero-area) polygon keeps its first vertex as its position
  if (area === 0) return { area: 0, x: ox, y: oy };
  return { area: Math.abs(area), x: ox + mx / area, y: oy + my / area };
}
