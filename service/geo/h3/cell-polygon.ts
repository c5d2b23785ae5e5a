// An H3 cell's boundary as an RFC 7946 geometry: a Polygon with its ring counter-clockwise, or,
// for a cell that crosses the antimeridian, a MultiPolygon cut at ±180° (§3.1.9), and for a cell
// around a pole, the ring closed along that pole before the cut. h3-js gives the vertices with
// longitudes wrapped into -180..180, so a crossing ring jumps by about 360° between two vertices;
// unwrapping it to continuous longitudes, clipping with polyclip-ts (which writes exteriors
// counter-clockwise) and shifting each piece back gives the parts.
import { cellToBoundary } from "h3-js";
import * as polyclip from "polyclip-ts";
import { signedArea2 } from "../geometry/offset-curves.ts";

type Position = [number, number];
export type CellGeometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };

/** The boundary of `cell` (lower-case hex) as a Polygon, or a MultiPolygon cut at ±180°. */
export function cellPolygon(cell: string): CellGeometry {
  const ring = (cellToBoundary(cell, true) as Position[]).slice(0, -1);
  let crosses = false;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Position;
    const b = ring[(i + 1) % ring.length] as Position;
    if (Math.abs(b[0] - a[0]) > 180) crosses = true;
  }
  if (!crosses) {
    const outer = closed(ring);
    return { type: "Polygon", coordinates: [signedArea2(outer) >= 0 ? outer : outer.reverse()] };
  }
  return { type: "MultiPolygon", coordinates: cutAtAntimeridian(unwrapped(ring)) };
}

/** The ring with continuous longitudes; a ring around a pole is closed along that pole. */
function unwrapped(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const [lon, lat] of ring) {
    const prev = out[out.length - 1];
    if (!prev) {
      out.push([lon, lat]);
      continue;
    }
    let x = lon;
    while (x - prev[0] > 180) x -= 360;
    while (prev[0] - x > 180) x += 360;
    out.push([x, lat]);
  }
  const first = out[0] as Position;
  const last = out[out.length - 1] as Position;
  let closing = first[0];
  while (closing - last[0] > 180) closing -= 360;
  while (last[0] - closing > 180) closing += 360;
  // Going once around (closing 360° away from the start): the ring encloses a pole. Eastward
  // around (counter-clockwise seen from above the north pole) encloses the north pole.
  if (Math.abs(closing - first[0]) > 180) {
    const pole = closing > first[0] ? 90 : -90;
    out.push([closing, first[1]], [closing, pole], [first[0], pole]);
  }
  return out;
}

/** The unwrapped ring clipped to each 360° window of longitude, each piece shifted back into -180..180. */
function cutAtAntimeridian(ring: Position[]): Position[][][] {
  const pieces: Position[][][] = [];
  for (const shift of [-360, 0, 360]) {
    const window: Position[][] = [
      [
        [shift - 180, -90],
        [shift + 180, -90],
        [shift + 180, 90],
        [shift - 180, 90],
        [shift - 180, -90],
      ],
    ];
    for (const piece of polyclip.intersection([closed(ring)], window))
      pieces.push(piece.map((r) => r.map(([x, y]) => [(x as number) - shift, y as number] as Position)));
  }
  // Around a pole, two pieces meet along the meridian where the ring was closed: union joins them.
  const [first, ...rest] = pieces;
  return first ? (polyclip.union(first, ...rest) as Position[][][]) : [];
}

const closed = (ring: readonly Position[]): Position[] => [...ring, ring[0] as Position];
