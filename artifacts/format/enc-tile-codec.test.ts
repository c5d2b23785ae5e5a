import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ArtifactError } from "./artifact-error.ts";
import { decodeEncTile, encodeEncTile, type TileSection, type TileSectionView } from "./enc-tile-codec.ts";

const materialize = (v: TileSectionView): TileSection => ({
  cell: v.cell,
  depthAreas: v.depthAreas(),
  quality: v.quality(),
  soundingCoords: v.soundings().coords,
  soundingDepths: v.soundings().depths,
  hazards: v.hazards(),
});

const section: TileSection = {
  cell: 3,
  depthAreas: [
    { objectClass: 2, drval1: 3.6, drval2: null, rings: [Int32Array.from([0, 0, 10, 0, 10, 10])] },
  ],
  quality: [
    {
      catzoc: 1,
      posacc: null,
      souacc: 0.5,
      surveyStart: "1980",
      surveyEnd: null,
      rings: [Int32Array.from([0, 0, 5, 0, 5, 5, 0, 5])],
    },
  ],
  soundingCoords: Int32Array.from([-1514193456, 596029531]),
  soundingDepths: Float64Array.from([3.9]),
  hazards: [
    {
      objectClass: 2,
      chartedAsArea: true,
      lonE7: -1519150000,
      latE7: 593995000,
      valsou: null,
      watlev: 3,
      category: 6,
      expsou: null,
      quapos: null,
      objnam: "Wreck of the “Ørn”",
      lnam: "02261415DEE41CE4",
      alsoIn: [4],
      parts: [
        [Int32Array.from([-1519160000, 593990000, -1519140000, 593990000, -1519150000, 594000000])],
        [Int32Array.from([-1519160000, 594000000, -1519150000, 594000000, -1519150000, 594010000])],
      ],
    },
  ],
};

describe("ENC tile codec", () => {
  it("round-trips every member, nulls and non-ASCII names included", () => {
    expect(decodeEncTile(encodeEncTile([section])).map(materialize)).toEqual([section]);
  });

  it("refuses an area hazard without an outline", () => {
    const hazard = { ...(section.hazards[0] as TileSection["hazards"][0]), parts: [] };
    expect(() => decodeEncTile(encodeEncTile([{ ...section, hazards: [hazard] }]))[0]?.hazards()).toThrow(
      expect.objectContaining({ code: "malformed" }),
    );
  });

  it("round-trips an empty tile", () => {
    expect(decodeEncTile(encodeEncTile([]))).toEqual([]);
  });

  it("refuses a tile whose bytes changed (checksum)", () => {
    const blob = encodeEncTile([section]);
    blob[20] = (blob[20] as number) ^ 1;
    expect(() => decodeEncTile(blob)).toThrow(ArtifactError);
  });

  it("decodes a block only when asked, and refuses a corrupt block then", () => {
    const blob = encodeEncTile([section]);
    // the depth block starts after version, count, cell and four block lengths; break its class byte
    const at = 4 + 1 + 2 + 2 + 16 + 2;
    blob[at] = 9;
    new DataView(blob.buffer).setUint32(0, crc32(blob.subarray(4)), true);
    const [view] = decodeEncTile(blob);
    expect(view?.hazards()).toHaveLength(1);
    expect(() => view?.depthAreas()).toThrow(expect.objectContaining({ code: "malformed" }));
  });

  it("refuses a tile cut short, even with a matching checksum", () => {
    const blob = encodeEncTile([section]);
    const cut = blob.slice(0, blob.length - 3);
    new DataView(cut.buffer).setUint32(0, crc32(cut.subarray(4)), true);
    expect(() => decodeEncTile(cut)).toThrow(expect.objectContaining({ code: "malformed" }));
  });

  it("refuses an enumerated value that does not fit a byte", () => {
    expect(() =>
      encodeEncTile([
        { ...section, hazards: [{ ...(section.hazards[0] as TileSection["hazards"][0]), watlev: 300 }] },
      ]),
    ).toThrow(RangeError);
  });
});
