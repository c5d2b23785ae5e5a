// Polygon and MultiPolygon geometries read from a request (h3/polyfill, pip) by the one GeoJSON
// reader (geometry/geojson-input.ts): every ring closed with at least four positions, every
// position in EPSG:4326 range. Any other geometry type is refused by name.
import { type InputItem, type Position, positionsOf } from "./geometry/geojson-input.ts";
import { Refusal } from "./refusal.ts";

/** A closed ring of `[lon, lat, …]` positions, exactly as sent (first equals last). */
export type Ring = Position[];
export type { Position };
/** One polygon: ring 0 is the exterior, the others are holes. */
export type PolygonRings = Ring[];

export interface ArealGeometry {
  type: "Polygon" | "MultiPolygon";
  /** One entry per polygon (a Polygon has one part). */
  parts: PolygonRings[];
  /** Positions read, closing positions included. */
  positions: number;
}

const ACCEPTED = ["Polygon", "MultiPolygon"];

/** The areal geometry of a read item (a bare geometry or a Feature's), or unsupported_geometry. */
export function arealGeometry(item: InputItem, field: string): ArealGeometry {
  const g = item.geometry;
  if (g === null || (g.type !== "Polygon" && g.type !== "MultiPolygon"))
    throw new Refusal("unsupported_geometry", {
      field,
      path: item.path,
      type: g?.type ?? null,
      accepted: ACCEPTED,
    });
  const parts = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  parts.forEach((rings, k) => {
    if (rings.length === 0)
      throw new Refusal("invalid_geometry", {
        field,
        path: g.type === "Polygon" ? `${item.path}.coordinates` : `${item.path}.coordinates[${k}]`,
        reason: "a polygon needs an exterior ring",
      });
  });
  let positions = 0;
  for (const _ of positionsOf(g)) positions++;
  return { type: g.type, parts, positions };
}
