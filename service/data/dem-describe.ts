// What elevation answers say about their data, built from the DEM artifact's metadata: the
// source object (dataset, publisher, resolution, licence, datums), the coverage object and notes.
import type { DemDatasetMeta, DemLayerMeta, DemMetadata } from "../../artifacts/format/dem-tile.ts";

export interface SourceDescription {
  dataset: string;
  publisher: string;
  resolution: string;
  resolutionArcSeconds: { longitude: number; latitude: number };
  license: string;
  url: string;
  surface: DemDatasetMeta["surface"];
  verticalDatum: string;
  horizontalDatum: string;
}

export interface CoverageDescription {
  region: string;
  boundary: string;
  coastalBandMeters: number;
  datasets: { dataset: string; verticalDatum: string; blocks: string[]; bbox: number[] }[];
  statement: string;
}

const arcSeconds = (v: number): string => `${Number(v.toFixed(4))}`;

export function resolutionText(layer: DemLayerMeta): string {
  const { longitude, latitude } = layer.arcSeconds;
  return longitude === latitude
    ? `${arcSeconds(latitude)} arc-second`
    : `${arcSeconds(latitude)} arc-second (latitude) × ${arcSeconds(longitude)} arc-second (longitude)`;
}

export function describeSource(meta: DemMetadata, layerIndex: number): SourceDescription {
  const layer = meta.layers[layerIndex] as DemLayerMeta;
  const d = meta.datasets[layer.dataset] as DemDatasetMeta;
  return {
    dataset: d.name,
    publisher: d.publisher,
    resolution: resolutionText(layer),
    resolutionArcSeconds: { ...layer.arcSeconds },
    license: d.license,
    url: d.url,
    surface: d.surface,
    verticalDatum: d.verticalDatum,
    horizontalDatum: d.horizontalDatum,
  };
}

/** The coverage object every elevation answer repeats (the same for every call of a version). */
export function describeCoverage(meta: DemMetadata): CoverageDescription {
  return {
    region: meta.coverage.region,
    boundary: meta.coverage.boundary,
    coastalBandMeters: meta.coverage.coastalBandMeters,
    datasets: meta.datasets.map((d, i) => {
      const blocks = meta.blocks.filter((b) => b.dataset === i);
      return {
        dataset: d.name,
        verticalDatum: d.verticalDatum,
        blocks: blocks.map((b) => b.id),
        bbox: [
          Math.min(...blocks.map((b) => b.extent[0])),
          Math.min(...blocks.map((b) => b.extent[1])),
          Math.max(...blocks.map((b) => b.extent[2])),
          Math.max(...blocks.map((b) => b.extent[3])),
        ],
      };
    }),
    statement: meta.coverage.statement,
  };
}

/** Caveats a caller must not miss: non-NAVD88 heights, surface models, undated blocks, sea at 0 m. */
export function describeNotes(
  meta: DemMetadata,
  layers: readonly number[],
  flags: { undated: boolean; zero: boolean },
): string[] {
  const notes: string[] = [];
  for (const z of layers) {
    const d = meta.datasets[(meta.layers[z] as DemLayerMeta).dataset] as DemDatasetMeta;
    if (d.verticalDatum !== "NAVD88") {
      notes.push(
        `Heights are metres above ${d.verticalDatum} (${d.name}), not NAVD88: no USGS 3DEP block covers this position here.`,
      );
    }
    if (d.surface === "DSM")
      notes.push(`${d.name} is a surface model: heights include vegetation and buildings.`);
  }
  if (flags.undated)
    notes.push("The source does not state the publication date of the block, so `published` is null.");
  if (flags.zero) notes.push("A height of exactly 0 m may be water: the source writes 0 over the sea.");
  return [...new Set(notes)];
}
