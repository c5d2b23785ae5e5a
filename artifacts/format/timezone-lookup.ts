// Reader of a built timezone version (artifacts/README.md §Timezone family): point → IANA zone
// and how it was decided. Zone polygons first (`zones.h3i`), then the coastal band
// (`coastal.h3i`), else the nautical rule. Shared by the ingest verify step and the service.
import path from "node:path";
import { latLngToCell } from "h3-js";
import { ArtifactError } from "./artifact-error.ts";
import { type ByteSource, openByteSource, type SourceMode } from "./byte-source.ts";
import { CellIndexReader } from "./cell-index-reader.ts";
import { cellWords } from "./h3-key.ts";
import { type GridSpec, LatLngGrid } from "./latlng-grid.ts";

export const TIMEZONE_FILES = { zones: "zones.h3i", coastal: "coastal.h3i", tiles: "tiles.tif" } as const;
export const TIMEZONE_H3_RESOLUTION = 6;
/** Values of the 1° fast grid (tiles.tif): 0 = consult the cell indexes, v = boundary zone v − 1, */
/** TILE_COASTAL_FLAG | v = coastal zone v − 1, TILE_NAUTICAL = open water (nautical rule). */
export const TILE_DEGREES = 1;
export const TILE_COASTAL_FLAG = 0x8000;
export const TILE_NAUTICAL = 0xffff;

export type TimezoneSource = "boundary" | "coastal" | "nautical";

export interface TimezoneHit {
  timeZone: string;
  source: TimezoneSource;
}

/**
 * The 15-degree meridian rule at sea: `Etc/GMT±N` with N = round(lon / 15), the sign inverted
 * as POSIX names it (Etc/GMT+10 is UTC−10). A boundary meridian (±7.5, ±22.5, …) goes east;
 * 180° is Etc/GMT-12 and −180° Etc/GMT+12.
 */
export function nauticalZone(lon: number): string {
  const hours = Math.max(-12, Math.min(12, Math.floor(lon / 15 + 0.5)));
  if (hours === 0) return "Etc/GMT";
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

export class TimezoneLookup {
  readonly #zones: CellIndexReader;
  readonly #coastal: CellIndexReader;
  readonly #tiles: LatLngGrid;
  /** The boundary data's edition (its manifest's input vintage), set by whoever opened the version. */
  dataVintage: string | null = null;

  private constructor(zones: CellIndexReader, coastal: CellIndexReader, tiles: LatLngGrid) {
    for (const [name, r] of [
      ["zones", zones],
      ["coastal", coastal],
    ] as const) {
      if (r.maxResolution !== TIMEZONE_H3_RESOLUTION) {
        throw new ArtifactError(
          "malformed",
          `${name}.h3i has resolution ${r.maxResolution}, expected ${TIMEZONE_H3_RESOLUTION}`,
        );
      }
    }
    const { south, west, cellDegrees, rows, cols } = tiles.spec;
    if (
      south !== -90 ||
      west !== -180 ||
      cellDegrees !== TILE_DEGREES ||
      rows * cellDegrees !== 180 ||
      cols * cellDegrees !== 360
    ) {
      throw new ArtifactError("malformed", `tiles.tif is not the global ${TILE_DEGREES}° grid`);
    }
    if (zones.stringCount !== coastal.stringCount)
      throw new ArtifactError("malformed", "zones.h3i and coastal.h3i list different zones");
    this.#zones = zones;
    this.#coastal = coastal;
    this.#tiles = tiles;
  }

  /** Opens the files of a version folder (hashes are the caller's job); `mode` applies to the cell indexes. */
  static async open(versionDir: string, mode: SourceMode = "memory"): Promise<TimezoneLookup> {
    const at = (name: keyof typeof TIMEZONE_FILES) => path.join(versionDir, TIMEZONE_FILES[name]);
    const zones = await openByteSource(at("zones"), mode);
    const coastal = await openByteSource(at("coastal"), mode).catch((err: unknown) => {
      zones.close();
      throw err;
    });
    const tiles = await openByteSource(at("tiles"), "memory").catch((err: unknown) => {
      zones.close();
      coastal.close();
      throw err;
    });
    return TimezoneLookup.fromSources({ zones, coastal, tiles });
  }

  /** Opens the three files from byte sources of any kind (file, memory, object storage); closes them on failure. */
  static async fromSources(
    sources: Record<keyof typeof TIMEZONE_FILES, ByteSource>,
  ): Promise<TimezoneLookup> {
    try {
      const [zones, coastal, tiles] = await Promise.all([
        CellIndexReader.open(sources.zones),
        CellIndexReader.open(sources.coastal),
        LatLngGrid.open(sources.tiles),
      ]);
      return new TimezoneLookup(zones, coastal, tiles);
    } catch (err) {
      for (const s of Object.values(sources)) s.close();
      throw err;
    }
  }

  /** Zone of a position (degrees; the caller has checked the ranges): the 1° grid when its square has one answer, else the cells. */
  async lookup(lat: number, lon: number): Promise<TimezoneHit> {
    const v = this.#tiles.valueAt(lat, lon) ?? 0;
    if (v === 0) return this.lookupCells(lat, lon);
    if (v === TILE_NAUTICAL) return { timeZone: nauticalZone(lon), source: "nautical" };
    if (v & TILE_COASTAL_FLAG)
      return { timeZone: await this.#zones.string((v & ~TILE_COASTAL_FLAG) - 1), source: "coastal" };
    return { timeZone: await this.#zones.string(v - 1), source: "boundary" };
  }

  /** The same answer from the resolution-6 cell indexes alone (no fast grid). */
  async lookupCells(lat: number, lon: number): Promise<TimezoneHit> {
    const [hi, lo] = cellWords(latLngToCell(lat, lon, TIMEZONE_H3_RESOLUTION));
    const zone = await this.#zones.lookupWords(hi, lo);
    if (zone) return { timeZone: await this.#zones.string(zone.value), source: "boundary" };
    const coast = await this.#coastal.lookupWords(hi, lo);
    if (coast) return { timeZone: await this.#coastal.string(coast.value), source: "coastal" };
    return { timeZone: nauticalZone(lon), source: "nautical" };
  }

  /**
   * The 1° fast grid as one character per square, rows from the north, west to east: "." open
   * water (the nautical rule), "~" the coastal band, "+" a square the grid leaves to the cells
   * (coasts and zone borders), and a letter a–z for a square inside one zone (the zone's table
   * index modulo 26, so neighbouring zones mostly differ). The explorer page's base layer.
   */
  overview(): { spec: GridSpec; squares: string } {
    const { south, west, cellDegrees: d, rows, cols } = this.#tiles.spec;
    let squares = "";
    for (let r = rows - 1; r >= 0; r--)
      for (let c = 0; c < cols; c++) {
        const v = this.#tiles.valueAt(south + (r + 0.5) * d, west + (c + 0.5) * d) ?? 0;
        squares +=
          v === 0
            ? "+"
            : v === TILE_NAUTICAL
              ? "."
              : v & TILE_COASTAL_FLAG
                ? "~"
                : String.fromCharCode(97 + ((v - 1) % 26));
      }
    return { spec: this.#tiles.spec, squares };
  }

  /** Every zone id the artifact can answer from its tables (nautical ids excluded). */
  async zoneIds(): Promise<string[]> {
    const ids = new Set<string>();
    for (const r of [this.#zones, this.#coastal])
      for (let i = 0; i < r.stringCount; i++) ids.add(await r.string(i));
    return [...ids].sort();
  }

  close(): void {
    this.#zones.close();
    this.#coastal.close();
  }
}
