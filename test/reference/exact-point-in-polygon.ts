// Exact reference for point-in-polygon tests: every double is converted to an exact integer
// (scaled by 2^1100) and all decisions use BigInt arithmetic, one edge at a time, no index.
// Definition: rings of a polygon combine by the even-odd rule; a point on any edge or vertex is
// on the boundary; a multi-part polygon contains a point inside any of its parts.
import type { PolygonRings } from "../../service/geo/areal-geometry.ts";

export type ExactLocation = "outside" | "inside" | "boundary";

const SCALE = 1100n;
const view = new DataView(new ArrayBuffer(8));

/** x · 2^1100 as an exact BigInt (every finite double is a dyadic rational ≥ 2^-1074 in step). */
export function exactScaled(x: number): bigint {
  if (x === 0) return 0n;
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exponentBits = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent = -1074;
  if (exponentBits !== 0) {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  const v = mantissa << (BigInt(exponent) + SCALE);
  return hi >>> 31 ? -v : v;
}

function locateExactInPart(rings: PolygonRings, x: number, y: number): ExactLocation {
  const px = exactScaled(x);
  const py = exactScaled(y);
  let inside = false;
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const a = ring[i] as number[];
      const b = ring[i + 1] as number[];
      // Comparisons of doubles are exact: an edge wholly above or below the point's line can
      // neither hold the point nor cross its ray.
      if (((a[1] as number) > y && (b[1] as number) > y) || ((a[1] as number) < y && (b[1] as number) < y))
        continue;
      const x0 = exactScaled(a[0] as number);
      const y0 = exactScaled(a[1] as number);
      const x1 = exactScaled(b[0] as number);
      const y1 = exactScaled(b[1] as number);
      const cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
      const inBox = x0 <= px ? px <= x1 : px <= x0 && px >= x1;
      if (cross === 0n && inBox) return "boundary";
      if (y0 > py !== y1 > py) {
        // (x of the crossing − px) · (y1 − y0) = cross; the crossing is right of the point
        // when that sign agrees with the sign of y1 − y0.
        if (cross > 0n === y1 > y0) inside = !inside;
      }
    }
  }
  return inside ? "inside" : "outside";
}

export function locateExact(parts: readonly PolygonRings[], x: number, y: number): ExactLocation {
  let result: ExactLocation = "outside";
  for (const part of parts) {
    const where = locateExactInPart(part, x, y);
    if (where === "inside") return "inside";
    if (where === "boundary") result = "boundary";
  }
  return result;
}
