// "Alaska" for the DEM coverage: the rings of the state's polygon (STATEFP 02) in a GeoJSON
// FeatureCollection of US states, such as a conversion of the Census cartographic boundary file.
import type { Ring } from "./coverage-mask.ts";

const ALASKA_FIPS = "02";

export function alaskaRings(geojsonText: string): Ring[] {
  const doc = JSON.parse(geojsonText) as { type?: string; features?: unknown[] };
  if (doc.type !== "FeatureCollection" || !Array.isArray(doc.features))
    throw new Error("state boundaries are not a GeoJSON FeatureCollection");
  const feature = doc.features.find((f) => {
    const p = (f as { properties?: Record<string, unknown> }).properties ?? {};
    return (
      p.statefp === ALASKA_FIPS ||
      p.STATEFP === ALASKA_FIPS ||
      p.GEOID === ALASKA_FIPS ||
      p.geoid === ALASKA_FIPS
    );
  }) as { geometry?: { type: string; coordinates: unknown } } | undefined;
  const g = feature?.geometry;
  if (!g) throw new Error("no feature with STATEFP 02 (Alaska) in the state boundaries");
  if (g.type === "Polygon") return g.coordinates as Ring[];
  if (g.type === "MultiPolygon") return (g.coordinates as Ring[][]).flat();
  throw new Error(`Alaska's geometry is a ${g.type}, not a (Multi)Polygon`);
}
