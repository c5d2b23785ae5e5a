// Constants of the sorted H3 cell index format ("G4H3IDX", artifacts/README.md §Cell index).

export const CELL_INDEX_MAGIC = "G4H3IDX\0";
export const CELL_INDEX_MAJOR = 1;
export const CELL_INDEX_MINOR = 1;
export const CELL_INDEX_HEADER_BYTES = 96;
export const DEFAULT_BLOCK_ENTRIES = 256;

/** Byte offsets of the header fields (little-endian). */
export const H = {
  magic: 0,
  major: 8,
  minor: 10,
  maxResolution: 12,
  valueBytes: 13,
  entryCount: 16,
  blockEntries: 20,
  blockCount: 24,
  stringCount: 28,
  directoryOffset: 32,
  keysOffset: 40,
  resolutionsOffset: 48,
  valuesOffset: 56,
  stringOffsetsOffset: 64,
  stringBytesOffset: 72,
  fileBytes: 80,
  /** Since 1.1: the checksums section (u32 CRC-32 of the directory, one per block, one per string). */
  checksumsOffset: 88,
} as const;

export type ValueBytes = 1 | 2 | 4;

export function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
