// Reader of a built census version (artifacts/README.md §Census family): position → state,
// county and congressional district, the resolution that answered, and whether the answer may be
// wrong (a real outline within reach of its cell, or a neighbouring cell answering differently).
// Shared by the ingest verify step, the service and the benchmark.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { cellToParent, gridDisk, latLngToCell } from "h3-js";
import { ArtifactError } from "./artifact-error.ts";
import { type ByteSource, openByteSource, type SourceMode } from "./byte-source.ts";
import { CellIndexReader } from "./cell-index-reader.ts";
import {
  CENSUS_FILES,
  CENSUS_FINE_RESOLUTION,
  CENSUS_RESOLUTION,
  type CensusMetadata,
  type CensusRecord,
  decodeCensusRecord,
  parseCensusMetadata,
} from "./census-record.ts";
import { cellWords } from "./h3-key.ts";

export interface CensusHit {
  /** The answer, or null outside every state outline. */
  record: CensusRecord | null;
  /** Resolution that answered: 7, or 9 inside the fine band along small units' outlines. */
  resolution: number;
  /**
   * Whether the answer may be wrong: a real outline comes within reach of the answering cell's
   * points (boundary-proximity.ts), or a neighbouring cell answers another county / district.
   */
  uncertain: { county: boolean; district: boolean };
}

export class CensusLookup {
  readonly metadata: CensusMetadata;
  readonly #cells: CellIndexReader;
  readonly #records = new Map<number, CensusRecord>();

  private constructor(cells: CellIndexReader, metadata: CensusMetadata) {
    if (cells.maxResolution !== CENSUS_FINE_RESOLUTION) {
      throw new ArtifactError(
        "malformed",
        `${CENSUS_FILES.cells} has resolution ${cells.maxResolution}, expected ${CENSUS_FINE_RESOLUTION}`,
      );
    }
    if (cells.stringCount === 0)
      throw new ArtifactError("malformed", `${CENSUS_FILES.cells} has no record table`);
    this.#cells = cells;
    this.metadata = metadata;
  }

  /** Opens a version folder (hashes are the caller's job). */
  static async open(versionDir: string, mode: SourceMode = "memory"): Promise<CensusLookup> {
    return CensusLookup.fromSources(
      await readFile(path.join(versionDir, CENSUS_FILES.metadata), "utf8"),
      await openByteSource(path.join(versionDir, CENSUS_FILES.cells), mode),
    );
  }

  /** Opens from census.json's text and a byte source of `geographies.h3i` of any kind; closes it on failure. */
  static async fromSources(metadataJson: string, cellsSource: ByteSource): Promise<CensusLookup> {
    try {
      const metadata = parseCensusMetadata(metadataJson);
      const lookup = new CensusLookup(await CellIndexReader.open(cellsSource), metadata);
      await lookup.#record(0);
      return lookup;
    } catch (err) {
      cellsSource.close();
      throw err;
    }
  }

  async #record(id: number): Promise<CensusRecord> {
    let r = this.#records.get(id);
    if (!r) {
      r = decodeCensusRecord(await this.#cells.string(id));
      this.#records.set(id, r);
    }
    return r;
  }

  /** The record of a resolution-9 cell given by its words, or null outside. */
  async #atWords(hi: number, lo: number): Promise<CensusRecord | null> {
    const hit = await this.#cells.lookupWords(hi, lo);
    return hit ? this.#record(hit.value) : null;
  }

  /** The record at a position without the neighbour check: one index lookup. */
  lookupRecord(lat: number, lon: number): Promise<CensusRecord | null> {
    return this.#atWords(...cellWords(latLngToCell(lat, lon, CENSUS_FINE_RESOLUTION)));
  }

  /** Answer at a position in degrees (the caller has checked the ranges). */
  async lookup(lat: number, lon: number): Promise<CensusHit> {
    const cell9 = latLngToCell(lat, lon, CENSUS_FINE_RESOLUTION);
    const record = await this.#atWords(...cellWords(cell9));
    let resolution = record?.resolution ?? CENSUS_RESOLUTION;
    let neighbours: (CensusRecord | null)[];
    if (resolution === CENSUS_FINE_RESOLUTION) neighbours = await this.#ring9(cell9);
    else if (record) neighbours = await this.#ring7(cell9);
    else {
      // Outside: the fine band answers when a fine neighbour is there, else the res-7 ring.
      neighbours = await this.#ring9(cell9);
      if (neighbours.some((r) => r?.resolution === CENSUS_FINE_RESOLUTION))
        resolution = CENSUS_FINE_RESOLUTION;
      else neighbours = await this.#ring7(cell9);
    }
    const county = record?.countyGeoid ?? null;
    const district = record?.districtGeoid ?? null;
    return {
      record,
      resolution,
      uncertain: {
        county:
          (record?.boundaryNear.county ?? false) ||
          neighbours.some((n) => (n?.countyGeoid ?? null) !== county),
        district:
          (record?.boundaryNear.district ?? false) ||
          neighbours.some((n) => (n?.districtGeoid ?? null) !== district),
      },
    };
  }

  /** Records of the six resolution-9 neighbours of `cell9`. */
  #ring9(cell9: string): Promise<(CensusRecord | null)[]> {
    return Promise.all(
      gridDisk(cell9, 1)
        .filter((c) => c !== cell9)
        .map((c) => this.#atWords(...cellWords(c))),
    );
  }

  /** Records at the centres of the six resolution-7 neighbours of the cell holding `cell9`. */
  #ring7(cell9: string): Promise<(CensusRecord | null)[]> {
    const own = cellToParent(cell9, CENSUS_RESOLUTION);
    return Promise.all(
      gridDisk(own, 1)
        .filter((c) => c !== own)
        .map((c) => this.#atWords(...centreChildWords(c))),
    );
  }

  close(): void {
    this.#cells.close();
  }
}

/**
 * Words of the resolution-9 centre child of a resolution-7 cell without a round trip through
 * h3-js: resolution field (bits 52–55) set to 9, digits 8 and 9 (bits 21–23, 18–20) set to 0.
 */
export function centreChildWords(cell7: string): [hi: number, lo: number] {
  const [hi, lo] = cellWords(cell7);
  return [((hi & ~(0xf << 20)) | (CENSUS_FINE_RESOLUTION << 20)) >>> 0, (lo & ~(0x3f << 18)) >>> 0];
}
