// ISO/IEC 8211 reader: the data descriptive record (field definitions with their subfield labels and
// format controls) and the data records, decoded field by field. S-57 cells are ISO 8211 files.
import { EncInputError } from "./enc-input-error.ts";
import { parseFormatControls, type SubfieldFormat } from "./iso8211-format.ts";

const FIELD_TERMINATOR = 0x1e;
const UNIT_TERMINATOR = 0x1f;
const LEADER_BYTES = 24;

/** One field of the DDR: its tag, subfield labels and decoded format controls. */
export interface FieldDefinition {
  tag: string;
  name: string;
  /** True when the array descriptor starts with `*`: the subfield group repeats until the field ends. */
  repeating: boolean;
  labels: string[];
  formats: SubfieldFormat[];
}

/** One field of a data record, still raw. */
export interface RawField {
  tag: string;
  bytes: Uint8Array;
}

export type SubfieldValue = string | number | Uint8Array;

interface Leader {
  recordLength: number;
  leaderId: string;
  baseAddress: number;
  sizeLength: number;
  sizePosition: number;
  sizeTag: number;
}

const LATIN1 = new TextDecoder("latin1");

/** Bytes as ISO 8859-1 text (S-57 lexical levels 0 and 1). */
const ascii = (b: Uint8Array, from: number, to: number): string => LATIN1.decode(b.subarray(from, to));

function asInt(text: string, what: string, at: number): number {
  const n = Number(text.trim());
  if (!Number.isInteger(n))
    throw new EncInputError("malformed", `ISO 8211: ${what} "${text}" is not a number at byte ${at}`);
  return n;
}

function readLeader(b: Uint8Array, at: number): Leader {
  if (at + LEADER_BYTES > b.length)
    throw new EncInputError("truncated", `ISO 8211: leader cut short at byte ${at}`);
  return {
    recordLength: asInt(ascii(b, at, at + 5), "record length", at),
    leaderId: ascii(b, at + 6, at + 7),
    baseAddress: asInt(ascii(b, at + 12, at + 17), "base address", at),
    sizeLength: asInt(ascii(b, at + 20, at + 21), "size of field length", at),
    sizePosition: asInt(ascii(b, at + 21, at + 22), "size of field position", at),
    sizeTag: asInt(ascii(b, at + 23, at + 24), "size of field tag", at),
  };
}

/** Splits one record (starting at `at`) into its fields using the directory. */
function readFields(b: Uint8Array, at: number): { leader: Leader; fields: RawField[] } {
  const leader = readLeader(b, at);
  const end = at + leader.recordLength;
  if (leader.recordLength < LEADER_BYTES || end > b.length) {
    throw new EncInputError("truncated", `ISO 8211: record at byte ${at} runs past the end of the file`);
  }
  const entry = leader.sizeTag + leader.sizeLength + leader.sizePosition;
  const fields: RawField[] = [];
  for (let p = at + LEADER_BYTES; b[p] !== FIELD_TERMINATOR; p += entry) {
    if (p + entry > end)
      throw new EncInputError("malformed", `ISO 8211: directory of record at ${at} is unterminated`);
    const tag = ascii(b, p, p + leader.sizeTag);
    const length = asInt(
      ascii(b, p + leader.sizeTag, p + leader.sizeTag + leader.sizeLength),
      "field length",
      p,
    );
    const pos = asInt(ascii(b, p + leader.sizeTag + leader.sizeLength, p + entry), "field position", p);
    const from = at + leader.baseAddress + pos;
    if (from + length > end)
      throw new EncInputError("malformed", `ISO 8211: field ${tag} of record at ${at} overruns it`);
    fields.push({ tag, bytes: b.subarray(from, from + length) });
  }
  return { leader, fields };
}

function parseDefinition(tag: string, bytes: Uint8Array, controlLength: number): FieldDefinition {
  // field controls, then name UT array-descriptor UT format-controls FT
  const end = bytes[bytes.length - 1] === FIELD_TERMINATOR ? bytes.length - 1 : bytes.length;
  const text = ascii(bytes, controlLength, end);
  const [name = "", descriptor = "", formats = ""] = text.split(String.fromCharCode(UNIT_TERMINATOR));
  const repeating = descriptor.startsWith("*");
  const parsed = parseFormatControls(formats.trim(), tag);
  // an elementary field (e.g. the record identifier "0001") has one unlabelled value
  const labels = descriptor.length === 0 ? parsed.map(() => "") : descriptor.replace(/^\*/, "").split("!");
  return { tag, name, repeating, labels, formats: parsed };
}

/** An opened ISO 8211 file: its field definitions and an iterator over its data records. */
export class Iso8211File {
  readonly definitions: ReadonlyMap<string, FieldDefinition>;
  readonly #bytes: Uint8Array;
  readonly #firstRecord: number;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    const { leader, fields } = readFields(bytes, 0);
    if (leader.leaderId !== "L")
      throw new EncInputError(
        "unsupported",
        `ISO 8211: first record is not a DDR (leader id "${leader.leaderId}")`,
      );
    const controlLength = asInt(ascii(bytes, 10, 12), "field control length", 10);
    const defs = new Map<string, FieldDefinition>();
    for (const f of fields) {
      if (f.tag === "0000") continue;
      defs.set(f.tag, parseDefinition(f.tag, f.bytes, controlLength));
    }
    this.definitions = defs;
    this.#firstRecord = leader.recordLength;
  }

  /** Data records in file order, each as its list of raw fields. */
  *records(): Generator<RawField[]> {
    for (let at = this.#firstRecord; at < this.#bytes.length; ) {
      const { leader, fields } = readFields(this.#bytes, at);
      yield fields;
      at += leader.recordLength;
    }
  }

  /**
   * Decodes a field made only of binary integer subfields (e.g. SG2D, SG3D) into one flat array,
   * group after group: the fast path for coordinates.
   */
  decodeIntegers(field: RawField): number[] {
    const def = this.definitions.get(field.tag);
    if (!def)
      throw new EncInputError("malformed", `ISO 8211: field ${field.tag} has no definition in the DDR`);
    const widths = def.formats.map((f) => (f.kind === "signed" || f.kind === "unsigned" ? f : null));
    const b = field.bytes;
    const end = b[b.length - 1] === FIELD_TERMINATOR ? b.length - 1 : b.length;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const out: number[] = [];
    for (let p = 0; p < end; ) {
      for (const f of widths) {
        if (!f || p + f.width > end)
          throw new EncInputError("malformed", `ISO 8211: field ${field.tag} is not whole binary integers`);
        if (f.width === 4) out.push(f.kind === "signed" ? view.getInt32(p, true) : view.getUint32(p, true));
        else if (f.width === 2)
          out.push(f.kind === "signed" ? view.getInt16(p, true) : view.getUint16(p, true));
        else out.push(f.kind === "signed" ? view.getInt8(p) : view.getUint8(p));
        p += f.width;
      }
      if (!def.repeating) break;
    }
    return out;
  }

  /** Decodes a field into groups of subfield values keyed by label (one group unless it repeats). */
  decode(field: RawField): Record<string, SubfieldValue>[] {
    const def = this.definitions.get(field.tag);
    if (!def)
      throw new EncInputError("malformed", `ISO 8211: field ${field.tag} has no definition in the DDR`);
    return decodeField(def, field.bytes);
  }
}

function decodeField(def: FieldDefinition, bytes: Uint8Array): Record<string, SubfieldValue>[] {
  if (def.labels.length !== def.formats.length) {
    throw new EncInputError(
      "malformed",
      `ISO 8211: field ${def.tag} has ${def.labels.length} labels but ${def.formats.length} formats`,
    );
  }
  const groups: Record<string, SubfieldValue>[] = [];
  // the field's own terminator is not data
  const end = bytes[bytes.length - 1] === FIELD_TERMINATOR ? bytes.length - 1 : bytes.length;
  let p = 0;
  do {
    const group: Record<string, SubfieldValue> = {};
    for (let i = 0; i < def.labels.length; i++) {
      const fmt = def.formats[i] as SubfieldFormat;
      const [value, next] = readSubfield(bytes, p, end, fmt, def.tag);
      group[def.labels[i] as string] = value;
      p = next;
    }
    groups.push(group);
  } while (def.repeating && p < end);
  return groups;
}

function readSubfield(
  b: Uint8Array,
  p: number,
  end: number,
  fmt: SubfieldFormat,
  tag: string,
): [SubfieldValue, number] {
  const need = (n: number) => {
    if (p + n > end) throw new EncInputError("malformed", `ISO 8211: field ${tag} ends inside a subfield`);
  };
  switch (fmt.kind) {
    case "unsigned":
    case "signed": {
      need(fmt.width);
      const v = new DataView(b.buffer, b.byteOffset + p, fmt.width);
      let n: number;
      if (fmt.width === 1) n = fmt.kind === "signed" ? v.getInt8(0) : v.getUint8(0);
      else if (fmt.width === 2) n = fmt.kind === "signed" ? v.getInt16(0, true) : v.getUint16(0, true);
      else if (fmt.width === 4) n = fmt.kind === "signed" ? v.getInt32(0, true) : v.getUint32(0, true);
      else throw new EncInputError("malformed", `ISO 8211: binary width ${fmt.width} in field ${tag}`);
      return [n, p + fmt.width];
    }
    case "bits": {
      const n = fmt.bits / 8;
      need(n);
      return [b.subarray(p, p + n), p + n];
    }
    case "text":
    case "integer":
    case "real": {
      let q: number;
      let next: number;
      if (fmt.width === undefined) {
        q = p;
        while (q < end && b[q] !== UNIT_TERMINATOR) q++;
        next = q < end ? q + 1 : q;
      } else {
        need(fmt.width);
        q = p + fmt.width;
        next = q;
      }
      const text = ascii(b, p, q);
      if (fmt.kind === "text") return [text, next];
      return [text.trim() === "" ? Number.NaN : Number(text), next];
    }
  }
}
