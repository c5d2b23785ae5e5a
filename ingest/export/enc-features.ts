// The chart tiles of the enc family as GeoJSON layers (WGS 84 longitude/latitude, depths in metres
// as charted): depth areas, survey quality areas, soundings, point hazards and area hazards.
// Tiles clip depth and quality areas at tile edges, so an area spanning tiles is several features
// (each with its tile's part); soundings and point hazards are stored once; an area hazard is
// stored whole in every tile its box overlaps and is written once per cell. `cell` is the
// index of the chart cell in the metadata, `chart` its name (e.g. US5AK5SI).
import type { Feature, Point, Polygon } from "geojson";
import type { EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import { TILE_DEPTH_CLASS, TILE_HAZARD_CLASS } from "../../artifacts/format/enc-tile-codec.ts";
import { E7 } from "../../artifacts/format/enc-tile-grid.ts";

export const ENC_LAYERS = ["depth-areas", "quality", "soundings", "hazard-points", "hazard-areas"] as const;
export type EncLayer = (typeof ENC_LAYERS)[number];

/** The S-57 acronym of a tile's class code. */
const className = (table: Record<string, number>, code: number) =>
  Object.keys(table).find((k) => table[k] === code) ?? null;

const closed = (r: Int32Array): number[][] => {
  const out: number[][] = [];
  for (let i = 0; i < r.length; i += 2) out.push([(r[i] as number) / E7, (r[i + 1] as number) / E7]);
  if (out[0]) out.push(out[0]);
  return out;
};
const polygon = (rings: Int32Array[], properties: Record<string, unknown>): Feature<Polygon> => ({
  type: "Feature",
  geometry: { type: "Polygon", coordinates: rings.map(closed) },
  properties,
});
const point = (lonE7: number, latE7: number, properties: Record<string, unknown>): Feature<Point> => ({
  type: "Feature",
  geometry: { type: "Point", coordinates: [lonE7 / E7, latE7 / E7] },
  properties,
});

/** Every feature of every stored tile, by layer. */
export async function encFeatures(reader: EncChartsReader): Promise<Record<EncLayer, Feature[]>> {
  const layers: Record<EncLayer, Feature[]> = {
    "depth-areas": [],
    quality: [],
    soundings: [],
    "hazard-points": [],
    "hazard-areas": [],
  };
  const chartOf = (cell: number) => reader.metadata.cells[cell]?.name ?? null;
  const seen = new Set<string>();
  for (const { col, row } of reader.tiles()) {
    for (const s of (await reader.tile(col, row)) ?? []) {
      const where = { cell: s.cell, chart: chartOf(s.cell) };
      for (const a of s.depthAreas())
        layers["depth-areas"].push(
          polygon(a.rings, {
            ...where,
            class: className(TILE_DEPTH_CLASS, a.objectClass),
            drval1: a.drval1,
            drval2: a.drval2,
          }),
        );
      for (const q of s.quality())
        layers.quality.push(
          polygon(q.rings, {
            ...where,
            catzoc: q.catzoc,
            posacc: q.posacc,
            souacc: q.souacc,
            surveyStart: q.surveyStart,
            surveyEnd: q.surveyEnd,
          }),
        );
      const { coords, depths } = s.soundings();
      for (const [i, depth] of depths.entries())
        layers.soundings.push(
          point(coords[2 * i] as number, coords[2 * i + 1] as number, { ...where, depth }),
        );
      for (const h of s.hazards()) {
        const properties = {
          ...where,
          class: className(TILE_HAZARD_CLASS, h.objectClass),
          valsou: h.valsou,
          watlev: h.watlev,
          category: h.category,
          expsou: h.expsou,
          quapos: h.quapos,
          objnam: h.objnam,
          lnam: h.lnam,
          alsoIn: h.alsoIn.join(","),
        };
        if (!h.chartedAsArea) layers["hazard-points"].push(point(h.lonE7, h.latE7, properties));
        else if (!seen.has(`${s.cell}/${h.lnam}`)) {
          seen.add(`${s.cell}/${h.lnam}`);
          for (const part of h.parts) layers["hazard-areas"].push(polygon(part, properties));
        }
      }
    }
  }
  return layers;
}
