// Reference ellipsoids as PROJ derives them: from a and 1/f, or from a and b (Clarke 1866).

export interface Ellipsoid {
  name: string;
  /** Semi-major axis, metres. */
  a: number;
  /** Semi-minor axis, metres. */
  b: number;
  /** Inverse flattening, or 0 for a sphere. */
  rf: number;
  /** First eccentricity squared. */
  es: number;
  /** First eccentricity. */
  e: number;
}

/** From a and inverse flattening (rf = 0 means a sphere), the way PROJ derives es = f (2 − f). */
export function ellipsoidFromInverseFlattening(name: string, a: number, rf: number): Ellipsoid {
  const f = rf === 0 ? 0 : 1 / rf;
  const es = f * (2 - f);
  return { name, a, b: a * (1 - f), rf, es, e: Math.sqrt(es) };
}

/** From a and b, the way PROJ derives es = 1 − b²/a². */
export function ellipsoidFromSemiMinor(name: string, a: number, b: number): Ellipsoid {
  const es = 1 - (b * b) / (a * a);
  const f = 1 - b / a;
  return { name, a, b, rf: f === 0 ? 0 : 1 / f, es, e: Math.sqrt(es) };
}

/** GRS 1980: both ends of the ITRF2020 → NAD83 Helmert transformations. */
export const GRS80 = ellipsoidFromInverseFlattening("GRS 1980", 6378137, 298.257222101);
