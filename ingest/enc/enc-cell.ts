// One ENC base cell read into the classes this family serves: coverage (M_COVR), depth areas
// (DEPARE, DRGARE), survey quality (M_QUAL), soundings (SOUNDG) and hazards (UWTROC, OBSTRN,
// WRECKS), with the attributes the routes report.
import { EncInputError } from "./enc-input-error.ts";
import { type AttributeName, enumAttr, floatAttr, OBJECT_CLASS, textAttr } from "./s57-catalogue.ts";
import { type AreaGeometry, areaGeometry, type Position, pointPositions } from "./s57-geometry.ts";
import {
  type DatasetInfo,
  type FeatureRecord,
  longName,
  readS57Records,
  type S57Records,
  vectorKey,
} from "./s57-records.ts";
import { applyS57Updates } from "./s57-updates.ts";

export type HazardClass = "UWTROC" | "OBSTRN" | "WRECKS";
export type DepthAreaClass = "DEPARE" | "DRGARE";

export interface DepthArea {
  objectClass: DepthAreaClass;
  lnam: string;
  drval1: number | null;
  drval2: number | null;
  geometry: AreaGeometry;
}

export interface QualityArea {
  lnam: string;
  catzoc: number | null;
  posacc: number | null;
  souacc: number | null;
  surveyStart: string | null;
  surveyEnd: string | null;
  geometry: AreaGeometry;
}

export interface Hazard {
  objectClass: HazardClass;
  lnam: string;
  valsou: number | null;
  watlev: number | null;
  /** CATOBS (obstructions) or CATWRK (wrecks); null for rocks and when absent. */
  category: number | null;
  expsou: number | null;
  /** QUAPOS of a point hazard's node; null for areas and when absent. */
  quapos: number | null;
  objnam: string | null;
  geometry: { type: "point"; position: Position } | { type: "area"; area: AreaGeometry };
}

export interface EncCell {
  info: DatasetInfo;
  /** M_COVR areas with CATCOV 1 (data present). */
  coverage: AreaGeometry[];
  depthAreas: DepthArea[];
  quality: QualityArea[];
  /** `[lon, lat, depth]`, depth in metres below the sounding datum. */
  soundings: Position[];
  hazards: Hazard[];
}

const HAZARDS: Record<number, HazardClass> = {
  [OBJECT_CLASS.UWTROC]: "UWTROC",
  [OBJECT_CLASS.OBSTRN]: "OBSTRN",
  [OBJECT_CLASS.WRECKS]: "WRECKS",
};

function area(rec: S57Records, f: FeatureRecord, what: string): AreaGeometry {
  if (f.primitive !== 3)
    throw new EncInputError(
      "malformed",
      `S-57: ${what} feature ${f.rcid} is not an area (PRIM ${f.primitive})`,
    );
  return areaGeometry(rec, f);
}

function hazard(rec: S57Records, f: FeatureRecord, objectClass: HazardClass): Hazard {
  const a = (n: AttributeName) => enumAttr(f.attributes, n);
  const base = {
    objectClass,
    lnam: longName(f),
    valsou: floatAttr(f.attributes, "VALSOU"),
    watlev: a("WATLEV"),
    category: objectClass === "OBSTRN" ? a("CATOBS") : objectClass === "WRECKS" ? a("CATWRK") : null,
    expsou: a("EXPSOU"),
    objnam: textAttr(f.attributes, "OBJNAM"),
  };
  if (f.primitive === 3)
    return { ...base, quapos: null, geometry: { type: "area", area: areaGeometry(rec, f) } };
  if (f.primitive !== 1)
    throw new EncInputError("unsupported", `S-57: ${objectClass} feature ${f.rcid} is a line`);
  const [position] = pointPositions(rec, f);
  const node = f.spatial[0];
  if (!position || !node)
    throw new EncInputError("malformed", `S-57: ${objectClass} feature ${f.rcid} has no position`);
  const attrs = rec.vectors.get(vectorKey(node.rcnm, node.rcid))?.attributes ?? new Map<number, string>();
  return { ...base, quapos: enumAttr(attrs, "QUAPOS"), geometry: { type: "point", position } };
}

/**
 * Reads a base cell (`.000` bytes) with its update files applied in order (`.001`, `.002`, …;
 * see s57-updates.ts) into the classes served by the marine routes.
 */
export function readEncCell(bytes: Uint8Array, updates: readonly Uint8Array[] = []): EncCell {
  const rec = applyS57Updates(readS57Records(bytes), updates);
  const cell: EncCell = {
    info: rec.dataset,
    coverage: [],
    depthAreas: [],
    quality: [],
    soundings: [],
    hazards: [],
  };
  for (const f of rec.features) {
    switch (f.objectClass) {
      case OBJECT_CLASS.M_COVR:
        if (enumAttr(f.attributes, "CATCOV") === 1) cell.coverage.push(area(rec, f, "M_COVR"));
        break;
      case OBJECT_CLASS.DEPARE:
      case OBJECT_CLASS.DRGARE:
        cell.depthAreas.push({
          objectClass: f.objectClass === OBJECT_CLASS.DEPARE ? "DEPARE" : "DRGARE",
          lnam: longName(f),
          drval1: floatAttr(f.attributes, "DRVAL1"),
          drval2: floatAttr(f.attributes, "DRVAL2"),
          geometry: area(rec, f, "depth area"),
        });
        break;
      case OBJECT_CLASS.M_QUAL:
        cell.quality.push({
          lnam: longName(f),
          catzoc: enumAttr(f.attributes, "CATZOC"),
          posacc: floatAttr(f.attributes, "POSACC"),
          souacc: floatAttr(f.attributes, "SOUACC"),
          surveyStart: textAttr(f.attributes, "SURSTA"),
          surveyEnd: textAttr(f.attributes, "SUREND"),
          geometry: area(rec, f, "M_QUAL"),
        });
        break;
      case OBJECT_CLASS.SOUNDG:
        cell.soundings.push(...pointPositions(rec, f));
        break;
      default: {
        const cls = HAZARDS[f.objectClass];
        if (cls) cell.hazards.push(hazard(rec, f, cls));
      }
    }
  }
  if (cell.coverage.length === 0)
    throw new EncInputError("malformed", `S-57: ${rec.dataset.name} has no M_COVR coverage area`);
  return cell;
}
