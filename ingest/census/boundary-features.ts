// A boundary file read into plain polygons: the one shape every census reader hands on.
// Rings are flat [lon0, lat0, lon1, lat1, ...] arrays in degrees (NAD83 or WGS 84, see docs/census.md).

/** One ring, flat `[lon, lat, lon, lat, ...]`. */
export type Ring = Float64Array;

/** One polygon: the outer ring first, then its holes. */
export type PolygonRings = Ring[];

export interface BoundaryFeature {
  /** Attribute members with their names upper-cased (shapefile DBF and GeoJSON spell them differently). */
  properties: Record<string, unknown>;
  /** The parts of the (multi)polygon. */
  polygons: PolygonRings[];
}

/** GeoJSON-style `[[lon, lat], ...]` ring → flat ring; throws on a non-numeric position. */
export function flattenRing(ring: unknown, where: string): Ring {
  if (!Array.isArray(ring) || ring.length < 4) throw new Error(`${where}: a ring needs at least 4 positions`);
  const out = new Float64Array(ring.length * 2);
  ring.forEach((pos: unknown, i) => {
    if (!Array.isArray(pos) || typeof pos[0] !== "number" || typeof pos[1] !== "number") {
      throw new Error(`${where}[${i}]: a position must be [lon, lat] numbers`);
    }
    const [lon, lat] = pos as [number, number];
    if (!(lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90)) {
      throw new Error(`${where}[${i}]: [${lon}, ${lat}] is not a geographic position in degrees`);
    }
    out[i * 2] = lon;
    out[i * 2 + 1] = lat;
  });
  return out;
}

/** A GeoJSON Polygon or MultiPolygon geometry → polygons; other types are refused. */
export function geometryPolygons(geometry: unknown, where: string): PolygonRings[] {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== "object") throw new Error(`${where}: the feature has no geometry`);
  const polygon = (rings: unknown, at: string): PolygonRings => {
    if (!Array.isArray(rings) || rings.length === 0) throw new Error(`${at}: a polygon needs an outer ring`);
    return rings.map((r, i) => flattenRing(r, `${at}[${i}]`));
  };
  if (g.type === "Polygon") return [polygon(g.coordinates, `${where}.coordinates`)];
  if (g.type === "MultiPolygon" && Array.isArray(g.coordinates)) {
    return g.coordinates.map((p, i) => polygon(p, `${where}.coordinates[${i}]`));
  }
  throw new Error(`${where}: geometry type ${String(g.type)} is not a Polygon or MultiPolygon`);
}

/** Upper-cases attribute names so `geoid` (GeoJSON exports) and `GEOID` (DBF) read the same. */
export function upperKeys(properties: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (properties && typeof properties === "object") {
    for (const [k, v] of Object.entries(properties)) out[k.toUpperCase()] = v;
  }
  return out;
}
