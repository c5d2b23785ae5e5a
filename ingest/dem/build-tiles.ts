// Builds the DEM tile container: parses every input block, groups blocks into layers (one
// dataset on one pixel grid), paints each layer into tiles with the Alaska coverage flags, and
// writes the blobs plus the metadata (datasets, blocks with their publication dates, layers).
import { type DemGrid, edgePhase, gridKey } from "../../artifacts/format/dem-grid.ts";
import {
  DEM_FORMAT,
  type DemBlockMeta,
  type DemDatasetMeta,
  type DemLayerMeta,
  type DemMetadata,
  encodeDemTile,
} from "../../artifacts/format/dem-tile.ts";
import { TileContainerWriter, tileKey } from "../../artifacts/format/tile-container.ts";
import { coverageMask, type Ring } from "./coverage-mask.ts";
import { type DemReaderKind, readBlock, USGS_3DEP_2AS } from "./datasets.ts";
import { type BlockShape, paintLayer } from "./paint-layer.ts";
import { type DemDataset, pixelsPerDegree } from "./source-block.ts";

export interface DemInput {
  fileName: string;
  kind: DemReaderKind;
  dataset: DemDataset;
  bytes(): Promise<Uint8Array>;
}

export interface DemBuildOptions {
  inputs: DemInput[];
  /** The rings of Alaska's polygon (see alaska-boundary.ts). */
  alaska: Ring[];
  /** Name of the boundary for answers, e.g. "US Census Bureau 2024 cartographic boundary (1:500,000)". */
  boundaryName: string;
  /** Width of the coastal band counted as Alaska, in metres (3 nautical miles = 5556). */
  coastalBandMeters: number;
  /** Largest tile edge in pixels; the tile is the largest divisor of the pixels per degree not above it. */
  maxTileSize: number;
  /** Dataset ids, most preferred first, for where layers overlap. */
  datasetPriority: readonly string[];
  outFile: string;
  log?(message: string): void;
}

interface Layer {
  dataset: DemDataset;
  grid: DemGrid;
  blocks: { shape: BlockShape; input: DemInput }[];
}

export async function buildDemTiles(opts: DemBuildOptions): Promise<DemMetadata> {
  const layers = new Map<string, Layer>();
  for (const input of opts.inputs) {
    const { values: _values, ...shape } = await readBlock(
      input.kind,
      input.fileName,
      await input.bytes(),
      input.dataset,
    );
    const ppd = pixelsPerDegree(shape);
    const grid: DemGrid = {
      ppdX: ppd.x,
      ppdY: ppd.y,
      phaseX: edgePhase(shape.west + 180, ppd.x),
      phaseY: edgePhase(90 - shape.north, ppd.y),
    };
    const key = `${input.dataset.id}|${gridKey(grid)}`;
    const layer = layers.get(key) ?? { dataset: input.dataset, grid, blocks: [] };
    layer.blocks.push({ shape, input });
    layers.set(key, layer);
    opts.log?.(`${shape.id}: ${shape.width}×${shape.height} ${input.dataset.id}`);
  }
  const rank = (id: string): number => {
    const i = opts.datasetPriority.indexOf(id);
    return i < 0 ? opts.datasetPriority.length : i;
  };
  const ordered = [...layers.values()].sort(
    (a, b) =>
      rank(a.dataset.id) - rank(b.dataset.id) ||
      b.grid.ppdX * b.grid.ppdY - a.grid.ppdX * a.grid.ppdY ||
      gridKey(a.grid).localeCompare(gridKey(b.grid)),
  );
  const datasets: DemDatasetMeta[] = [];
  const blocks: DemBlockMeta[] = [];
  const layerMetas: DemLayerMeta[] = [];
  const writer = new TileContainerWriter(opts.outFile);
  try {
    for (const [z, layer] of ordered.entries()) {
      let datasetIndex = datasets.findIndex((d) => d.id === layer.dataset.id);
      if (datasetIndex < 0) datasetIndex = datasets.push({ ...layer.dataset }) - 1;
      // Within a layer: newest publication first (undated last), then by name.
      layer.blocks.sort(
        (a, b) =>
          (b.shape.published ?? "").localeCompare(a.shape.published ?? "") ||
          a.shape.id.localeCompare(b.shape.id),
      );
      const first = blocks.length;
      for (const { shape } of layer.blocks) blocks.push(blockMeta(shape, datasetIndex));
      const tileSize = tileSizeFor(layer.grid, opts.maxTileSize);
      const around = 360 * layer.grid.ppdX;
      const wrapColumns = Number.isInteger(around) && around % tileSize === 0 ? around : null;
      layerMetas.push({
        dataset: datasetIndex,
        grid: layer.grid,
        tileSize,
        wrapColumns,
        bbox: union(layer.blocks.map((b) => blockMeta(b.shape, datasetIndex).extent)),
        arcSeconds: { longitude: 3600 / layer.grid.ppdX, latitude: 3600 / layer.grid.ppdY },
      });
      let tiles = 0;
      await paintLayer(
        {
          grid: layer.grid,
          tileSize,
          wrapColumns,
          blocks: layer.blocks.map(({ shape, input }, i) => ({
            index: first + i,
            shape,
            load: async () => {
              const block = await readBlock(input.kind, input.fileName, await input.bytes(), input.dataset);
              return {
                values: block.values,
                coverage: coverageMask(opts.alaska, block, opts.coastalBandMeters),
              };
            },
          })),
        },
        (tx, ty, tile) => {
          writer.add(tileKey(z, tx, ty), encodeDemTile(tile));
          tiles++;
        },
      );
      opts.log?.(
        `layer ${z} (${layer.dataset.id}, ${layerMetas[z]?.arcSeconds.latitude}″): ${tiles} tiles of ${tileSize}²`,
      );
    }
    const metadata: DemMetadata = {
      format: "geo402-dem",
      formatVersion: `${DEM_FORMAT.major}.${DEM_FORMAT.minor}`,
      datasets,
      blocks,
      layers: layerMetas,
      coverage: {
        region: "Alaska",
        boundary: opts.boundaryName,
        coastalBandMeters: opts.coastalBandMeters,
        statement: coverageStatement(blocks, datasets, opts.coastalBandMeters),
      },
    };
    writer.finish(metadata);
    return metadata;
  } catch (err) {
    writer.finish({ failed: true });
    throw err;
  }
}

function blockMeta(s: BlockShape, dataset: number): DemBlockMeta {
  return {
    id: s.id,
    dataset,
    published: s.published,
    extent: [s.west, s.north - s.height * s.pixelHeight, s.west + s.width * s.pixelWidth, s.north],
    core: [s.core.west, s.core.south, s.core.east, s.core.north],
  };
}

/** Largest divisor of the whole pixels-per-degree of both axes not above `max` (or `max`). */
export function tileSizeFor(grid: DemGrid, max: number): number {
  if (!Number.isInteger(grid.ppdX) || !Number.isInteger(grid.ppdY)) return max;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(grid.ppdX, grid.ppdY);
  for (let t = Math.min(max, g); t > 1; t--) if (g % t === 0) return t;
  return 1;
}

function union(boxes: [number, number, number, number][]): [number, number, number, number] {
  return boxes.reduce((u, b) => [
    Math.min(u[0], b[0]),
    Math.min(u[1], b[1]),
    Math.max(u[2], b[2]),
    Math.max(u[3], b[3]),
  ]);
}

function coverageStatement(blocks: DemBlockMeta[], datasets: DemDatasetMeta[], band: number): string {
  const names = datasets.map(
    (d, i) =>
      `${d.name} (${blocks
        .filter((b) => b.dataset === i)
        .map((b) => b.id)
        .join(", ")})`,
  );
  const no3dep = datasets.some((d) => d.id === USGS_3DEP_2AS.id)
    ? ""
    : " No USGS 3DEP (NAVD88) block is ingested.";
  return (
    `Only the ingested blocks, clipped to Alaska and its ${band} m coastal band: ${names.join("; ")}.${no3dep} ` +
    "Everywhere else in Alaska answers outside_coverage."
  );
}
