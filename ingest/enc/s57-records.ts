// S-57 (edition 3.1) records of one base cell: dataset identification and parameters, vector
// (spatial) records with their raw integer coordinates, and feature records with attributes and
// pointers to their spatial records. Geometry is assembled from these in s57-geometry.ts.
import { EncInputError } from "./enc-input-error.ts";
import { Iso8211File, type RawField, type SubfieldValue } from "./iso8211-reader.ts";

/** Record names (RCNM) of S-57. */
export const RCNM = { feature: 100, isolatedNode: 110, connectedNode: 120, edge: 130, face: 140 } as const;

export interface DatasetInfo {
  /** Dataset name, e.g. `US5AK5QF.000`. */
  name: string;
  /** Intended usage (navigational purpose, "usage band") 1..6. */
  usageBand: number;
  edition: number;
  update: number;
  /** Update application date and issue date, YYYYMMDD. */
  updateApplied: string;
  issued: string;
  /** S-57 edition, e.g. 3.1. */
  s57Edition: number;
  producingAgency: number;
  /** Compilation scale denominator. */
  compilationScale: number;
  horizontalDatum: number;
  verticalDatum: number;
  soundingDatum: number;
  /** Coordinate and sounding multiplication factors. */
  comf: number;
  somf: number;
}

/** A pointer from a vector record (VRPT) or a feature (FSPT) to a vector record. */
export interface SpatialPointer {
  rcnm: number;
  rcid: number;
  /** 1 forward, 2 reverse, 255 n/a. */
  orientation: number;
  /** 1 exterior, 2 interior, 3 exterior truncated by the data limit, 255 n/a. */
  usage: number;
  /** VRPT only: 1 beginning node, 2 end node. */
  topology: number;
  mask: number;
}

export interface VectorRecord {
  rcnm: number;
  rcid: number;
  /** Record version (RVER): 1 as issued, raised by each update that modifies the record. */
  rver: number;
  /** Raw coordinates: [y, x] pairs (SG2D) or [y, x, depth] triples (SG3D), integers before COMF/SOMF. */
  coords: number[];
  dimension: 2 | 3;
  pointers: SpatialPointer[];
  /** Spatial attributes (ATTV), e.g. QUAPOS. */
  attributes: Map<number, string>;
}

export interface FeatureRecord {
  rcid: number;
  /** Record version (RVER): 1 as issued, raised by each update that modifies the record. */
  rver: number;
  /** 1 point, 2 line, 3 area, 255 none. */
  primitive: number;
  group: number;
  /** Object class code (OBJL). */
  objectClass: number;
  agency: number;
  fidn: number;
  fids: number;
  /** Attribute code (ATTL) → value text (ATVL), lexical level 0/1. */
  attributes: Map<number, string>;
  spatial: SpatialPointer[];
}

/** Record update instruction (RUIN) and, for a modification, its control fields (S-57 3.1 §8.4.2). */
export interface UpdateInstruction {
  /** 1 insert, 2 delete, 3 modify. */
  ruin: number;
  /** FSPC / VRPC: update instruction (1 insert, 2 delete, 3 modify), 1-based index, count. */
  pointerControl?: [number, number, number];
  /** SGCC: the same for coordinate tuples. */
  coordinateControl?: [number, number, number];
}

export interface S57Records {
  dataset: DatasetInfo;
  vectors: Map<string, VectorRecord>;
  features: FeatureRecord[];
}

export const vectorKey = (rcnm: number, rcid: number): string => `${rcnm}:${rcid}`;

const num = (g: Record<string, SubfieldValue>, label: string, tag: string): number => {
  const v = g[label];
  if (typeof v !== "number") throw new EncInputError("malformed", `S-57: ${tag}.${label} is not numeric`);
  return v;
};
const text = (g: Record<string, SubfieldValue>, label: string): string => {
  const v = g[label];
  return typeof v === "string" ? v.trim() : "";
};

/** A NAME subfield (B(40)): RCNM in the first byte, RCID little-endian in the next four. */
function decodeName(v: SubfieldValue | undefined, tag: string): { rcnm: number; rcid: number } {
  if (!(v instanceof Uint8Array) || v.length !== 5)
    throw new EncInputError("malformed", `S-57: ${tag}.NAME is not a 40-bit name`);
  const rcid =
    ((v[1] as number) | ((v[2] as number) << 8) | ((v[3] as number) << 16) | ((v[4] as number) << 24)) >>> 0;
  return { rcnm: v[0] as number, rcid };
}

function pointers(file: Iso8211File, f: RawField): SpatialPointer[] {
  return file.decode(f).map((g) => ({
    ...decodeName(g.NAME, f.tag),
    orientation: num(g, "ORNT", f.tag),
    usage: num(g, "USAG", f.tag),
    topology: typeof g.TOPI === "number" ? g.TOPI : 255,
    mask: num(g, "MASK", f.tag),
  }));
}

function first(file: Iso8211File, f: RawField): Record<string, SubfieldValue> {
  const g = file.decode(f)[0];
  if (!g) throw new EncInputError("malformed", `S-57: field ${f.tag} is empty`);
  return g;
}

/** Every record of one S-57 file (base cell or update), in file order, with its update instruction. */
export interface S57File {
  dsid: Record<string, SubfieldValue>;
  dspm?: Record<string, SubfieldValue>;
  vectors: (VectorRecord & UpdateInstruction)[];
  features: (FeatureRecord & UpdateInstruction)[];
}

export function readS57File(bytes: Uint8Array): S57File {
  const file = new Iso8211File(bytes);
  let dsid: Record<string, SubfieldValue> | undefined;
  let dspm: Record<string, SubfieldValue> | undefined;
  const vectors: (VectorRecord & UpdateInstruction)[] = [];
  const features: (FeatureRecord & UpdateInstruction)[] = [];
  for (const fields of file.records()) {
    const tags = new Set(fields.map((f) => f.tag));
    if (tags.has("DSID")) {
      for (const f of fields) if (f.tag === "DSID") dsid = first(file, f);
    } else if (tags.has("DSPM")) {
      for (const f of fields) if (f.tag === "DSPM") dspm = first(file, f);
    } else if (tags.has("VRID")) {
      vectors.push(readVector(file, fields));
    } else if (tags.has("FRID")) {
      features.push(readFeature(file, fields));
    }
  }
  if (!dsid) throw new EncInputError("malformed", "S-57: the file has no DSID record");
  return dspm ? { dsid, dspm, vectors, features } : { dsid, vectors, features };
}

/** Parses every record of a base cell (`.000`); see s57-updates.ts for applying `.001…`. */
export function readS57Records(bytes: Uint8Array): S57Records {
  const f = readS57File(bytes);
  if (!f.dspm) throw new EncInputError("malformed", "S-57: the cell has no DSID or no DSPM record");
  const vectors = new Map<string, VectorRecord>();
  for (const { ruin, pointerControl, coordinateControl, ...v } of f.vectors) {
    if (ruin !== 1)
      throw new EncInputError("malformed", `S-57: base cell record ${v.rcnm}:${v.rcid} has RUIN ${ruin}`);
    vectors.set(vectorKey(v.rcnm, v.rcid), v);
  }
  const features = f.features.map(({ ruin, pointerControl, coordinateControl, ...rec }) => {
    if (ruin !== 1)
      throw new EncInputError("malformed", `S-57: base cell feature ${rec.rcid} has RUIN ${ruin}`);
    return rec;
  });
  return { dataset: datasetInfo(f.dsid, f.dspm), vectors, features };
}

function datasetInfo(dsid: Record<string, SubfieldValue>, dspm: Record<string, SubfieldValue>): DatasetInfo {
  const comf = num(dspm, "COMF", "DSPM");
  const somf = num(dspm, "SOMF", "DSPM");
  if (comf <= 0 || somf <= 0) throw new EncInputError("malformed", "S-57: COMF and SOMF must be positive");
  return {
    name: text(dsid, "DSNM"),
    usageBand: num(dsid, "INTU", "DSID"),
    edition: Number(text(dsid, "EDTN")),
    update: Number(text(dsid, "UPDN")),
    updateApplied: text(dsid, "UADT"),
    issued: text(dsid, "ISDT"),
    s57Edition: num(dsid, "STED", "DSID"),
    producingAgency: num(dsid, "AGEN", "DSID"),
    compilationScale: num(dspm, "CSCL", "DSPM"),
    horizontalDatum: num(dspm, "HDAT", "DSPM"),
    verticalDatum: num(dspm, "VDAT", "DSPM"),
    soundingDatum: num(dspm, "SDAT", "DSPM"),
    comf,
    somf,
  };
}

const control = (
  file: Iso8211File,
  f: RawField,
  labels: [string, string, string],
): [number, number, number] => {
  const g = first(file, f);
  return [num(g, labels[0], f.tag), num(g, labels[1], f.tag), num(g, labels[2], f.tag)];
};

function readVector(file: Iso8211File, fields: RawField[]): VectorRecord & UpdateInstruction {
  let rcnm = 0;
  let rcid = 0;
  let rver = 1;
  let ruin = 1;
  let pointerControl: [number, number, number] | undefined;
  let coordinateControl: [number, number, number] | undefined;
  const coords: number[] = [];
  let dimension: 2 | 3 = 2;
  const ptrs: SpatialPointer[] = [];
  const attributes = new Map<number, string>();
  for (const f of fields) {
    if (f.tag === "VRID") {
      const g = first(file, f);
      rcnm = num(g, "RCNM", "VRID");
      rcid = num(g, "RCID", "VRID");
      rver = num(g, "RVER", "VRID");
      ruin = num(g, "RUIN", "VRID");
    } else if (f.tag === "VRPC") {
      pointerControl = control(file, f, ["VPUI", "VPIX", "NVPT"]);
    } else if (f.tag === "SGCC") {
      coordinateControl = control(file, f, ["CCUI", "CCIX", "CCNC"]);
    } else if (f.tag === "SG2D" || f.tag === "SG3D") {
      dimension = f.tag === "SG3D" ? 3 : 2;
      const labels = file.definitions.get(f.tag)?.labels.join("!");
      if (labels !== (dimension === 3 ? "YCOO!XCOO!VE3D" : "YCOO!XCOO")) {
        throw new EncInputError("unsupported", `S-57: ${f.tag} subfields are ${labels}`);
      }
      for (const v of file.decodeIntegers(f)) coords.push(v);
    } else if (f.tag === "VRPT") {
      ptrs.push(...pointers(file, f));
    } else if (f.tag === "ATTV") {
      for (const g of file.decode(f))
        attributes.set(num(g, "ATTL", "ATTV"), typeof g.ATVL === "string" ? g.ATVL : "");
    }
  }
  const rec = { rcnm, rcid, rver, coords, dimension, pointers: ptrs, attributes, ruin };
  return {
    ...rec,
    ...(pointerControl && { pointerControl }),
    ...(coordinateControl && { coordinateControl }),
  };
}

function readFeature(file: Iso8211File, fields: RawField[]): FeatureRecord & UpdateInstruction {
  const rec: FeatureRecord & UpdateInstruction = {
    ruin: 1,
    rver: 1,
    rcid: 0,
    primitive: 255,
    group: 0,
    objectClass: 0,
    agency: 0,
    fidn: 0,
    fids: 0,
    attributes: new Map(),
    spatial: [],
  };
  for (const f of fields) {
    if (f.tag === "FRID") {
      const g = first(file, f);
      rec.rcid = num(g, "RCID", "FRID");
      rec.primitive = num(g, "PRIM", "FRID");
      rec.group = num(g, "GRUP", "FRID");
      rec.objectClass = num(g, "OBJL", "FRID");
      rec.rver = num(g, "RVER", "FRID");
      rec.ruin = num(g, "RUIN", "FRID");
    } else if (f.tag === "FSPC") {
      rec.pointerControl = control(file, f, ["FSUI", "FSIX", "NSPT"]);
    } else if (f.tag === "FOID") {
      const g = first(file, f);
      rec.agency = num(g, "AGEN", "FOID");
      rec.fidn = num(g, "FIDN", "FOID");
      rec.fids = num(g, "FIDS", "FOID");
    } else if (f.tag === "ATTF") {
      for (const g of file.decode(f))
        rec.attributes.set(num(g, "ATTL", "ATTF"), typeof g.ATVL === "string" ? g.ATVL : "");
    } else if (f.tag === "FSPT") {
      rec.spatial.push(...pointers(file, f));
    }
  }
  return rec;
}

/** Long name of a feature (LNAM) as GDAL prints it: AGEN, FIDN, FIDS in hexadecimal. */
export function longName(f: Pick<FeatureRecord, "agency" | "fidn" | "fids">): string {
  const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, "0");
  return hex(f.agency, 4) + hex(f.fidn >>> 0, 8) + hex(f.fids, 4);
}
