// Area on the WGS 84 ellipsoid of rings whose edges are geodesics (the `edges: "geodesic"` option
// of the area route): GeographicLib's PolygonArea, the reference the lon/lat edge model is
// measured against. Winding is ignored, as for the lon/lat model: each ring counts the smaller of
// the two regions it bounds.
import geographiclib from "geographiclib-geodesic";
import type { Position } from "./geojson-input.ts";

const { Geodesic } = geographiclib;

/** Area in square metres of a closed ring (last position equal to the first) with geodesic edges. */
function geodesicRingArea(ring: readonly Position[]): number {
  if (ring.length < 4) return 0;
  const p = Geodesic.WGS84.Polygon(false);
  for (const q of ring.slice(0, -1)) p.AddPoint(q[1] as number, q[0] as number);
  return Math.abs(p.Compute(false, true).area ?? 0);
}

/** Area of a polygon with geodesic edges: exterior minus each hole, never below zero. */
export function geodesicPolygonArea(rings: readonly (readonly Position[])[]): number {
  let area = 0;
  rings.forEach((ring, i) => {
    const a = geodesicRingArea(ring);
    area += i === 0 ? a : -a;
  });
  return Math.max(0, area);
}
