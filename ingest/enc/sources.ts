// Upstream inputs of the ENC family: for each NOAA ENC cell, its base cell file (`.000`) and the
// exchange set catalogue (CATALOG.031, which carries the chart title), both from the cell's zip at
// charts.noaa.gov. The mirror keeps each exchange set's ENC_ROOT folder as `<CELL>_ENC_ROOT`.
import type { SourceEntry } from "../sources.ts";

const LICENSE =
  "NOAA ENC User Agreement (USERAGREEMENT.TXT of each exchange set): redistribution with the whole exchange set and its disclaimer; not official for navigation once converted";
const ATTRIBUTION = "NOAA Office of Coast Survey, NOAA Electronic Navigational Charts (NOAA ENC®)";
const MIRRORED_AT = "2026-11-21";

/** Cell, edition/issue, and the pinned sha256 and size of its `.000` and its CATALOG.031. */
const CELLS: readonly [string, string, string, number, string, number][] = [
  [
    "US3AK12M",
    "edition 13, update 0, issued 2023-06-09",
    "475204fd7ca338d226622d2c1d847bdb5e9f9287e40cb3281243a8bb6c2a21ef",
    2298801,
    "ddd1955c740697a22310d66d5f11b523a7031d9787a25a29fe9fec1983e8944d",
    1023,
  ],
  [
    "US4AK4OG",
    "edition 1, update 0, issued 2024-04-02",
    "08a42f44ccb952f6b78abc970e67db98b8be324835aae75f0ee89516aeddd83b",
    424173,
    "d7443669004f57629cec6d9b49d6a62fc7c1482161024d7d1beb450962a38dd3",
    787,
  ],
  [
    "US4AK4PG",
    "edition 1, update 0, issued 2025-07-16",
    "91aac5ea503955fae01c68b5999e7dcb38c2f6e7c4f76a8ac2b5ca7085f4955c",
    178949,
    "0fc85f775d28ba077f9b75a2060a8f50a4b6ae18f1603e006fb24983136cb9ca",
    770,
  ],
  [
    "US4AK4PH",
    "edition 1, update 0, issued 2025-07-16",
    "1f4b9a85c1c45be497629c4fdb5778b4ca09eec5a9753959d7b73866b3166d8e",
    958586,
    "a92ab43dd4e98860f2e0ca5e56655a2a5a18103c0f32147571ca4798a1252edb",
    786,
  ],
  [
    "US5AK5NF",
    "edition 1, update 0, issued 2024-10-03",
    "406797755fe4947a40d5c4474f0699a68a88aaf286d7387e108c17956a246461",
    147300,
    "29529cb645e928a5dc18fb63891a1ba21e1d72bdb211adc85ad8190fca19705b",
    668,
  ],
  [
    "US5AK5PE",
    "edition 1, update 0, issued 2024-10-03",
    "49a16ef8e0f06ad3bbff0ee4398fccee6d2939f4dd058a78bcc38645f4121cf0",
    123948,
    "1af7e2dc301822a52ccaafcb6da536969ef02a7ea0317755ed32eb6f5dbfd0a0",
    786,
  ],
  [
    "US5AK5PF",
    "edition 1, update 0, issued 2024-10-03",
    "1c1cdb69e9efafb19a31dde3040616e659b58da9ff8114fef6d0859b34b990b5",
    356747,
    "3cacf1dc55d36b0740b11d39db403c64ac20be33a52100917ca06dae5a752827",
    667,
  ],
  [
    "US5AK5QF",
    "edition 1, update 0, issued 2024-10-03",
    "78017df4c83c8978d20596f8868fd129e1ce7f9f85271c6548b5e37e2d2f02fe",
    88448,
    "802828fb56b478198ce009d08253e5b5a369521ab561d7e373728d2a014f333d",
    784,
  ],
  [
    "US5AK5QG",
    "edition 1, update 0, issued 2024-10-03",
    "54e2805bbc276347c7cb5b7491e3d84b49b32b3b0b5b6c27924ceb2730535980",
    255767,
    "5ee08bdb67f006c5cf9221eb4b7ff705228d30be57257b396fa1913958950e2f",
    775,
  ],
  [
    "US5AK5SI",
    "edition 1, update 0, issued 2024-10-03",
    "d2bfce4241ee838adcf9cf9659d850b147f6bf865e0765bfe7a235c9eb2ccbfe",
    256031,
    "860aa202f1ffd32fc2b6f1f79075b43f79993f6743c9605ab672d2775bb1f5c0",
    772,
  ],
  [
    "US5AK5SJ",
    "edition 1, update 0, issued 2024-10-03",
    "dfc476f341e37aa3a929fb658d2907253608d606e6c0da5e4968bdded3e83e61",
    239745,
    "257bd962c31eb7db525621ba6ac2350d92cd8442d232e9ef356a0cd95b059893",
    786,
  ],
];

/** The names of the cells this family ingests, in registry order. */
export const ENC_CELLS: readonly string[] = CELLS.map((c) => c[0]);

export const encCellSourceId = (cell: string): string => `enc-${cell}-cell`;
export const encCatalogSourceId = (cell: string): string => `enc-${cell}-catalog`;
/** Id of a cell's update file `.00n` (n ≥ 1), should one be pinned. */
export const encUpdateSourceId = (cell: string, n: number): string => `enc-${cell}-update-${n}`;
export const encCellUrl = (cell: string): string => `https://charts.noaa.gov/ENCs/${cell}.zip`;

export const ENC_SOURCES: readonly SourceEntry[] = CELLS.flatMap(
  ([cell, vintage, sha, bytes, catSha, catBytes]) => [
    {
      id: encCellSourceId(cell),
      url: encCellUrl(cell),
      archiveMember: `ENC_ROOT/${cell}/${cell}.000`,
      sha256: sha,
      bytes,
      vintage,
      license: LICENSE,
      attribution: ATTRIBUTION,
      mirrorPath: `enc/${cell}_ENC_ROOT/${cell}/${cell}.000`,
      mirroredAt: MIRRORED_AT,
    },
    {
      id: encCatalogSourceId(cell),
      url: encCellUrl(cell),
      archiveMember: "ENC_ROOT/CATALOG.031",
      sha256: catSha,
      bytes: catBytes,
      vintage,
      license: LICENSE,
      attribution: ATTRIBUTION,
      mirrorPath: `enc/${cell}_ENC_ROOT/CATALOG.031`,
      mirroredAt: MIRRORED_AT,
    },
  ],
);
