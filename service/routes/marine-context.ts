// The members every marine answer repeats: where the data comes from (`source`), what the
// service covers (`coverage`) and the navigation disclaimer (`disclaimer`), all derived from the
// opened chart artifact.
import type { EncCellMetadata } from "../../artifacts/format/enc-charts-metadata.ts";
import type { EncCharts } from "../data/enc-charts.ts";
import { horizontalDatumName, soundingDatumName } from "../geo/marine/s57-labels.ts";

export const MARINE_CLASSES = ["SOUNDG", "DEPARE", "DRGARE", "UWTROC", "OBSTRN", "WRECKS", "M_QUAL"] as const;

const BAND_NAMES: Record<number, string> = {
  1: "overview",
  2: "general",
  3: "coastal",
  4: "approach",
  5: "harbour",
  6: "berthing",
};

const RIGHTS =
  "NOAA ENC data, U.S. Government work; used under the NOAA ENC User Agreement. geo402 converted the cells; the converted data is not an official NOAA product.";

/** YYYYMMDD → YYYY-MM-DD (other S-57 date forms are returned as charted). */
export const isoDay = (d: string): string =>
  /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : d;

export const bandLabel = (band: number): string => `${band} (${BAND_NAMES[band] ?? "unknown"})`;

export function sourceFor(charts: EncCharts, cell: EncCellMetadata) {
  return {
    dataset: "NOAA Electronic Navigational Charts (NOAA ENC®), IHO S-57 edition 3.1",
    publisher: "NOAA Office of Coast Survey",
    url: cell.url,
    release: `base cell as retrieved from NOAA on ${charts.provenance.retrievedAt} (no update files applied); artifact ${charts.provenance.version}`,
    cell: cell.name,
    cellScale: cell.compilationScale,
    cellBand: cell.usageBand,
    cellEdition: cell.edition,
    cellUpdate: cell.update,
    cellIssued: cell.issued,
    horizontalDatum: horizontalDatumName(cell.horizontalDatum),
    soundingDatum: soundingDatumName(cell.soundingDatum),
    units: "metres" as const,
    rights: RIGHTS,
  };
}

export function coverageFor(charts: EncCharts) {
  const bands = [...new Set(charts.cells.map((c) => c.usageBand))].sort((a, b) => a - b);
  const areas = charts.areas.map((a) => a.name);
  return {
    region: areas.join("; "),
    cells: charts.cells.length,
    bands: bands.map(bandLabel),
    areas,
    classes: [...MARINE_CLASSES],
    reason: `This service holds the ${charts.cells.length} NOAA ENC cells it could obtain (${charts.cells
      .map((c) => c.name)
      .join(
        ", ",
      )}), not the 65 cells over five areas the interface describes; positions outside their M_COVR coverage are refused with outside_coverage.`,
  };
}

/** Survey age in words from M_QUAL survey dates (YYYY, YYYYMM or YYYYMMDD), relative to `now`. */
export function surveyAge(start: string | null, end: string | null, now: Date): string {
  const last = end ?? start;
  if (!last) return "The chart gives no survey dates at this position.";
  const years = now.getUTCFullYear() - Number(last.slice(0, 4));
  const span = start && end && start !== end ? `${start}–${end}` : last;
  return `Surveyed ${span} (as charted), about ${years} years before this answer.`;
}

export function disclaimerFor(charts: EncCharts, cells: readonly EncCellMetadata[], surveyAgeText: string) {
  const list = (f: (c: EncCellMetadata) => string) =>
    cells.length === 0 ? "no cell" : cells.map(f).join("; ");
  return {
    notForNavigation: true as const,
    statement:
      "Not for navigation. This is a conversion of NOAA ENC data for information only; it is not an official chart, is not updated with Notices to Mariners, and must not be used for navigation. Use official NOAA ENCs in an approved system.",
    vintage: `${list((c) => `${c.name} edition ${c.edition} update ${c.update}, issued ${isoDay(c.issued)}`)}; retrieved ${charts.provenance.retrievedAt}; weekly NOAA reissues are not tracked.`,
    surveyAge: surveyAgeText,
    origin: `As charted in NOAA ENC ${list((c) => `${c.name} (“${c.title}”, 1:${c.compilationScale})`)}; nothing is interpolated or modelled by geo402.`,
    trademark:
      "NOAA ENC® is a registered trademark of the National Oceanic and Atmospheric Administration; geo402 is not affiliated with or endorsed by NOAA.",
  };
}
