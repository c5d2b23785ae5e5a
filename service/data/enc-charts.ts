// The opened ENC family: the chart container read by positioned reads, the cell list with its
// coverage rings in memory, and per-request sessions that read and count tiles. A tile that
// cannot be read or decoded becomes 503 data_unavailable (never a guess).

import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { openFileReader } from "../../artifacts/format/byte-source.ts";
import type { EncArea, EncCellMetadata } from "../../artifacts/format/enc-charts-metadata.ts";
import { ENC_CHARTS_FILE, EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import type { TileSectionView } from "../../artifacts/format/enc-tile-codec.ts";
import type { EncTileGrid } from "../../artifacts/format/enc-tile-grid.ts";
import type { ArtifactManifest, ManifestCoverage } from "../../artifacts/format/manifest.ts";
import { insideRings } from "../../artifacts/format/ring-containment.ts";
import { ApiError } from "../errors.ts";
import type { ChartTiles } from "../geo/marine/chart-tiles.ts";
import type { FamilyOpener } from "./families.ts";

export const ENC_FAMILY = FAMILY_SPECS.enc.family;

/** Provenance of the opened version, for `source` and `disclaimer`. */
export interface EncProvenance {
  version: string;
  /** YYYY-MM-DD the cells were retrieved from NOAA (mirror date or download day). */
  retrievedAt: string;
  /** What the build serves of the cells ingest/sources.lock.json names (absent: no lock entry). */
  specCoverage?: ManifestCoverage;
}

export class EncCharts {
  readonly grid: EncTileGrid;
  readonly cells: readonly EncCellMetadata[];
  readonly areas: readonly EncArea[];
  readonly provenance: EncProvenance;
  readonly #reader: EncChartsReader;

  constructor(reader: EncChartsReader, provenance: EncProvenance) {
    this.#reader = reader;
    this.grid = reader.metadata.grid;
    this.cells = reader.metadata.cells;
    this.areas = reader.metadata.areas;
    this.provenance = provenance;
  }

  /** Cells (rank order) whose coverage contains (x, y), E7. */
  coveringCells(x: number, y: number): number[] {
    const out: number[] = [];
    this.cells.forEach((c, i) => {
      const [w, s, e, n] = c.bounds;
      if (x < w || x > e || y < s || y > n) return;
      if (c.coverage.some((rings) => insideRings(rings, x, y))) out.push(i);
    });
    return out;
  }

  /** A per-request view that counts the tiles it reads and reads each at most once (concurrent asks share the read). */
  session(): ChartTiles {
    const cache = new Map<string, Promise<TileSectionView[] | undefined>>();
    let read = 0;
    return {
      grid: this.grid,
      cells: this.cells,
      coveringCells: (x, y) => this.coveringCells(x, y),
      tile: (col, row) => {
        const key = `${col}/${row}`;
        let sections = cache.get(key);
        if (!sections) {
          sections = this.#read(col, row).then((s) => {
            if (s) read++;
            return s;
          });
          cache.set(key, sections);
        }
        return sections;
      },
      get tilesRead() {
        return read;
      },
    };
  }

  async #read(col: number, row: number): Promise<TileSectionView[] | undefined> {
    try {
      return await this.#reader.tile(col, row);
    } catch (err) {
      if (err instanceof ArtifactError || err instanceof RangeError) {
        throw new ApiError("data_unavailable", {
          family: ENC_FAMILY,
          reason: `chart tile ${col}/${row} is unreadable: ${err.message}`,
        });
      }
      throw err;
    }
  }

  close(): void {
    this.#reader.close();
  }
}

export const encOpener: FamilyOpener<EncCharts> = {
  ...FAMILY_SPECS.enc,
  async open(versionDir: string, manifest: ArtifactManifest) {
    const reader = await openFileReader(path.join(versionDir, ENC_CHARTS_FILE), "file", EncChartsReader.open);
    const retrieved = manifest.inputs.map((i) => i.retrievedAt).sort();
    return new EncCharts(reader, {
      version: manifest.version,
      retrievedAt: retrieved[retrieved.length - 1] ?? "",
      ...(manifest.coverage ? { specCoverage: manifest.coverage } : {}),
    });
  },
  close: (charts) => charts.close(),
};
