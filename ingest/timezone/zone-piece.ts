// What every timezone input format is read into: leaves of zone geometry, in a deterministic
// order (earlier leaves and pieces win overlaps). Coordinates are GeoJSON ([lon, lat]).

export type PolygonCoordinates = number[][][];

export interface ZonePiece {
  tzid: string;
  polygon: PolygonCoordinates;
}

/**
 * `area`: every cell centre inside the polygon belongs to the zone.
 * `clipped`: cell centres inside `bounds` belong to the first piece that contains them, or to no zone.
 */
export type ZoneLeaf =
  | ({ kind: "area" } & ZonePiece)
  | { kind: "clipped"; bounds: PolygonCoordinates; pieces: ZonePiece[] };

export interface ZoneSource {
  /** Zone ids in the order the product lists them (value ids of the artifact follow it). */
  zones: string[];
  /** Number of leaves `leaves()` yields, for progress. */
  leafCount: number;
  leaves(): Iterable<ZoneLeaf>;
}

/** The polygons of a Polygon or MultiPolygon geometry; undefined for any other type. */
export function polygonsOf(geometry: unknown): PolygonCoordinates[] | undefined {
  const g = geometry as { type?: string; coordinates?: unknown } | null;
  if (g?.type === "Polygon") return [g.coordinates as PolygonCoordinates];
  if (g?.type === "MultiPolygon") return g.coordinates as PolygonCoordinates[];
  return undefined;
}
