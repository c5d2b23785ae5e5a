// Sequential ENC update files (`.001`, `.002`, …) applied to a base cell's records, as S-57
// edition 3.1 Part 3 §8.4 specifies: each file names the edition it updates and its update number
// (DSID EDTN, UPDN); its records insert (RUIN 1), delete (2) or modify (3) feature and spatial
// records by name. A modification raises the record version by exactly one (RVER), replaces,
// inserts or deletes spatial pointers (FSPC/VRPC) and coordinates (SGCC) by index, and sets or
// deletes attributes (ATTF/ATTV; the value 0x7F deletes). Checked against GDAL's S-57 reader.
// Written here because no maintained JavaScript S-57 reader exists (GDAL is C++; gdal3.js is a
// test-only WebAssembly build too large for the ingest path).
import { EncInputError } from "./enc-input-error.ts";
import {
  type FeatureRecord,
  readS57File,
  type S57Records,
  type SpatialPointer,
  type UpdateInstruction,
  type VectorRecord,
  vectorKey,
} from "./s57-records.ts";

/** The ATVL value that deletes an attribute in an update (S-57 Part 3 §8.4.2.3). */
const DELETE_VALUE = "\x7f";

const RUIN = { insert: 1, delete: 2, modify: 3 } as const;

/**
 * Applies `updates` (the bytes of `.001`, `.002`, … in order) to `base`. Refuses an update of
 * another edition, a gap or a repeat in the update numbers, and records that do not apply
 * (unknown name, version not one above the current). Returns new records; `base` is unchanged.
 */
export function applyS57Updates(base: S57Records, updates: readonly Uint8Array[]): S57Records {
  const vectors = new Map(base.vectors);
  const features = new Map(base.features.map((f) => [f.rcid, f]));
  let dataset = base.dataset;
  for (const bytes of updates) {
    const file = readS57File(bytes);
    const edition = Number(String(file.dsid.EDTN ?? "").trim());
    const update = Number(String(file.dsid.UPDN ?? "").trim());
    const what = String(file.dsid.DSNM ?? "update").trim();
    if (edition !== dataset.edition)
      throw new EncInputError(
        "malformed",
        `S-57: ${what} updates edition ${edition}, the cell is edition ${dataset.edition}`,
      );
    if (update !== dataset.update + 1)
      throw new EncInputError(
        "malformed",
        `S-57: ${what} is update ${update}, expected ${dataset.update + 1} (updates apply in order, without gaps)`,
      );
    for (const v of file.vectors) {
      const key = vectorKey(v.rcnm, v.rcid);
      applyRecord(vectors, key, v, `${what} spatial record ${key}`, modifyVector);
    }
    for (const f of file.features)
      applyRecord(features, f.rcid, f, `${what} feature ${f.rcid}`, modifyFeature);
    const issued = String(file.dsid.ISDT ?? "").trim();
    dataset = { ...dataset, update, issued: issued || dataset.issued };
  }
  return { dataset, vectors, features: [...features.values()] };
}

function applyRecord<K, R extends { rver: number }>(
  records: Map<K, R>,
  key: K,
  rec: R & UpdateInstruction,
  what: string,
  modify: (target: R, update: R & UpdateInstruction, what: string) => R,
): void {
  const { ruin, pointerControl, coordinateControl, ...plain } = rec;
  const target = records.get(key);
  if (ruin === RUIN.insert) {
    if (target) throw new EncInputError("malformed", `S-57: ${what} is inserted but exists`);
    records.set(key, plain as unknown as R);
    return;
  }
  if (ruin !== RUIN.delete && ruin !== RUIN.modify)
    throw new EncInputError("malformed", `S-57: ${what} has RUIN ${ruin}`);
  if (!target) throw new EncInputError("malformed", `S-57: ${what} does not exist in the cell`);
  if (rec.rver !== target.rver + 1)
    throw new EncInputError(
      "malformed",
      `S-57: ${what} has version ${rec.rver}, the cell holds ${target.rver}`,
    );
  if (ruin === RUIN.delete) records.delete(key);
  else records.set(key, modify(target, rec, what));
}

/** Inserts, deletes or replaces `count` items at the 1-based `index` of `list` (S-57 §8.4.2.2). */
function splice<T>(
  list: readonly T[],
  control: [number, number, number],
  items: readonly T[],
  what: string,
): T[] {
  const [instruction, index, count] = control;
  const out = [...list];
  const at = index - 1;
  const fits = instruction === RUIN.insert ? at <= out.length : at + count <= out.length;
  if (at < 0 || !fits)
    throw new EncInputError("malformed", `S-57: ${what}: index ${index} (+${count}) outside ${out.length}`);
  if (instruction !== RUIN.delete && items.length !== count)
    throw new EncInputError("malformed", `S-57: ${what}: ${items.length} items given for ${count}`);
  if (instruction === RUIN.insert) out.splice(at, 0, ...items);
  else if (instruction === RUIN.delete) out.splice(at, count);
  else if (instruction === RUIN.modify) out.splice(at, count, ...items);
  else throw new EncInputError("malformed", `S-57: ${what}: update instruction ${instruction}`);
  return out;
}

function attributes(
  target: ReadonlyMap<number, string>,
  update: ReadonlyMap<number, string>,
): Map<number, string> {
  const out = new Map(target);
  for (const [code, value] of update) {
    if (value === DELETE_VALUE) out.delete(code);
    else out.set(code, value);
  }
  return out;
}

function modifyFeature(
  target: FeatureRecord,
  u: FeatureRecord & UpdateInstruction,
  what: string,
): FeatureRecord {
  const spatial: SpatialPointer[] = u.pointerControl
    ? splice(target.spatial, u.pointerControl, u.spatial, `${what} FSPC`)
    : target.spatial;
  return { ...target, rver: u.rver, attributes: attributes(target.attributes, u.attributes), spatial };
}

function modifyVector(target: VectorRecord, u: VectorRecord & UpdateInstruction, what: string): VectorRecord {
  const pointers = u.pointerControl
    ? splice(target.pointers, u.pointerControl, u.pointers, `${what} VRPC`)
    : target.pointers;
  let coords = target.coords;
  if (u.coordinateControl) {
    const n = target.dimension;
    if (u.coords.length > 0 && u.dimension !== n)
      throw new EncInputError("malformed", `S-57: ${what}: SG${u.dimension}D updates SG${n}D`);
    const tuples = (flat: readonly number[]) =>
      Array.from({ length: flat.length / n }, (_, i) => flat.slice(i * n, i * n + n));
    coords = splice(tuples(target.coords), u.coordinateControl, tuples(u.coords), `${what} SGCC`).flat();
  }
  return {
    ...target,
    rver: u.rver,
    pointers,
    coords,
    attributes: attributes(target.attributes, u.attributes),
  };
}
