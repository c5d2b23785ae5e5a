// The GeoJSON forms (application/geo+json, answer-format.ts) of the answers that are geographic,
// each made from the route's JSON answer: a FeatureCollection whose features are what the answer
// locates, with the answer's other members kept as foreign members (RFC 7946 §6.1). The shapes are
// schemas/<route>-geojson.response.json.
import type { TileRings } from "../../artifacts/format/enc-tile-codec.ts";
import { E7 } from "../../artifacts/format/enc-tile-grid.ts";
import { signedArea2 } from "../geo/geometry/offset-curves.ts";
import type { SchemaTypes } from "../types/schema-types.ts";

type Position = [number, number];

export function pipGeoJson(
  points: readonly number[][],
  answer: SchemaTypes["pip.response"],
): SchemaTypes["pip-geojson.response"] {
  const { matrix: _, containing, ...rest } = answer;
  return {
    type: "FeatureCollection",
    features: points.map((p, index) => {
      const columns = containing[index] ?? [];
      return {
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [p[0] as number, p[1] as number] },
        properties: {
          index,
          containing: columns,
          containingLabels: columns.map((c) => answer.columns[c] as string | number),
        },
      };
    }),
    ...rest,
  };
}

/** The profile as one LineString with Z; void samples are left out of the line (see the schema). */
export function profileGeoJson(
  answer: SchemaTypes["elevation-profile.response"],
): SchemaTypes["elevation-profile-geojson.response"] {
  const { samples, ...rest } = answer;
  const valued = samples.filter((s) => s.elevationMeters !== null);
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        geometry:
          valued.length < 2
            ? null
            : {
                type: "LineString",
                coordinates: valued.map((s) => [s.longitude, s.latitude, s.elevationMeters as number]),
              },
        properties: {
          ...rest,
          distancesMeters: valued.map((s) => s.distanceMeters),
          sourceIndexes: valued.map((s) => s.sourceIndex),
        },
      },
    ],
  };
}

/**
 * Hazards nearest first, each a Point at its charted position or, charted as an area, its outline
 * (`outlines[i]`, one part per charting cell) as a MultiPolygon.
 */
export function hazardsGeoJson(
  answer: SchemaTypes["marine-hazards.response"],
  outlines: readonly (readonly TileRings[])[],
): SchemaTypes["marine-hazards-geojson.response"] {
  const { hazards, ...rest } = answer;
  return {
    type: "FeatureCollection",
    features: hazards.map((h, i) => {
      const parts = outlines[i] ?? [];
      return {
        type: "Feature" as const,
        geometry:
          parts.length > 0
            ? { type: "MultiPolygon" as const, coordinates: parts.map(polygonOfRings) }
            : { type: "Point" as const, coordinates: [h.longitude, h.latitude] },
        properties: h,
      };
    }),
    ...rest,
  };
}

/** Open E7 rings (first the exterior, then holes) as a closed RFC 7946 polygon, exterior counter-clockwise. */
function polygonOfRings(rings: TileRings): Position[][] {
  return rings.map((r, k) => {
    const ring: Position[] = [];
    for (let i = 0; i < r.length; i += 2) ring.push([(r[i] as number) / E7, (r[i + 1] as number) / E7]);
    ring.push(ring[0] as Position);
    const counterClockwise = signedArea2(ring) > 0;
    return counterClockwise === (k === 0) ? ring : ring.reverse();
  });
}
