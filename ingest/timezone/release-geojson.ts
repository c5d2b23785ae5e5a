// Reads the timezone-boundary-builder release format: one GeoJSON FeatureCollection
// (`timezones.geojson` / `timezones-with-oceans.geojson`, also the -1970 and -now variants)
// whose features carry `properties.tzid` and Polygon or MultiPolygon geometry. Ocean features
// (`Etc/…`) are left out: open water is answered by the coastal band and the nautical rule.
import { readFileSync } from "node:fs";
import { polygonsOf, type ZoneLeaf, type ZoneSource } from "./zone-piece.ts";

export function readReleaseGeoJson(file: string): ZoneSource {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${file} is not JSON: ${(err as Error).message}`);
  }
  const fc = doc as { type?: unknown; features?: unknown };
  if (fc.type !== "FeatureCollection" || !Array.isArray(fc.features))
    throw new Error(`${file} is not a GeoJSON FeatureCollection`);
  const leaves: ZoneLeaf[] = [];
  const zones = new Set<string>();
  fc.features.forEach((f: { properties?: { tzid?: unknown }; geometry?: unknown }, i: number) => {
    const tzid = f.properties?.tzid;
    const polygons = polygonsOf(f.geometry);
    if (typeof tzid !== "string" || tzid === "")
      throw new Error(`${file}: feature ${i} has no properties.tzid`);
    if (!polygons) throw new Error(`${file}: feature ${i} (${tzid}) is not a Polygon or MultiPolygon`);
    if (tzid.startsWith("Etc/")) return;
    zones.add(tzid);
    for (const polygon of polygons) leaves.push({ kind: "area", tzid, polygon });
  });
  return { zones: [...zones].sort(), leafCount: leaves.length, leaves: () => leaves };
}
