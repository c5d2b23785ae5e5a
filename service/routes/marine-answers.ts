// The answers of GET /v1/marine/depth and GET /v1/marine/hazards, built from the lookups'
// outcomes and the chart metadata: the 200 bodies, the members every one of them repeats (where
// the data comes from, `source`; what the service covers, `coverage`; the navigation
// `disclaimer`) and the details of an outside_coverage refusal.

import type { EncCellMetadata } from "../../artifacts/format/enc-charts-metadata.ts";
import type { TILE_HAZARD_CLASS, TileHazard } from "../../artifacts/format/enc-tile-codec.ts";
import type { ManifestCoverage } from "../../artifacts/format/manifest.ts";
import type { EncCharts } from "../data/enc-charts.ts";
import type { DepthOutcome } from "../geo/marine/depth-lookup.ts";
import type { HazardOutcome } from "../geo/marine/hazard-search.ts";
import {
  horizontalDatumName,
  obstructionCategoryText,
  positionQualityText,
  soundingDatumName,
  waterLevelText,
  wreckCategoryText,
  zoneOfConfidence,
} from "../geo/marine/s57-labels.ts";
import type { SchemaTypes } from "../types/schema-types.ts";
import { specCoverageOf } from "./spec-coverage.ts";

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

/** What of the spec's coverage is not served: named when the lock names it, counted when it cannot. */
function specGap(spec: ManifestCoverage): string {
  const named =
    spec.missing.length > 0 ? `; the ${spec.missing.length} missing are listed in specCoverage.missing` : "";
  const unnamed =
    spec.unnamed > 0
      ? `; NOAA's ENC product catalog was not available when ingest/sources.lock.json was written, so the other ${spec.unnamed} are not named`
      : "";
  return named + unnamed;
}

export function coverageFor(charts: EncCharts) {
  const bands = [...new Set(charts.cells.map((c) => c.usageBand))].sort((a, b) => a - b);
  const areas = charts.areas.map((a) => a.name);
  const spec = charts.provenance.specCoverage;
  const held = `the ${charts.cells.length} NOAA ENC cells it could obtain (${charts.cells.map((c) => c.name).join(", ")})`;
  return {
    specCoverage: specCoverageOf(spec),
    region: areas.join("; "),
    cells: charts.cells.length,
    bands: bands.map(bandLabel),
    areas,
    classes: [...MARINE_CLASSES],
    reason: spec
      ? `This service serves ${spec.served.length} of the ${spec.specified} cells the specification's coverage names (${spec.rule})${specGap(spec)}. Positions outside the served cells' M_COVR coverage are refused with outside_coverage.`
      : `This service holds ${held}, not the 65 cells over five areas the interface describes; positions outside their M_COVR coverage are refused with outside_coverage.`,
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

/** The details of an outside_coverage refusal: the position asked and what the charts cover. */
export const outsideCoverage = (charts: EncCharts, q: { lon: number; lat: number }) => ({
  query: { lat: q.lat, lon: q.lon },
  coverage: coverageFor(charts),
});

type Found = Extract<DepthOutcome, { kind: "depth" }>;

const HAZARD_CLASS_NAME: Record<number, keyof typeof TILE_HAZARD_CLASS> = {
  1: "UWTROC",
  2: "OBSTRN",
  3: "WRECKS",
};

export function depthAnswer(
  charts: EncCharts,
  q: { lon: number; lat: number },
  r: Found,
  tilesRead: number,
  now: Date,
): SchemaTypes["marine-depth.response"] {
  const cell = charts.cells[r.cell];
  if (!cell) throw new RangeError(`cell ${r.cell} is not in the chart metadata`);
  const notes: string[] = [];
  const consulted = r.consulted.map((i) => charts.cells[i]?.name ?? String(i));
  if (consulted.length > 0) {
    notes.push(
      `${consulted.join(", ")} ${consulted.length === 1 ? "covers" : "cover"} this position at a larger scale but chart no depth area here (land, or an area charted without depth); the depth comes from ${cell.name}.`,
    );
  }
  if (r.area.objectClass === 2)
    notes.push("Dredged area (DRGARE): the chart gives the dredged depth (DRVAL1) as the minimum.");
  if (r.area.drval2 === null)
    notes.push("The chart gives no maximum depth (DRVAL2) for this area; depthAreaMaximum is null.");
  if ((r.area.drval1 ?? 0) < 0)
    notes.push("A negative depth is a drying height: the area dries that far above the sounding datum.");
  const zone = zoneOfConfidence(r.quality?.catzoc ?? null);
  if (!r.quality) notes.push(`${cell.name} charts no data-quality area (M_QUAL) at this position.`);
  let nearestSounding = null;
  if (r.sounding.kind === "found") {
    const s = r.sounding.sounding;
    nearestSounding = {
      depth: s.depth,
      lon: s.lon,
      lat: s.lat,
      distanceMetres: s.distanceMeters,
      cell: charts.cells[s.cell]?.name ?? "",
    };
  } else {
    notes.push(
      `No charted sounding was found within ${Math.floor(r.sounding.searchedMeters)} m; nearestSounding is null.`,
    );
  }
  return {
    depthAreaMinimum: r.area.drval1 as number,
    depthAreaMaximum: r.area.drval2,
    depthAreaClass: r.area.objectClass === 2 ? "DRGARE" : "DEPARE",
    units: "metres",
    soundingDatum: soundingDatumName(cell.soundingDatum),
    query: { lat: q.lat, lon: q.lon },
    nearestSounding,
    surveyQuality: {
      zoneOfConfidence: zone?.zone ?? null,
      positionAccuracy: zone?.position ?? null,
      depthAccuracy: zone?.depth ?? null,
      positionAccuracyMetres: r.quality?.posacc ?? null,
      soundingAccuracyMetres: r.quality?.souacc ?? null,
      surveyStart: r.quality?.surveyStart ?? null,
      surveyEnd: r.quality?.surveyEnd ?? null,
    },
    chart: {
      cell: cell.name,
      title: cell.title,
      band: cell.usageBand,
      scale: cell.compilationScale,
      edition: cell.edition,
      update: cell.update,
      issued: cell.issued,
      cellsConsulted: consulted,
    },
    tilesRead,
    interpolation:
      "none: the depth range is the charted depth area containing the position, and the sounding is a charted point",
    source: sourceFor(charts, cell),
    coverage: coverageFor(charts),
    disclaimer: disclaimerFor(
      charts,
      [cell],
      surveyAge(r.quality?.surveyStart ?? null, r.quality?.surveyEnd ?? null, now),
    ),
    notes,
  };
}

function hazardItem(
  charts: EncCharts,
  h: TileHazard,
  found: { lon: number; lat: number; distanceMeters: number; cell: number },
) {
  const cls = HAZARD_CLASS_NAME[h.objectClass] ?? "UWTROC";
  const category =
    cls === "OBSTRN"
      ? obstructionCategoryText(h.category)
      : cls === "WRECKS"
        ? wreckCategoryText(h.category)
        : null;
  return {
    class: cls,
    depthMeters: h.valsou,
    waterLevel: waterLevelText(h.watlev),
    name: h.objnam,
    distanceMeters: found.distanceMeters,
    longitude: found.lon,
    latitude: found.lat,
    cell: charts.cells[found.cell]?.name ?? "",
    chartedAsArea: h.chartedAsArea,
    category,
    positionQuality: positionQualityText(h.quapos),
    alsoChartedIn: h.alsoIn.map((i) => charts.cells[i]?.name ?? String(i)),
  };
}

export function hazardsAnswer(
  charts: EncCharts,
  q: { lon: number; lat: number; radius: number },
  r: Extract<HazardOutcome, { kind: "hazards" }>,
  tilesRead: number,
): SchemaTypes["marine-hazards.response"] {
  const cells = r.cellsSearched.map((i) => charts.cells[i]).filter((c) => c !== undefined);
  const notes = [
    "An empty list means the charts show no rock, obstruction or wreck here, not that the water is clear.",
  ];
  if (r.truncated)
    notes.push(`${r.total} hazards lie within the radius; the ${r.hazards.length} nearest are returned.`);
  return {
    query: { lat: q.lat, lon: q.lon },
    radiusMeters: q.radius,
    count: r.hazards.length,
    truncated: r.truncated,
    hazards: r.hazards.map((f) => hazardItem(charts, f.hazard, f)),
    cellsSearched: cells.map((c) => c.name),
    tilesRead,
    units: "metres",
    soundingDatum: [
      ...new Set((cells.length > 0 ? cells : charts.cells).map((c) => soundingDatumName(c.soundingDatum))),
    ].join("; "),
    disclaimer: disclaimerFor(
      charts,
      cells,
      "Hazards carry the survey age of the cells that chart them; GET /v1/marine/depth reports the survey dates (M_QUAL) at a position.",
    ),
    coverage: coverageFor(charts),
    notes,
  };
}
