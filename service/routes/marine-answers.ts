// The 200 bodies of GET /v1/marine/depth and GET /v1/marine/hazards, built from the lookups'
// outcomes and the chart metadata.
import type { TILE_HAZARD_CLASS, TileHazard } from "../../artifacts/format/enc-tile-codec.ts";
import type { EncCharts } from "../data/enc-charts.ts";
import type { DepthOutcome } from "../geo/marine/depth-lookup.ts";
import type { HazardOutcome } from "../geo/marine/hazard-search.ts";
import {
  obstructionCategoryText,
  positionQualityText,
  soundingDatumName,
  waterLevelText,
  wreckCategoryText,
  zoneOfConfidence,
} from "../geo/marine/s57-labels.ts";
import type { SchemaTypes } from "../types/schema-types.ts";
import { coverageFor, disclaimerFor, sourceFor, surveyAge } from "./marine-context.ts";

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
