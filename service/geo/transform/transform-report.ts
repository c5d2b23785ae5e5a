// The descriptive parts of a transform answer: CRS descriptors, notes, and the revision B
// datumShift object (what ran, where, at which epoch, from which data).
import type { CrsRecord } from "../../../artifacts/format/crs-record.ts";
import type { Revision } from "../../config.ts";
import type { DatumShiftResult, OperationReport } from "./datum-shift.ts";
import type { PositionSet } from "./position-walk.ts";
import { type DatumGap, revisionADatumNote } from "./revision-a-datum-gap.ts";
import type { TransformDeps } from "./transform-deps.ts";

export interface CrsDescriptor {
  id: string;
  code: number;
  name: string;
  unit: CrsRecord["unit"];
}

export const crsDescriptor = (r: CrsRecord): CrsDescriptor => ({
  id: `EPSG:${r.code}`,
  code: r.code,
  name: r.name,
  unit: r.unit,
});

const UNIT_WORDS: Record<CrsRecord["unit"], string> = {
  degree: "degrees",
  m: "metres",
  ft: "international feet (0.3048 m)",
  "us-ft": "US survey feet (1200/3937 m)",
};

export function transformNotes(a: {
  from: CrsRecord;
  to: CrsRecord;
  set: PositionSet;
  revision: Revision;
  shift: DatumShiftResult | undefined;
  epoch: number;
  /** Revision A: what revision B's Helmert chain would move these positions by (undefined: needs grids). */
  gap: DatumGap | undefined;
}): string[] {
  const { from, to, set, shift } = a;
  const notes: string[] = [];
  if (to.kind === "geographic") notes.push("Output unit: degrees, as longitude then latitude.");
  else {
    const axes =
      to.axes[0]?.startsWith("N") || to.axes[0] === "Y"
        ? " (EPSG orders this CRS's axes northing first)"
        : "";
    notes.push(`Output unit: ${to.unit} (${UNIT_WORDS[to.unit]}), as easting then northing${axes}.`);
  }
  if (set.bboxDropped > 0)
    notes.push(
      `${set.bboxDropped} bbox member(s) dropped: they would not describe the transformed positions.`,
    );
  let elevations = 0;
  for (const p of set.positions) if (p.length > 2) elevations++;
  if (elevations > 0)
    notes.push(`${elevations} elevation(s) passed through unchanged: the transform is horizontal only.`);
  if (a.revision === "A" && from.base.code !== to.base.code) notes.push(revisionADatumNote(from, to, a.gap));
  if (shift) {
    if (shift.sameDatum && from.base.code !== to.base.code)
      notes.push("WGS 84 is read as ITRF2020: no datum shift between them.");
    if (shift.operations.some((o) => o.kind === "helmert"))
      notes.push(`Helmert transformation evaluated at epoch ${a.epoch}; WGS 84 is read as ITRF2020.`);
    if (shift.operations.some((o) => o.kind === "grid" && o.direction === "inverse")) {
      notes.push(
        "Inverse NADCON5 steps are applied as PROJ and NGS NCAT apply them (one non-iterated step per grid), so a round trip through them can differ from the start by up to a few centimetres.",
      );
    }
  }
  return notes;
}

// A type, not an interface: the answer schema types these as open objects (index signatures).
type CrsBase = {
  code: number;
  name: string;
  datum: string;
};

/** The revision B `datumShift` member of the answer. */
export interface DatumShiftReport {
  applied: boolean;
  sameDatum: boolean;
  source: CrsBase;
  target: CrsBase;
  epoch: number;
  epochSource: "request" | "default";
  regions: string[];
  operations: (OperationReport &
    ({ interpolation: "biquadratic" } | { epoch: number; convention: "coordinate_frame" }))[];
  tilesRead: number;
  provenance: { epsg: string; crsArtifact?: string; grids?: string; gridsArtifact?: string };
}

export function datumShiftReport(a: {
  from: CrsRecord;
  to: CrsRecord;
  shift: DatumShiftResult;
  epoch: number;
  epochGiven: boolean;
  deps: TransformDeps;
}): DatumShiftReport {
  const { from, to, shift, deps } = a;
  const grids = shift.operations.some((o) => o.kind === "grid");
  return {
    applied: shift.operations.length > 0,
    sameDatum: shift.sameDatum,
    source: { code: from.base.code, name: from.base.name, datum: from.datum.name },
    target: { code: to.base.code, name: to.base.name, datum: to.datum.name },
    epoch: a.epoch,
    epochSource: a.epochGiven ? "request" : "default",
    regions: shift.regions,
    operations: shift.operations.map((o) => ({
      ...o,
      ...(o.kind === "grid"
        ? { interpolation: "biquadratic" as const }
        : { epoch: a.epoch, convention: "coordinate_frame" as const }),
    })),
    tilesRead: shift.tilesRead,
    provenance: {
      epsg: `EPSG dataset ${deps.registry.epsgVersion} (PROJ proj.db)`,
      ...(deps.versions.crs ? { crsArtifact: deps.versions.crs } : {}),
      ...(grids && deps.grids ? { grids: deps.grids.provenance.source } : {}),
      ...(grids && deps.versions.grids ? { gridsArtifact: deps.versions.grids } : {}),
    },
  };
}
