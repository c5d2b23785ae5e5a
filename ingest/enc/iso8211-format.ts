// ISO/IEC 8211 format controls, e.g. `(b11,b14,2b11,3A,2A(8),R(4))` or `(A,2(b12,A))`, expanded into
// one format per subfield: text/integer/real (fixed width or unit-terminated), binary integers, bit strings.
import { EncInputError } from "./enc-input-error.ts";

export type SubfieldFormat =
  | { kind: "text" | "integer" | "real"; width?: number }
  | { kind: "unsigned" | "signed"; width: 1 | 2 | 4 }
  | { kind: "bits"; bits: number };

/** Splits on top-level commas only (nested groups stay whole). */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function unwrap(s: string): string {
  return s.startsWith("(") && s.endsWith(")") ? s.slice(1, -1) : s;
}

function single(item: string, tag: string): SubfieldFormat {
  const bin = /^b([12])([124])$/.exec(item);
  if (bin) {
    return { kind: bin[1] === "1" ? "unsigned" : "signed", width: Number(bin[2]) as 1 | 2 | 4 };
  }
  const bits = /^B\((\d+)\)$/.exec(item);
  if (bits) {
    const n = Number(bits[1]);
    if (n % 8 !== 0) throw new EncInputError("unsupported", `ISO 8211: bit field of ${n} bits in ${tag}`);
    return { kind: "bits", bits: n };
  }
  const chr = /^([AIR])(?:\((\d+)\))?$/.exec(item);
  if (chr) {
    const kind = chr[1] === "A" ? "text" : chr[1] === "I" ? "integer" : "real";
    return chr[2] === undefined ? { kind } : { kind, width: Number(chr[2]) };
  }
  throw new EncInputError("unsupported", `ISO 8211: format control "${item}" in field ${tag}`);
}

function expand(list: string, tag: string): SubfieldFormat[] {
  const out: SubfieldFormat[] = [];
  for (const part of splitTopLevel(list)) {
    const rep = /^(\d+)(.*)$/.exec(part);
    const count = rep ? Number(rep[1]) : 1;
    const body = rep ? (rep[2] as string) : part;
    const one = body.startsWith("(") ? expand(unwrap(body), tag) : [single(body, tag)];
    for (let i = 0; i < count; i++) out.push(...one);
  }
  return out;
}

/** Expands the format controls of a field definition; an empty string means no subfields. */
export function parseFormatControls(controls: string, tag: string): SubfieldFormat[] {
  if (controls === "" || controls === "()") return [];
  return expand(unwrap(controls), tag);
}
