// Builds the DEM artifact: parses every input block, groups blocks into layers (one dataset on one
// pixel grid), paints each layer into tiles with the Alaska coverage flags, writes each tile to the
// layer's two sparse GeoTIFFs as soon as it is painted, and `dem.json` (datasets, blocks with their publication dates, layers, the COGs'
// tile checksums).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { type DemGrid, edgePhase, gridKey } from "../../artifacts/format/dem-grid.ts";
import {
  DEM_FORMAT,
  DEM_METADATA_FILE,
  type DemBlockMeta,
  type DemDatasetMeta,
  type DemLayerMeta,
  type DemMetadata,
  MAX_DEM_BLOCKS,
} from "../../artifacts/format/dem-metadata.ts";
import { DemLayerWriter } from "../../artifacts/format/dem-writer.ts";
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
  /** Largest tile edge in pixels (a multiple of 16, as COG tiles are); see tileSizeFor. */
  maxTileSize: number;
  /** Dataset ids, most preferred first, for where layers overlap. */
  datasetPriority: readonly string[];
  /** Folder the files are written to. */
  outDir: string;
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
      false,
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
    if (blocks.length > MAX_DEM_BLOCKS) throw new Error(`more than ${MAX_DEM_BLOCKS} DEM blocks`);
    const tileSize = tileSizeFor(layer.grid, opts.maxTileSize);
    const around = 360 * layer.grid.ppdX;
    const wrapColumns = Number.isInteger(around) && around % tileSize === 0 ? around : null;
    const layerMeta = {
      dataset: datasetIndex,
      grid: layer.grid,
      tileSize,
      wrapColumns,
      bbox: union(layer.blocks.map((b) => blockMeta(b.shape, datasetIndex).extent)),
      arcSeconds: { longitude: 3600 / layer.grid.ppdX, latitude: 3600 / layer.grid.ppdY },
    };
    const writer = new DemLayerWriter(opts.outDir, z, layer.grid, tileSize);
    let stored = 0;
    try {
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
          writer.add(tx, ty, tile);
          stored++;
        },
      );
    } catch (err) {
      writer.abandon();
      throw err;
    }
    layerMetas.push({ ...layerMeta, ...writer.finish() });
    opts.log?.(
      `layer ${z} (${layer.dataset.id}, ${layerMeta.arcSeconds.latitude}″): ${stored} tiles of ${tileSize}²`,
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
  await writeFile(path.join(opts.outDir, DEM_METADATA_FILE), JSON.stringify(metadata));
  return metadata;
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

/**
 * Tile edge of a layer: the largest multiple of 16 (TIFF tiles are) not above `max` that divides
 * the whole pixels of both axes around the globe (360·ppdX and 180·ppdY), so tiles wrap at the
 * antimeridian; `max` rounded down to 16 when the grid is not whole.
 */
export function tileSizeFor(grid: DemGrid, max: number): number {
  const top = Math.floor(max / 16) * 16;
  if (top < 16) throw new RangeError(`DEM tiles need at least 16 pixels, got a maximum of ${max}`);
  const around = 360 * grid.ppdX;
  const pole = 180 * grid.ppdY;
  if (!Number.isInteger(around) || !Number.isInteger(pole)) return top;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(around, pole);
  for (let t = top; t > 16; t -= 16) if (g % t === 0) return t;
  return 16;
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
