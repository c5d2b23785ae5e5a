// Reads JTS "xmltester" files (../shared/testsuites/jts): cases with geometries A and B as WKT or
// hex WKB, and the tests that run on them (`<op name arg1 arg2 arg3>expected</op>`).
import { readFileSync } from "node:fs";

export type Coord = [number, number];
export type Geom =
  | { type: "Point"; coordinates: Coord | null }
  | { type: "LineString"; coordinates: Coord[] }
  | { type: "Polygon"; coordinates: Coord[][] }
  | { type: "MultiPoint"; coordinates: Coord[] }
  | { type: "MultiLineString"; coordinates: Coord[][] }
  | { type: "MultiPolygon"; coordinates: Coord[][][] }
  | { type: "GeometryCollection"; geometries: Geom[] };

export interface JtsTest {
  op: string;
  args: string[];
  expected: string;
}

export interface JtsCase {
  file: string;
  index: number;
  desc: string;
  a: Geom | null;
  b: Geom | null;
  tests: JtsTest[];
}

const text = (xml: string, tag: string): string | null => {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return m ? (m[1] as string).trim() : null;
};

export function readJtsFile(file: string): JtsCase[] {
  const xml = readFileSync(file, "utf8").replace(/<!--[\s\S]*?-->/g, "");
  const cases: JtsCase[] = [];
  for (const [i, m] of [...xml.matchAll(/<case>([\s\S]*?)<\/case>/g)].entries()) {
    const body = m[1] as string;
    const a = text(body, "a");
    const b = text(body, "b");
    const tests: JtsTest[] = [];
    for (const t of body.matchAll(/<op\s+([^>]*)>([\s\S]*?)<\/op>/g)) {
      const attrs = Object.fromEntries(
        [...(t[1] as string).matchAll(/(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((x) => [
          x[1],
          x[2] ?? x[3],
        ]),
      );
      const args = [attrs.arg1, attrs.arg2, attrs.arg3].filter((x): x is string => x !== undefined);
      tests.push({ op: String(attrs.name), args, expected: (t[2] as string).trim() });
    }
    cases.push({
      file,
      index: i,
      desc: (text(body, "desc") ?? "").replace(/\s+/g, " "),
      a: a ? parseGeometry(a) : null,
      b: b ? parseGeometry(b) : null,
      tests,
    });
  }
  return cases;
}

/** WKT or hex WKB. */
export function parseGeometry(s: string): Geom {
  const t = s.trim();
  return /^[0-9A-Fa-f]+$/.test(t) ? parseWkb(t) : new WktParser(t).geometry();
}

class WktParser {
  private i = 0;
  constructor(private readonly s: string) {}

  private ws(): void {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
  }
  private word(): string {
    this.ws();
    const m = /^[A-Za-z]+/.exec(this.s.slice(this.i));
    if (!m) throw new Error(`WKT: word expected at ${this.i}`);
    this.i += m[0].length;
    return m[0].toUpperCase();
  }
  private peek(c: string): boolean {
    this.ws();
    return this.s[this.i] === c;
  }
  private eat(c: string): void {
    if (!this.peek(c)) throw new Error(`WKT: '${c}' expected at ${this.i}`);
    this.i++;
  }
  private isEmpty(): boolean {
    this.ws();
    if (this.s.slice(this.i, this.i + 5).toUpperCase() === "EMPTY") {
      this.i += 5;
      return true;
    }
    return false;
  }
  private coord(): Coord {
    this.ws();
    const m = /^[-+0-9.eE]+\s+[-+0-9.eE]+(\s+[-+0-9.eE]+)?/.exec(this.s.slice(this.i));
    if (!m) throw new Error(`WKT: coordinate expected at ${this.i}`);
    this.i += m[0].length;
    const [x, y] = m[0].trim().split(/\s+/).map(Number);
    return [x as number, y as number];
  }
  private list<T>(item: () => T): T[] {
    if (this.isEmpty()) return [];
    this.eat("(");
    const out = [item()];
    while (this.peek(",")) {
      this.i++;
      out.push(item());
    }
    this.eat(")");
    return out;
  }
  private pointItem = (): Coord => {
    if (this.peek("(")) {
      this.eat("(");
      const c = this.coord();
      this.eat(")");
      return c;
    }
    return this.coord();
  };
  private line = (): Coord[] => this.list(() => this.coord());
  private poly = (): Coord[][] => this.list(this.line);

  geometry(): Geom {
    const w = this.word();
    switch (w) {
      case "POINT": {
        const c = this.list(() => this.coord());
        return { type: "Point", coordinates: c[0] ?? null };
      }
      case "LINESTRING":
      case "LINEARRING":
        return { type: "LineString", coordinates: this.line() };
      case "POLYGON":
        return { type: "Polygon", coordinates: this.poly() };
      case "MULTIPOINT":
        return { type: "MultiPoint", coordinates: this.list(this.pointItem) };
      case "MULTILINESTRING":
        return { type: "MultiLineString", coordinates: this.list(this.line) };
      case "MULTIPOLYGON":
        return { type: "MultiPolygon", coordinates: this.list(this.poly) };
      case "GEOMETRYCOLLECTION":
        return { type: "GeometryCollection", geometries: this.list(() => this.geometry()) };
      default:
        throw new Error(`WKT: unknown type ${w}`);
    }
  }
}

function parseWkb(hex: string): Geom {
  const buf = Buffer.from(hex, "hex");
  let o = 0;
  const read = (): Geom => {
    const le = buf.readUInt8(o) === 1;
    o += 1;
    const u32 = () => {
      const v = le ? buf.readUInt32LE(o) : buf.readUInt32BE(o);
      o += 4;
      return v;
    };
    const f64 = () => {
      const v = le ? buf.readDoubleLE(o) : buf.readDoubleBE(o);
      o += 8;
      return v;
    };
    const raw = u32();
    const iso = Math.floor((raw & 0xffff) / 1000);
    const extra =
      ((raw & 0x80000000) !== 0 || iso === 1 || iso === 3 ? 1 : 0) +
      ((raw & 0x40000000) !== 0 || iso >= 2 ? 1 : 0);
    if ((raw & 0x20000000) !== 0) u32(); // EWKB SRID
    const type = (raw & 0xffff) % 1000;
    const coord = (): Coord => {
      const c: Coord = [f64(), f64()];
      for (let k = 0; k < extra; k++) f64();
      return c;
    };
    const line = () => Array.from({ length: u32() }, coord);
    const poly = () => Array.from({ length: u32() }, line);
    const many = () => Array.from({ length: u32() }, read);
    switch (type) {
      case 1: {
        const c = coord();
        return { type: "Point", coordinates: Number.isNaN(c[0]) ? null : c };
      }
      case 2:
        return { type: "LineString", coordinates: line() };
      case 3:
        return { type: "Polygon", coordinates: poly() };
      case 4:
        return {
          type: "MultiPoint",
          coordinates: many().map((g) => (g as { coordinates: Coord }).coordinates),
        };
      case 5:
        return {
          type: "MultiLineString",
          coordinates: many().map((g) => (g as { coordinates: Coord[] }).coordinates),
        };
      case 6:
        return {
          type: "MultiPolygon",
          coordinates: many().map((g) => (g as { coordinates: Coord[][] }).coordinates),
        };
      case 7:
        return { type: "GeometryCollection", geometries: many() };
      default:
        throw new Error(`WKB: unknown type ${type}`);
    }
  };
  return read();
}

/** Polygons without their empty rings; a polygon whose exterior is empty is dropped. */
function nonEmpty(polys: Coord[][][]): Coord[][][] {
  return polys
    .map((p) => p.filter((r) => r.length > 0))
    .filter((p) => p.length > 0 && (p[0] as Coord[]).length > 0);
}

/** The polygons of a geometry when it is polygonal (empty parts dropped); null when it is not. */
export function polygonal(g: Geom): Coord[][][] | null {
  switch (g.type) {
    case "Polygon":
      return nonEmpty([g.coordinates]);
    case "MultiPolygon":
      return nonEmpty(g.coordinates);
    case "GeometryCollection": {
      const parts = g.geometries.map(polygonal);
      return parts.every((p) => p !== null) ? (parts as Coord[][][][]).flat() : null;
    }
    default:
      return null;
  }
}

/** The polygons inside any geometry; points and lines (no area) are left out. */
export function areal(g: Geom): Coord[][][] {
  switch (g.type) {
    case "Polygon":
      return g.coordinates.length > 0 ? [g.coordinates] : [];
    case "MultiPolygon":
      return g.coordinates.filter((p) => p.length > 0);
    case "GeometryCollection":
      return g.geometries.flatMap(areal);
    default:
      return [];
  }
}

/** Planar area of polygons (holes subtracted). */
export function planarArea(polys: Coord[][][]): number {
  let total = 0;
  for (const rings of polys) {
    rings.forEach((r, i) => {
      let a = 0;
      for (let k = 0; k < r.length; k++) {
        const p = r[k] as Coord;
        const q = r[(k + 1) % r.length] as Coord;
        a += p[0] * q[1] - q[0] * p[1];
      }
      total += (i === 0 ? 1 : -1) * Math.abs(a / 2);
    });
  }
  return total;
}
