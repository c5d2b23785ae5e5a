// GeoJSON documents for tests and the benchmark: rings of any size in longitude/latitude range,
// and FeatureCollections grown to a target JSON size.

export type Ring = number[][];

/** A closed counterclockwise axis-aligned square with its lower-left corner at (x, y). */
export function square(x: number, y: number, side: number): Ring {
  return [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
    [x, y],
  ];
}

/** The ring traversed the other way. */
export const clockwise = (ring: Ring): Ring => [...ring].reverse();

/** A closed counterclockwise ring of n distinct vertices on a circle (degrees). */
export function circleRing(n: number, lon = 0, lat = 0, radius = 10): Ring {
  const ring: Ring = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    ring.push([lon + radius * Math.cos(t), lat + radius * Math.sin(t)]);
  }
  ring.push([...(ring[0] as number[])]);
  return ring;
}

/**
 * A closed ring of about n vertices that zigzags in rows (a boustrophedon): many segments span
 * the same longitudes, the sweep's worst everyday case. Simple and counterclockwise.
 */
export function serpentineRing(n: number, width = 1, rowHeight = 0.001): Ring {
  const rows = 2 * Math.max(1, Math.floor((n - 2) / 4));
  const ring: Ring = [];
  for (let r = 0; r < rows; r++) {
    const y = r * rowHeight;
    if (r % 2 === 0) ring.push([0, y], [width, y]);
    else ring.push([width, y], [0, y]);
  }
  ring.push([-width / 10, (rows - 1) * rowHeight], [-width / 10, 0], [0, 0]);
  return ring;
}

export function polygonFeature(rings: Ring[], i: number): object {
  return {
    type: "Feature",
    id: i,
    properties: { name: `p${i}` },
    geometry: { type: "Polygon", coordinates: rings },
  };
}

/** A FeatureCollection of polygon features made by `make(i)`, grown until its JSON reaches `bytes`. */
export function collectionOfSize(
  bytes: number,
  make: (i: number) => object,
): { type: string; features: object[] } {
  const features: object[] = [];
  let size = 40;
  for (let i = 0; ; i++) {
    const f = make(i);
    const add = JSON.stringify(f).length + 1;
    if (size + add > bytes) break;
    features.push(f);
    size += add;
  }
  return { type: "FeatureCollection", features };
}

export const MIB = 1_048_576;
