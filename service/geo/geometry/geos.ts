// GEOS (the C++ port of JTS behind PostGIS and shapely) through its WebAssembly build, geos-wasm:
// OverlayNG unions, intersections and differences on polygons in any planar coordinates. The
// module is loaded once per thread (top-level await, about 45 ms). Every GEOS object made here is
// destroyed before returning; results come back as plain coordinate arrays.
import initGeosJs from "geos-wasm";
import { orient } from "../geojson/predicates.ts";

export type Ring = [number, number][];
export type Poly = Ring[];
export type MultiPoly = Poly[];

let lastError = "";
const geos = await initGeosJs({
  errorHandler: (message: string) => {
    lastError = message;
  },
  noticeHandler: () => {},
});
const M = geos.Module;

const GEOS_POLYGON = 3;
const GEOS_MULTIPOLYGON = 6;
const GEOS_GEOMETRYCOLLECTION = 7;

/** A GEOS failure (an exception inside GEOS: invalid input, a topology error). */
export class GeosError extends Error {}

function check(ptr: number, what: string): number {
  if (!ptr) {
    const message = lastError || "unknown GEOS error";
    lastError = "";
    throw new GeosError(`${what}: ${message}`);
  }
  return ptr;
}

/** A GEOS coordinate sequence of the points (caller hands it to a geometry constructor). */
function coordSeq(points: Ring): number {
  const n = points.length;
  const buf = M._malloc(n * 16);
  const view = M.HEAPF64.subarray(buf / 8, buf / 8 + n * 2);
  for (let i = 0; i < n; i++) {
    const p = points[i] as [number, number];
    view[2 * i] = p[0];
    view[2 * i + 1] = p[1];
  }
  const seq = geos.GEOSCoordSeq_copyFromBuffer(buf, n, 0, 0);
  M._free(buf);
  return check(seq, "coordinates");
}

function ringToGeos(ring: Ring): number {
  return check(geos.GEOSGeom_createLinearRing(coordSeq(ring)), "ring");
}

function polygonToGeos(poly: Poly): number {
  const [shell, ...holes] = poly.map(ringToGeos);
  const arr = M._malloc(Math.max(1, holes.length) * 4);
  M.HEAPU32.set(holes, arr / 4);
  const g = geos.GEOSGeom_createPolygon(shell as number, arr, holes.length);
  M._free(arr);
  return check(g, "polygon");
}

function collection(type: number, members: number[]): number {
  const arr = M._malloc(Math.max(1, members.length) * 4);
  M.HEAPU32.set(members, arr / 4);
  const g = geos.GEOSGeom_createCollection(type, arr, members.length);
  M._free(arr);
  return check(g, "collection");
}

/** A MultiPolygon into GEOS (rings closed; caller destroys). */
function toGeos(mp: MultiPoly): number {
  return collection(GEOS_MULTIPOLYGON, mp.map(polygonToGeos));
}

function ringFromGeos(ring: number): Ring {
  const seq = geos.GEOSGeom_getCoordSeq(ring);
  const sizePtr = M._malloc(4);
  geos.GEOSCoordSeq_getSize(seq, sizePtr);
  const n = M.getValue(sizePtr, "i32");
  M._free(sizePtr);
  const buf = M._malloc(Math.max(1, n) * 16);
  geos.GEOSCoordSeq_copyToBuffer(seq, buf, 0, 0);
  const view = M.HEAPF64.subarray(buf / 8, buf / 8 + n * 2);
  const out: Ring = new Array(n);
  for (let i = 0; i < n; i++) out[i] = [view[2 * i] as number, view[2 * i + 1] as number];
  M._free(buf);
  return out;
}

/**
 * Exterior counter-clockwise, holes clockwise (RFC 7946 right-hand rule), starting at the vertex
 * of smallest longitude (then latitude) so that answers do not depend on GEOS's internal order.
 * The winding is decided exactly (the turn at that hull vertex), as the validator decides it.
 */
function oriented(ring: Ring, exterior: boolean): Ring {
  let k = 0;
  for (let i = 1; i + 1 < ring.length; i++) {
    const p = ring[i] as [number, number];
    const q = ring[k] as [number, number];
    if (p[0] < q[0] || (p[0] === q[0] && p[1] < q[1])) k = i;
  }
  const open = ring.slice(0, -1);
  const r = [...open.slice(k), ...open.slice(0, k)];
  r.push(r[0] as [number, number]);
  const a = r[r.length - 2] as [number, number];
  const b = r[0] as [number, number];
  const c = r[1] as [number, number];
  const turn = orient(a[0], a[1], b[0], b[1], c[0], c[1]);
  return turn < 0 === exterior ? r.reverse() : r;
}

/** The polygons of a GEOS result (polygonal parts only, lower-dimension debris dropped), RFC 7946 winding. */
function fromGeos(g: number): MultiPoly {
  const type = geos.GEOSGeomTypeId(g);
  if (type === GEOS_POLYGON) {
    if (geos.GEOSisEmpty(g)) return [];
    const rings = [oriented(ringFromGeos(geos.GEOSGetExteriorRing(g)), true)];
    const holes = geos.GEOSGetNumInteriorRings(g);
    for (let i = 0; i < holes; i++)
      rings.push(oriented(ringFromGeos(geos.GEOSGetInteriorRingN(g, i)), false));
    return [rings];
  }
  if (type === GEOS_MULTIPOLYGON || type === GEOS_GEOMETRYCOLLECTION) {
    const out: MultiPoly = [];
    const n = geos.GEOSGetNumGeometries(g);
    for (let i = 0; i < n; i++) out.push(...fromGeos(geos.GEOSGetGeometryN(g, i)));
    return out;
  }
  return [];
}

/** Runs `f` on GEOS copies of the operands, returns its result's polygons, frees everything. */
function withGeos(operands: MultiPoly[], what: string, f: (gs: number[]) => number): MultiPoly {
  const gs: number[] = [];
  let result = 0;
  try {
    for (const mp of operands) gs.push(toGeos(mp));
    result = check(f(gs), what);
    return fromGeos(result);
  } finally {
    if (result) geos.GEOSGeom_destroy(result);
    for (const g of gs) geos.GEOSGeom_destroy(g);
  }
}

/** True when GEOS finds the MultiPolygon valid (OGC rules). */
export function isValid(mp: MultiPoly): boolean {
  const g = toGeos(mp);
  try {
    return geos.GEOSisValid(g) === 1;
  } finally {
    geos.GEOSGeom_destroy(g);
  }
}

/**
 * Union of every part of every operand (OverlayNG, cascaded). `grid` > 0 snap-rounds the result
 * to that grid (robust against any floating-point topology failure).
 */
export function unionAll(operands: MultiPoly[], grid = 0): MultiPoly {
  return withGeos([operands.flat()], "union", ([g]) =>
    grid > 0 ? geos.GEOSUnaryUnionPrec(g as number, grid) : geos.GEOSUnaryUnion(g as number),
  );
}

/** a ∩ b, or a − b (OverlayNG); `grid` as for unionAll. */
export function binary(op: "intersection" | "difference", a: MultiPoly, b: MultiPoly, grid = 0): MultiPoly {
  return withGeos([a, b], op, ([ga, gb]) => {
    const x = ga as number;
    const y = gb as number;
    if (op === "intersection")
      return grid > 0 ? geos.GEOSIntersectionPrec(x, y, grid) : geos.GEOSIntersection(x, y);
    return grid > 0 ? geos.GEOSDifferencePrec(x, y, grid) : geos.GEOSDifference(x, y);
  });
}

/** The MultiPolygon made valid the GEOS way (`structure` method: parts unioned, holes subtracted). */
export function makeValid(mp: MultiPoly): MultiPoly {
  return withGeos([mp], "make valid", ([g]) => {
    const params = geos.GEOSMakeValidParams_create();
    geos.GEOSMakeValidParams_setMethod(params, 1);
    geos.GEOSMakeValidParams_setKeepCollapsed(params, 0);
    try {
      return geos.GEOSMakeValidWithParams(g as number, params);
    } finally {
      geos.GEOSMakeValidParams_destroy(params);
    }
  });
}

/**
 * Where the rings wind at least once, as valid polygons: GEOS's buffer builder at distance 0,
 * which nodes every ring together and keeps the faces of depth ≥ 1 (each shell adds 1 inside
 * itself, each hole takes 1 away, a ring that crosses itself counts as often as it winds, every
 * ring oriented by its signed area). GEOS's buffer simplifies its input by 1 % of the distance
 * only when it offsets; at distance 0 the rings are taken as they are. On a noding failure GEOS
 * retries by itself with snap-rounding at decreasing precision (12 significant digits down).
 */
export function windingRegion(polygons: MultiPoly): MultiPoly {
  return withGeos([polygons], "winding region", ([g]) => geos.GEOSBuffer(g as number, 0, 1));
}
