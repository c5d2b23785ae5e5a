// The answers of GET /v1/elevation and POST /v1/elevation/profile, built from the samples and the
// DEM artifact's metadata: the 200 bodies, what they say about their data (the source object:
// dataset, publisher, resolution, licence, datums; the coverage object; notes) and the coverage an
// outside_coverage refusal names.
import { pixelSizeMeters } from "../../artifacts/format/dem-grid.ts";
import type { DemDatasetMeta, DemLayerMeta, DemMetadata } from "../../artifacts/format/dem-metadata.ts";
import type { DemDataset, Located, Sampled } from "../data/dem-dataset.ts";
import type { PathLength, PathSample } from "../geo/elevation/profile-path.ts";
import { profileStats } from "../geo/elevation/profile-stats.ts";
import type { SchemaTypes } from "../types/schema-types.ts";
import { type SpecCoverage, specCoverageOf } from "./spec-coverage.ts";

type Interpolation = SchemaTypes["elevation.response"]["interpolation"];

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
  specCoverage: SpecCoverage;
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
export function describeCoverage(dem: DemDataset): CoverageDescription {
  const meta = dem.metadata;
  return {
    specCoverage: specCoverageOf(dem.specCoverage),
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

export function pointAnswer(
  dem: DemDataset,
  q: { lon: number; lat: number },
  at: Located,
  sampled: Sampled,
  interpolation: Interpolation,
): SchemaTypes["elevation.response"] {
  const meta = dem.metadata;
  const { lon, lat } = q;
  const layer = meta.layers[at.layer] as DemLayerMeta;
  const source = describeSource(meta, at.layer);
  const block = meta.blocks[at.block];
  const size = pixelSizeMeters(lat, 1 / layer.grid.ppdX, 1 / layer.grid.ppdY);
  return {
    elevationMeters: sampled.elevationMeters,
    verticalDatum: source.verticalDatum,
    horizontalDatum: source.horizontalDatum,
    interpolation,
    pixelsUsed: sampled.pixelsUsed,
    pixelSizeMeters: { longitude: size.longitude, latitude: size.latitude },
    published: block?.published ?? null,
    source: { ...source, block: block?.id ?? "" },
    coverage: describeCoverage(dem),
    query: { lat, lon },
    notes: describeNotes(meta, [at.layer], {
      undated: !block?.published,
      zero: sampled.elevationMeters === 0,
    }),
  };
}

export function profileAnswer(
  dem: DemDataset,
  p: {
    points: readonly PathSample[];
    count: number;
    located: readonly Located[];
    heights: readonly (number | null)[];
    length: PathLength;
    interpolation: Interpolation;
    tilesConsulted: number;
  },
): SchemaTypes["elevation-profile.response"] {
  const meta = dem.metadata;
  const { located, heights } = p;
  const layers = [...new Set(located.map((at) => at.layer))];
  const source = layers.map((z) => {
    const blocks = [...new Set(located.filter((at) => at.layer === z).map((at) => at.block))].sort(
      (a, b) => a - b,
    );
    return {
      ...describeSource(meta, z),
      blocks: blocks.map((b) => ({
        id: meta.blocks[b]?.id ?? "",
        published: meta.blocks[b]?.published ?? null,
      })),
    };
  });
  return {
    samples: p.points.map((point, i) => ({
      ...point,
      elevationMeters: heights[i] ?? null,
      sourceIndex: layers.indexOf((located[i] as Located).layer),
    })),
    lengthMeters: p.length.lengthMeters,
    spacingMeters: p.length.lengthMeters / (p.count - 1),
    stats: profileStats(heights),
    interpolation: p.interpolation,
    source,
    coverage: describeCoverage(dem),
    tilesConsulted: p.tilesConsulted,
    notes: describeNotes(meta, layers, {
      undated: source.some((s) => s.blocks.some((b) => b.published === null)),
      zero: heights.some((h) => h === 0),
    }),
  };
}
