// fast-check generators of GeoJSON documents full of what validate and repair care about:
// wrong winding, repeated and unclosed positions, nested, overlapping and touching rings on a
// small grid (so degeneracies are common), MultiPolygon members that are really holes, bad
// positions, foreign members.
import fc from "fast-check";

const coord = fc.integer({ min: 0, max: 8 });
const point = fc.tuple(coord, coord).map(([x, y]) => [x, y]);

/** An axis-aligned rectangle ring, either winding, closed. */
const rectangle = fc
  .tuple(coord, coord, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.boolean())
  .map(([x, y, w, h, ccw]) => {
    const r = [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ];
    if (!ccw) r.reverse();
    return [...r, [...(r[0] as number[])]];
  });

/** A random ring: 3–7 grid points, maybe closed, maybe with a repeated position. */
const scribble = fc
  .tuple(fc.array(point, { minLength: 3, maxLength: 7 }), fc.boolean(), fc.nat({ max: 8 }))
  .map(([pts, close, dup]) => {
    const r = pts.map((p) => [...p]);
    if (dup < r.length) r.splice(dup, 0, [...(r[dup] as number[])]);
    if (close) r.push([...(r[0] as number[])]);
    return r;
  });

const ring = fc.oneof({ weight: 3, arbitrary: rectangle }, { weight: 1, arbitrary: scribble });
const polygon = fc.array(ring, { minLength: 1, maxLength: 3 });

const line = fc
  .array(point, { minLength: 1, maxLength: 5 })
  .map((pts) => pts.flatMap((p, i) => (i % 2 ? [p, [...p]] : [p])));

/**
 * Concentric rectangles (islands in lakes in islands…) in one or two groups, each ring wound
 * either way, dealt at random into the members of a MultiPolygon (or all into one Polygon) in
 * random order: the nesting repairs' playground (reorder, split, fold, and the unfixable rest).
 */
const nested = fc
  .tuple(
    fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
    fc.infiniteStream(fc.tuple(fc.boolean(), fc.nat({ max: 3 }), fc.nat())),
    fc.boolean(),
  )
  .map(([groups, choices, single]) => {
    const rings: number[][][] = [];
    groups.forEach((levels, g) => {
      for (let l = 0; l < levels; l++) {
        const [x0, y0, x1, y1] = [g * 20 + 2 * l, 2 * l, g * 20 + 16 - 2 * l, 16 - 2 * l];
        rings.push([
          [x0, y0],
          [x1, y0],
          [x1, y1],
          [x0, y1],
          [x0, y0],
        ]);
      }
    });
    const it = choices[Symbol.iterator]();
    const members: number[][][][] = [[], [], [], []];
    for (const r of rings) {
      const [flip, m, pos] = it.next().value as [boolean, number, number];
      const target = members[single ? 0 : m] as number[][][];
      target.splice(pos % (target.length + 1), 0, flip ? [...r].reverse() : r);
    }
    const used = members.filter((m) => m.length > 0);
    return single
      ? { type: "Polygon", coordinates: used[0] ?? [] }
      : { type: "MultiPolygon", coordinates: used };
  });

export const geometry = fc.oneof(
  { weight: 4, arbitrary: nested },
  { weight: 4, arbitrary: polygon.map((coordinates) => ({ type: "Polygon", coordinates })) },
  {
    weight: 4,
    arbitrary: fc
      .array(polygon, { minLength: 1, maxLength: 3 })
      .map((coordinates) => ({ type: "MultiPolygon", coordinates })),
  },
  { weight: 1, arbitrary: line.map((coordinates) => ({ type: "LineString", coordinates })) },
  { weight: 1, arbitrary: point.map((coordinates) => ({ type: "Point", coordinates })) },
  { weight: 1, arbitrary: fc.constant({ type: "Polygon", coordinates: [[[0, 0], "x", [1, 1], [0, 0]]] }) },
);

const feature = fc
  .tuple(
    geometry,
    fc.option(fc.oneof(fc.integer(), fc.string()), { nil: undefined }),
    fc.dictionary(fc.string(), fc.jsonValue()),
  )
  .map(([g, id, properties]) => ({
    type: "Feature",
    ...(id === undefined ? {} : { id }),
    properties,
    geometry: g,
    "x-foreign": { kept: true },
  }));

export const document = fc.oneof(
  fc
    .array(feature, { maxLength: 3 })
    .map((features) => ({ type: "FeatureCollection", features, title: "t" })),
  feature,
  geometry,
  fc.array(geometry, { maxLength: 3 }).map((geometries) => ({ type: "GeometryCollection", geometries })),
);

/** Every position (as "x,y,..." text) in a document, wherever it is. */
export function positionsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (value.length >= 2 && value.every((v) => typeof v === "number")) out.add(value.join(","));
    else for (const v of value) positionsOf(v, out);
  } else if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) positionsOf(v, out);
  }
  return out;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
