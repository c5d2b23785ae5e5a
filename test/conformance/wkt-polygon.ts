// A small reader for the polygonal WKT of the JTS/GEOS validity suites: POLYGON and MULTIPOLYGON,
// with EMPTY parts and NaN ordinates, turned into GeoJSON geometries (EMPTY → empty array).

export type PolygonalGeometry =
  | { type: "Polygon"; coordinates: number[][][] }
  | { type: "MultiPolygon"; coordinates: number[][][][] };

export function parsePolygonalWkt(text: string): PolygonalGeometry {
  const tokens = text.match(/[A-Za-z]+|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[(),]/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const next = () => {
    const t = tokens[i++];
    if (t === undefined) throw new Error(`WKT ended early: ${text}`);
    return t;
  };
  const expect = (t: string) => {
    const got = next();
    if (got.toUpperCase() !== t) throw new Error(`WKT: expected ${t}, got ${got} in ${text}`);
  };
  /** A parenthesised list of `item`, or EMPTY. */
  const list = <T>(item: () => T): T[] => {
    if (peek()?.toUpperCase() === "EMPTY") {
      next();
      return [];
    }
    expect("(");
    const out = [item()];
    while (peek() === ",") {
      next();
      out.push(item());
    }
    expect(")");
    return out;
  };
  const number = () => {
    const t = next();
    return t.toUpperCase() === "NAN" ? Number.NaN : Number(t);
  };
  const position = () => {
    const p = [number(), number()];
    while (peek() !== "," && peek() !== ")") p.push(number());
    return p;
  };
  const polygon = () => list(() => list(position));
  const kind = next().toUpperCase();
  if (kind === "POLYGON") return { type: "Polygon", coordinates: polygon() };
  if (kind === "MULTIPOLYGON") return { type: "MultiPolygon", coordinates: list(polygon) };
  throw new Error(`not a polygonal WKT: ${text}`);
}
