import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EncInputError } from "./enc-input-error.ts";
import { parseFormatControls } from "./iso8211-format.ts";
import { Iso8211File } from "./iso8211-reader.ts";

const repo = path.resolve(import.meta.dirname, "../..");
const shared = process.env.GEO402_SHARED ?? path.resolve(repo, "../shared");
const cellBytes = () => readFileSync(path.join(shared, "data/enc/US5AK5QF_ENC_ROOT/US5AK5QF/US5AK5QF.000"));

describe("ISO 8211 format controls", () => {
  it("expands repeat counts of single formats and fixed widths (DSID)", () => {
    const f = parseFormatControls("(b11,b14,2b11,3A,2A(8),R(4),b11,2A,b11,b12,A)", "DSID");
    expect(f).toHaveLength(16);
    expect(f.slice(0, 4)).toEqual([
      { kind: "unsigned", width: 1 },
      { kind: "unsigned", width: 4 },
      { kind: "unsigned", width: 1 },
      { kind: "unsigned", width: 1 },
    ]);
    expect(f.slice(7, 10)).toEqual([
      { kind: "text", width: 8 },
      { kind: "text", width: 8 },
      { kind: "real", width: 4 },
    ]);
  });

  it("expands nested repeated groups and bit strings (FSPT-like)", () => {
    expect(parseFormatControls("(B(40),2(b11,b24))", "X")).toEqual([
      { kind: "bits", bits: 40 },
      { kind: "unsigned", width: 1 },
      { kind: "signed", width: 4 },
      { kind: "unsigned", width: 1 },
      { kind: "signed", width: 4 },
    ]);
  });

  it("refuses an unknown format control with a precise error", () => {
    expect(() => parseFormatControls("(b13)", "SG2D")).toThrow(EncInputError);
  });
});

describe("ISO 8211 reader", () => {
  it("reads the DDR of a NOAA cell: repeating SG3D with YCOO!XCOO!VE3D as signed 32-bit", () => {
    const file = new Iso8211File(cellBytes());
    const sg3d = file.definitions.get("SG3D");
    expect(sg3d?.repeating).toBe(true);
    expect(sg3d?.labels).toEqual(["YCOO", "XCOO", "VE3D"]);
    expect(sg3d?.formats).toEqual([
      { kind: "signed", width: 4 },
      { kind: "signed", width: 4 },
      { kind: "signed", width: 4 },
    ]);
  });

  it("decodes the DSID record of US5AK5QF", () => {
    const file = new Iso8211File(cellBytes());
    const first = file.records().next().value;
    const dsid = first?.find((f: { tag: string }) => f.tag === "DSID");
    expect(dsid).toBeDefined();
    const [g] = file.decode(dsid as NonNullable<typeof dsid>);
    expect(g).toMatchObject({ DSNM: "US5AK5QF.000", INTU: 5, EDTN: "1", ISDT: "20241003", STED: 3.1 });
  });

  it("refuses a file cut inside a record (truncated), not a partial read", () => {
    const bytes = cellBytes().subarray(0, 5000);
    const file = new Iso8211File(bytes);
    expect(() => [...file.records()]).toThrow(expect.objectContaining({ code: "truncated" }));
  });

  it("refuses a file whose first record is not a DDR", () => {
    const bytes = Uint8Array.from(cellBytes());
    bytes[6] = "D".charCodeAt(0);
    expect(() => new Iso8211File(bytes)).toThrow(expect.objectContaining({ code: "unsupported" }));
  });

  it("refuses a leader whose record length is not a number", () => {
    const bytes = Uint8Array.from(cellBytes());
    bytes[0] = "x".charCodeAt(0);
    expect(() => new Iso8211File(bytes)).toThrow(expect.objectContaining({ code: "malformed" }));
  });
});
