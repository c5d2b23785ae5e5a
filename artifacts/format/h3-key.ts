// H3 cell ids as sort keys for mixed-resolution (compacted) cell indexes.
//
// An H3 index holds the resolution in bits 52–55 and one 3-bit digit per resolution i at bits
// 3·(15−i) … 3·(15−i)+2 (digits below the cell's resolution are 7). The *key* of a cell of
// resolution r in an index of maximum resolution R is the index of its first descendant at R:
// resolution field R, digits r+1…R set to 0. Keys of disjoint cells sort in the order of the
// descendants they cover, so "greatest key ≤ query" finds the only cell that can contain it.

const RES_SHIFT = 52n;
const RES_MASK = 0xfn << RES_SHIFT;

function digitShift(i: number): bigint {
  return BigInt(3 * (15 - i));
}

/** Hex H3 id → bigint. */
export function cellToBigInt(cell: string): bigint {
  return BigInt(`0x${cell}`);
}

/** bigint → hex H3 id as h3-js writes it (lowercase, no leading zeros). */
export function bigIntToCell(value: bigint): string {
  return value.toString(16);
}

export function resolutionOf(index: bigint): number {
  return Number((index & RES_MASK) >> RES_SHIFT);
}

/** The key of `index` (resolution r ≤ maxRes) in an index of resolution `maxRes`. */
export function cellKey(index: bigint, maxRes: number): bigint {
  const r = resolutionOf(index);
  if (r > maxRes) throw new RangeError(`cell resolution ${r} is finer than the index resolution ${maxRes}`);
  let key = (index & ~RES_MASK) | (BigInt(maxRes) << RES_SHIFT);
  for (let i = r + 1; i <= maxRes; i++) key &= ~(7n << digitShift(i));
  return key;
}

/** Inverse of cellKey: the cell of resolution `res` whose key is `key`. */
export function keyToCell(key: bigint, res: number, maxRes: number): bigint {
  let index = (key & ~RES_MASK) | (BigInt(res) << RES_SHIFT);
  for (let i = res + 1; i <= maxRes; i++) index |= 7n << digitShift(i);
  return index;
}

/**
 * Whether the key (hi, lo) of a resolution-maxRes cell lies inside the cell of resolution `res`
 * whose key is (khi, klo): both agree on every bit down to digit `res`.
 */
export function keyWithin(hi: number, lo: number, khi: number, klo: number, res: number): boolean {
  const shift = 3 * (15 - res);
  if (shift >= 32) return (hi ^ khi) >>> (shift - 32) === 0;
  return hi === khi && (lo ^ klo) >>> shift === 0;
}

/** Splits a hex H3 id into its high and low 32-bit words without BigInt or substrings. */
export function cellWords(cell: string): [hi: number, lo: number] {
  const cut = cell.length - 8;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    const d = c <= 57 ? c - 48 : (c | 32) - 87;
    if (i < cut) hi = hi * 16 + d;
    else lo = lo * 16 + d;
  }
  return [hi, lo];
}
